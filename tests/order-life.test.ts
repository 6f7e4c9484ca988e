// The order's life walked whole (docs/architecture.md, "The order's life"): every named move
// (server/orders/life/moves.ts) tried from every status to every status, on the real database. A
// move the table allows happens with all its effects (history, stock back, the own rider's parcel,
// its mail, the confirmation's line); every other is refused with 409 and the order's status and
// changes nothing. The orders are born through the one way an order comes to be
// (server/orders/life/create.ts). Nothing here names a status: the walk reads the table, so a status
// added to shared/order-life.ts is walked too.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { users } from "#server/db/schema.ts";
import { DomainError } from "#server/domain-errors.ts";
import { insertFirstHistoryLine, insertOrder, insertOrderLines } from "#server/orders/life/create.ts";
import { type MoveName, type MoveOptions, moveOrder, ORDER_MOVES } from "#server/orders/life/moves.ts";
import { statusMailTeller } from "#server/orders/life/status-mail.ts";
import { canMoveOrder, ORDER_STATUSES, type OrderStatus } from "#shared/order-life.ts";
import { openTestDatabase, type TestDatabase } from "./support/database.ts";

let database: TestDatabase;
let userId: string;
let email: string;
let product: { id: string; size: number; price: number };
const config = loadConfig({ NODE_ENV: "test" });
const tellCustomer = statusMailTeller({ shop: config.shop, publicUrl: "https://shop.example.pk" });
const MOVE_NAMES = Object.keys(ORDER_MOVES) as MoveName[];

beforeAll(async () => {
  database = await openTestDatabase({ from: "demo" });
  email = `life_${randomBytes(4).toString("hex")}@example.pk`;
  const [user] = await database.db
    .insert(users)
    .values({ email, username: email.split("@")[0] ?? "life", passwordHash: "x", emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  userId = user?.id ?? "";
  const [row] = await selectRowsAsserted<{ id: string; size: number; price: number }>(
    database.db,
    sql`select p.id, s.size, p.discount_price as price from products p join product_sizes s on s.product_id = p.id
        where p.archived_at is null order by p.id, s.size limit 1`,
  );
  if (!row) throw new Error("the demo catalogue has no size");
  product = row;
  await database.db.execute(
    sql`update product_sizes set stock = 1000 where product_id = ${product.id} and size = ${product.size}`,
  );
});
afterAll(() => database?.close());

/** A checkout's order of two pairs, born as every checkout's is (its stock taken as the checkout takes it). */
async function bornOrder(): Promise<string> {
  return database.db.transaction(async (tx) => {
    const [order] = await selectRowsAsserted<{ id: string }>(
      tx,
      insertOrder(
        "checkout",
        {
          userId: sql`${userId}::uuid`,
          subtotal: sql`${product.price * 2}`,
          total: sql`${product.price * 2}`,
          fullName: sql`'Ayesha Khan'`,
          addressLine: sql`'House 12, Street 4, Clifton'`,
          phoneNumber: sql`'03001234567'`,
          email: sql`${email}`,
          city: sql`'Karachi'`,
          postalCode: sql`null`,
          area: sql`null`,
          landmark: sql`null`,
          confirmation: { remindAt: sql`now() + interval '1 hour'`, cancelAt: sql`now() + interval '2 hours'` },
        },
        sql``,
        sql`id`,
      ),
    );
    const orderId = sql`${order?.id}::uuid`;
    await tx.execute(
      insertOrderLines(
        orderId,
        {
          lineNo: sql`1`,
          productId: sql`p.id`,
          name: sql`p.name`,
          description: sql`p.description`,
          imageUrl: sql`'[]'::jsonb`,
          size: sql`${product.size}::smallint`,
          quantity: sql`2`,
          price: sql`p.price`,
          discountPrice: sql`p.discount_price`,
        },
        sql`from products p where p.id = ${product.id}`,
      ),
    );
    await tx.execute(insertFirstHistoryLine("checkout", orderId, sql`${userId}::uuid`, sql`null`, sql``));
    await tx.execute(
      sql`update product_sizes set stock = stock - 2 where product_id = ${product.id} and size = ${product.size}`,
    );
    return order?.id ?? "";
  });
}

/** The options each move needs from its caller. */
function optionsOf(move: MoveName): MoveOptions {
  const base: MoveOptions = { actorUserId: userId, reason: `walk: ${move}` };
  if (ORDER_MOVES[move].mail === "status") base.tellCustomer = tellCustomer;
  if (move === "parcelComesBack") base.comingBack = { as: "refused", reason: "walk: refused at the door" };
  if (move === "customerAnswers") {
    base.answeredVia = "link";
    base.confirmationEvent = "confirmed";
  }
  if (move === "confirmationExpires") base.confirmationEvent = "expired";
  return base;
}

/** Whether the named move may take an order from `from` to `to`: its guard and the statuses' table. */
function allowed(move: MoveName, from: OrderStatus, to: OrderStatus): boolean {
  const named: {
    from: readonly OrderStatus[];
    to: readonly OrderStatus[];
    except?: readonly (readonly [OrderStatus, OrderStatus])[];
  } = ORDER_MOVES[move];
  return (
    named.from.includes(from) &&
    named.to.includes(to) &&
    canMoveOrder(from, to) &&
    !(named.except ?? []).some(([f, t]) => f === from && t === to)
  );
}

/** The shortest way from pending to `status` through allowed moves, each with a move that makes it. */
function pathTo(status: OrderStatus): { move: MoveName; to: OrderStatus }[] {
  const ways = new Map<OrderStatus, { move: MoveName; to: OrderStatus }[]>([["pending", []]]);
  const queue: OrderStatus[] = ["pending"];
  for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
    for (const to of ORDER_STATUSES) {
      const move = MOVE_NAMES.find((name) => allowed(name, from, to));
      if (move && !ways.has(to)) {
        ways.set(to, [...(ways.get(from) ?? []), { move, to }]);
        queue.push(to);
      }
    }
  }
  const way = ways.get(status);
  if (!way) throw new Error(`no move reaches ${status}`);
  return way;
}

async function orderIn(status: OrderStatus): Promise<string> {
  const orderId = await bornOrder();
  for (const step of pathTo(status)) await moveOrder(database.db, orderId, step.move, step.to, optionsOf(step.move));
  return orderId;
}

interface Snapshot {
  status: string;
  returned_as: string | null;
  history: number;
  confirmation: number;
  mails: number;
  expired_mails: number;
  parcels: number;
  stock: number;
}

async function snapshot(orderId: string): Promise<Snapshot> {
  const [row] = await selectRowsAsserted<Snapshot>(
    database.db,
    sql`select o.status, o.returned_as,
               (select count(*)::int from order_status_events where order_id = o.id) as history,
               (select count(*)::int from order_confirmation_events where order_id = o.id) as confirmation,
               (select count(*)::int from mail_outbox where kind = 'message' and message->>'to' = ${email}
                  and message->>'subject' like '%' || upper(left(o.id::text, 8)) || '%') as mails,
               (select count(*)::int from mail_outbox where kind = 'confirm_expired' and order_id = o.id) as expired_mails,
               (select count(*)::int from parcels where order_id = o.id) as parcels,
               (select stock from product_sizes where product_id = ${product.id} and size = ${product.size}) as stock
        from orders o where o.id = ${orderId}`,
  );
  if (!row) throw new Error("no such order");
  return row;
}

describe("the order's life, every named move from every status to every status", () => {
  it("finds a way from pending to every status (no status is unreachable)", () => {
    for (const status of ORDER_STATUSES) expect(() => pathTo(status)).not.toThrow();
  });

  for (const move of MOVE_NAMES) {
    describe(move, () => {
      for (const from of ORDER_STATUSES) {
        it(`from ${from}: does exactly what the table allows, with its effects, and refuses the rest`, async () => {
          // One order for every refusal (a refusal changes nothing, so the next one finds it as it was).
          const kept = await orderIn(from);
          for (const to of ORDER_STATUSES) {
            if (allowed(move, from, to)) {
              const orderId = await orderIn(from);
              const before = await snapshot(orderId);
              const result = await moveOrder(database.db, orderId, move, to, optionsOf(move));
              const after = await snapshot(orderId);
              expect(result.from, `${move} ${from} -> ${to}`).toBe(from);
              expect(after.status).toBe(to);
              expect(after.history, "its line of history").toBe(before.history + 1);
              expect(after.returned_as).toBe(move === "parcelComesBack" ? "refused" : null);
              const stockBack = to === "cancelled" ? 2 : 0;
              expect(after.stock - before.stock, "stock back on cancelled, only then").toBe(stockBack);
              expect(result.restockedProductIds).toEqual(stockBack ? [product.id] : []);
              if (to === "delivered") expect(after.parcels, "the own rider's parcel").toBe(1);
              const mail = ORDER_MOVES[move].mail;
              expect(after.mails - before.mails, "the status mail").toBe(mail === "status" ? 1 : 0);
              expect(after.expired_mails - before.expired_mails).toBe(mail === "confirm_expired" ? 1 : 0);
              const confirmationLine = move === "customerAnswers" || move === "confirmationExpires" ? 1 : 0;
              expect(after.confirmation - before.confirmation).toBe(confirmationLine);
            } else {
              const before = await snapshot(kept);
              const refusal = await moveOrder(database.db, kept, move, to, optionsOf(move)).then(
                () => undefined,
                (error: unknown) => error,
              );
              expect(refusal, `${move} ${from} -> ${to} is refused`).toBeInstanceOf(DomainError);
              expect((refusal as DomainError).kind).toBe("conflict");
              expect((refusal as DomainError).details?.status).toBe(from);
              expect(await snapshot(kept), `${move} ${from} -> ${to} changed nothing`).toEqual(before);
            }
          }
        });
      }
    });
  }
});

describe("a move's own time (a courier's status file says when it delivered)", () => {
  async function deliveredAt(at: string): Promise<{ delivered: number; dispatched: number }> {
    const orderId = await orderIn("dispatched");
    // Handed to the courier three days ago.
    await database.db.execute(
      sql`update order_status_events set created_at = now() - interval '3 days' where order_id = ${orderId}`,
    );
    await moveOrder(database.db, orderId, "courierReports", "delivered", { ...optionsOf("courierReports"), at });
    const [row] = await selectRowsAsserted<{ delivered: number; dispatched: number }>(
      database.db,
      sql`select (extract(epoch from max(created_at) filter (where to_status = 'delivered')) * 1000)::float8 as delivered,
                 (extract(epoch from max(created_at) filter (where to_status = 'dispatched')) * 1000)::float8 as dispatched
          from order_status_events where order_id = ${orderId}`,
    );
    if (!row) throw new Error("no history");
    return row;
  }

  it("is the history's time when it falls between the order's last move and now", async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    expect((await deliveredAt(yesterday.toISOString())).delivered).toBe(yesterday.getTime());
  });

  it("is now when the file says a time still to come", async () => {
    const before = Date.now();
    const times = await deliveredAt(new Date(Date.now() + 3_600_000).toISOString());
    expect(times.delivered).toBeGreaterThanOrEqual(before - 1000);
    expect(times.delivered).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("never goes before the order's last move, whatever the file says", async () => {
    const times = await deliveredAt("2020-01-01T10:00:00+05:00");
    expect(times.delivered).toBe(times.dispatched);
  });
});
