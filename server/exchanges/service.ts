// Exchanges after delivery (issue 33, docs/decisions/019-exchanges.md). A request takes the wanted
// pair from stock in the same transaction that records it, so two customers racing for the last
// pair never both get it, and asking twice never reserves twice (exchange_requests_open_idx). The
// owner approves (the exchange becomes an order of its own, confirmed, holding the reserved pair)
// or refuses (the pair goes back); a request nobody answers in time expires the same way. The pair
// coming back returns to stock when the owner marks it received. Each change queues its mails in its
// own transaction (the customer's, and for a new request the shop's alert). No HTTP here.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type AdminExchange,
  type AdminExchangeList,
  EXCHANGE_MESSAGES,
  type ExchangeRequestInput,
  type ExchangeSettings,
  type ExchangeStatus,
} from "#shared/exchanges.ts";
import { orderNumber } from "#shared/orders.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { constraintOf, sqlState } from "../db/errors.ts";
import { idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { exchangeRequests, exchangeSettings } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import { queueMails } from "../mail/queue.ts";
import { EXCHANGE_JSON, exchangeJson, toExchange } from "../orders/exchange-columns.ts";
import { readExchangeSettings } from "../orders/exchange-deadline.ts";
import { insertFirstHistoryLine, insertOrder, insertOrderLines } from "../orders/life/create.ts";
import { type ExchangeNews, exchangeAlertMail, exchangeMail } from "./mail.ts";
import { checkExchangeWindow } from "./window.ts";

export const ADMIN_EXCHANGE_PAGE_SIZE = 25;

/** What changed, for the caller to announce: the order, the products whose stock moved. */
export interface ExchangeChange {
  exchangeId: string;
  orderId: string;
  productIds: string[];
}

export interface ExchangeService {
  settings(): Promise<ExchangeSettings>;
  saveSettings(settings: ExchangeSettings): Promise<ExchangeSettings>;
  request(userId: string, orderId: string, input: ExchangeRequestInput, now?: Date): Promise<ExchangeChange>;
  list(view: "waiting" | "approved" | "closed", page: number): Promise<AdminExchangeList>;
  get(exchangeId: string): Promise<AdminExchange | undefined>;
  approve(
    adminId: string,
    exchangeId: string,
    input: { priceDifference: number; message?: string | undefined },
  ): Promise<ExchangeChange>;
  refuse(adminId: string, exchangeId: string, message: string): Promise<ExchangeChange>;
  received(adminId: string, exchangeId: string, restock: boolean): Promise<ExchangeChange>;
  /** Expires the requests nobody answered in time, releasing their pairs; claims each once across instances. */
  sweep(now?: Date): Promise<ExchangeChange[]>;
}

const adminRow = z.object({
  e: exchangeJson,
  full_name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  username: z.string(),
  email_verified: z.boolean(),
  decided_by: z.string().nullable(),
  total: z.number(),
  photos: z.array(z.object({ id: z.string(), width: z.number(), height: z.number() })),
});
const lineRow = z.object({ product_id: z.string(), size: z.number() });
const stockRow = z.object({ stock: z.number() });

/** What an exchange's mails need: the shop's contact, and where the shop is told of a new request. */
export interface ExchangeMailOptions {
  shop: ShopContact;
  /** The shop's address for new requests, and its public address for the admin link. */
  alert: { to: string; publicUrl: string };
}

export function createExchangeService(db: Db, mail: ExchangeMailOptions): ExchangeService {
  const readSettings = (): Promise<ExchangeSettings> => readExchangeSettings(db);

  async function adminExchanges(where: ReturnType<typeof sql>, limit: number, offset = 0, reader: Db = db) {
    const rows = await selectRows(
      reader,
      adminRow,
      sql`select ${EXCHANGE_JSON} as e, o.full_name, o.phone_number, u.email, u.username,
                 u.email_verified_at is not null as email_verified, a.username as decided_by,
                 count(*) over ()::int as total,
                 coalesce((select json_agg(json_build_object('id', ph.id, 'width', ph.width, 'height', ph.height)
                           order by ph.created_at) from exchange_photos ph
                           where ph.exchange_id = e.id and ph.status = 'ready'), '[]'::json) as photos
          from exchange_requests e join orders o on o.id = e.order_id join users u on u.id = o.user_id
          left join users a on a.id = e.decided_by
          where ${where}
          order by e.created_at, e.id
          limit ${limit} offset ${offset}`,
    );
    return rows.map((r) => ({
      total: r.total,
      exchange: {
        ...toExchange(r.e),
        customer: {
          name: r.full_name,
          phone: r.phone_number,
          email: r.email,
          username: r.username,
          emailVerified: r.email_verified,
        },
        photos: r.photos.map((p) => ({
          _id: p.id,
          url: `/api/admin/exchanges/${r.e.id}/photos/${p.id}`,
          width: p.width,
          height: p.height,
        })),
        decidedBy: r.decided_by,
      } satisfies AdminExchange,
    }));
  }

  /**
   * Queues the customer's mail of what just happened (and, for a new request, the shop's), in the
   * change's own transaction: a mail server that refuses delays them, never loses them
   * (docs/decisions/007-mail-outbox.md, "Every mail through the outbox").
   */
  async function tell(tx: Db, exchangeId: string, news: ExchangeNews): Promise<void> {
    const [row] = await adminExchanges(sql`e.id = ${exchangeId}`, 1, 0, tx);
    if (!row) return;
    const mails = [exchangeMail(news, row.exchange, mail.shop)];
    if (news === "requested") mails.push(exchangeAlertMail(row.exchange, mail.alert.to, mail.alert.publicUrl));
    await queueMails(tx, mails);
  }

  /** Locks the request and answers it, or refuses unless it is waiting for the owner. */
  async function lockWaiting(tx: Db, exchangeId: string) {
    const [row] = await tx.select().from(exchangeRequests).where(eq(exchangeRequests.id, exchangeId)).for("update");
    if (!row) throw notFound(EXCHANGE_MESSAGES.notFound);
    if (row.status !== "requested") throw conflict(EXCHANGE_MESSAGES.notWaiting(row.status as ExchangeStatus));
    return row;
  }

  return {
    settings: () => readSettings(),

    async saveSettings(settings) {
      await db
        .update(exchangeSettings)
        .set({ ...settings, updatedAt: sql`now()` })
        .where(eq(exchangeSettings.id, 1));
      return readSettings();
    },

    async request(userId, orderId, input, now = new Date()) {
      return db.transaction(async (tx) => {
        // The order row first, as every move of an order locks it, then the size's stock row.
        await checkExchangeWindow(tx, userId, orderId, now, { lock: true });
        const [line] = await selectRows(
          tx,
          lineRow,
          sql`select product_id, size from order_lines where order_id = ${orderId} and line_no = ${input.lineNo}`,
        );
        if (!line) throw invalid(EXCHANGE_MESSAGES.lineNotFound, { lineNo: EXCHANGE_MESSAGES.lineNotFound });
        const [open] = await tx
          .select({ id: exchangeRequests.id })
          .from(exchangeRequests)
          .where(
            and(
              eq(exchangeRequests.orderId, orderId),
              eq(exchangeRequests.lineNo, input.lineNo),
              sql`${exchangeRequests.status} in ('requested', 'approved')`,
            ),
          );
        if (open) throw conflict(EXCHANGE_MESSAGES.alreadyAsked);
        await claimPhotos(tx, userId, orderId, input.photoIds, null);
        // Taking the pair away never fires the back-in-stock trigger (migration 0021: 0 to some only).
        const [stock] = await selectRows(
          tx,
          stockRow,
          sql`update product_sizes set stock = stock - 1
              where product_id = ${line.product_id} and size = ${input.wantedSize} and stock >= 1
              returning stock`,
        );
        if (!stock) {
          const [offered] = await selectRows(
            tx,
            stockRow,
            sql`select stock from product_sizes where product_id = ${line.product_id} and size = ${input.wantedSize}`,
          );
          if (!offered) {
            const message = EXCHANGE_MESSAGES.sizeNotOffered(input.wantedSize);
            throw invalid(message, { wantedSize: message });
          }
          throw conflict(EXCHANGE_MESSAGES.sizeSoldOut(input.wantedSize));
        }
        let exchangeId: string;
        try {
          const [row] = await tx
            .insert(exchangeRequests)
            .values({
              orderId,
              lineNo: input.lineNo,
              productId: line.product_id,
              size: line.size,
              wantedSize: input.wantedSize,
              reason: input.reason,
              note: input.note ?? null,
            })
            .returning({ id: exchangeRequests.id });
          if (!row) throw new BrokenPromise("the exchange request's insert answered no row");
          exchangeId = row.id;
        } catch (error) {
          // Two requests for one pair at once: the unique index lets one through.
          if (sqlState(error) === "23505" && constraintOf(error) === "exchange_requests_open_idx") {
            throw conflict(EXCHANGE_MESSAGES.alreadyAsked);
          }
          throw error;
        }
        await claimPhotos(tx, userId, orderId, input.photoIds, exchangeId);
        await tell(tx, exchangeId, "requested");
        return { exchangeId, orderId, productIds: [line.product_id] };
      });
    },

    async list(view, page) {
      const where =
        view === "waiting"
          ? sql`e.status = 'requested'`
          : view === "approved"
            ? sql`e.status = 'approved' and e.received_at is null`
            : sql`(e.status in ('refused', 'expired') or e.received_at is not null)`;
      const rows = await adminExchanges(where, ADMIN_EXCHANGE_PAGE_SIZE + 1, (page - 1) * ADMIN_EXCHANGE_PAGE_SIZE);
      return {
        exchanges: rows.slice(0, ADMIN_EXCHANGE_PAGE_SIZE).map((r) => r.exchange),
        page,
        hasMore: rows.length > ADMIN_EXCHANGE_PAGE_SIZE,
        total: rows[0]?.total ?? 0,
      };
    },

    async get(exchangeId) {
      const [row] = await adminExchanges(sql`e.id = ${exchangeId}`, 1);
      return row?.exchange;
    },

    async approve(adminId, exchangeId, input) {
      return db.transaction(async (tx) => {
        const request = await lockWaiting(tx, exchangeId);
        // The exchange's own order: the reserved pair, to the same address, confirmed (the
        // customer asked for it), collecting the difference the customer pays, if any.
        const due = Math.max(input.priceDifference, 0);
        const [created] = await selectRows(
          tx,
          idRow,
          insertOrder(
            "exchange",
            {
              userId: sql`o.user_id`,
              subtotal: sql`greatest(l.price, ${due})`,
              total: sql`${due}`,
              fullName: sql`o.full_name`,
              addressLine: sql`o.address_line`,
              phoneNumber: sql`o.phone_number`,
              email: sql`o.email`,
              city: sql`o.city`,
              postalCode: sql`o.postal_code`,
              area: sql`o.area`,
              landmark: sql`o.landmark`,
            },
            sql`from orders o join order_lines l on l.order_id = o.id and l.line_no = ${request.lineNo}
                where o.id = ${request.orderId}`,
            sql`id`,
          ),
        );
        if (!created) throw notFound(EXCHANGE_MESSAGES.notFound);
        await tx.execute(
          insertOrderLines(
            sql`${created.id}::uuid`,
            {
              lineNo: sql`1`,
              productId: sql`l.product_id`,
              name: sql`l.name`,
              description: sql`l.description`,
              imageUrl: sql`l.image_url`,
              size: sql`${request.wantedSize}::smallint`,
              quantity: sql`1`,
              price: sql`l.price`,
              discountPrice: sql`l.discount_price`,
            },
            sql`from order_lines l where l.order_id = ${request.orderId} and l.line_no = ${request.lineNo}`,
          ),
        );
        await tx.execute(
          insertFirstHistoryLine(
            "exchange",
            sql`${created.id}::uuid`,
            sql`${adminId}::uuid`,
            sql`${`Exchange for ${orderNumber(request.orderId)}`}`,
            sql``,
          ),
        );
        await tx
          .update(exchangeRequests)
          .set({
            status: "approved",
            reserved: false,
            priceDifference: input.priceDifference,
            ownerMessage: input.message ?? null,
            decidedAt: sql`now()`,
            decidedBy: adminId,
            exchangeOrderId: created.id,
          })
          .where(eq(exchangeRequests.id, exchangeId));
        await tell(tx, exchangeId, "approved");
        return { exchangeId, orderId: request.orderId, productIds: [] };
      });
    },

    async refuse(adminId, exchangeId, message) {
      return db.transaction(async (tx) => {
        const request = await lockWaiting(tx, exchangeId);
        await release(tx, request, "refused", { ownerMessage: message, decidedBy: adminId });
        await tell(tx, exchangeId, "refused");
        return { exchangeId, orderId: request.orderId, productIds: [request.productId] };
      });
    },

    async received(_adminId, exchangeId, restock) {
      return db.transaction(async (tx) => {
        const [request] = await tx
          .select()
          .from(exchangeRequests)
          .where(eq(exchangeRequests.id, exchangeId))
          .for("update");
        if (!request) throw notFound(EXCHANGE_MESSAGES.notFound);
        if (request.status !== "approved") throw conflict(EXCHANGE_MESSAGES.notApproved);
        if (request.receivedAt !== null) throw conflict(EXCHANGE_MESSAGES.alreadyReceived);
        if (restock) await putBack(tx, request.productId, request.size);
        await tx.update(exchangeRequests).set({ receivedAt: sql`now()` }).where(eq(exchangeRequests.id, exchangeId));
        return { exchangeId, orderId: request.orderId, productIds: restock ? [request.productId] : [] };
      });
    },

    async sweep(now = new Date()) {
      return db.transaction(async (tx) => {
        // skip locked: another instance sweeping at the same moment takes other rows, never these.
        const due = await tx
          .select()
          .from(exchangeRequests)
          .where(
            sql`${exchangeRequests.status} = 'requested'
                and ${exchangeRequests.createdAt} + make_interval(days => (select answer_within_days from exchange_settings))
                    < ${now.toISOString()}::timestamptz`,
          )
          .orderBy(exchangeRequests.createdAt)
          .limit(50)
          .for("update", { skipLocked: true });
        const changes: ExchangeChange[] = [];
        for (const request of due) {
          await release(tx, request, "expired", {});
          await tell(tx, request.id, "expired");
          changes.push({ exchangeId: request.id, orderId: request.orderId, productIds: [request.productId] });
        }
        return changes;
      });
    },
  };
}

type RequestRow = typeof exchangeRequests.$inferSelect;

/** A refused or expired request gives its reserved pair back. */
async function release(
  tx: Db,
  request: RequestRow,
  status: "refused" | "expired",
  decision: { ownerMessage?: string; decidedBy?: string },
): Promise<void> {
  if (request.reserved) await putBack(tx, request.productId, request.wantedSize);
  const decided = decision.decidedBy ? { decidedAt: sql`now()` } : {};
  await tx
    .update(exchangeRequests)
    .set({ status, reserved: false, ...decision, ...decided })
    .where(eq(exchangeRequests.id, request.id));
}

/**
 * One pair back on sale; a size the owner stopped offering meanwhile is offered again with it.
 * Also fires the back-in-stock trigger on product_sizes (migration 0021): the pair that makes a sold-out size available
 * again queues the mails of whoever waits for it, in this transaction.
 */
async function putBack(tx: Db, productId: string, size: number): Promise<void> {
  await tx.execute(
    sql`insert into product_sizes (product_id, size, stock) values (${productId}, ${size}, 1)
        on conflict (product_id, size) do update set stock = product_sizes.stock + 1`,
  );
}

/**
 * The customer's own unused photos, uploaded for this order, become the request's (one still being
 * decoded too: it shows once ready); any other id, or a photo that could not be read, is refused.
 */
async function claimPhotos(
  tx: Db,
  userId: string,
  orderId: string,
  photoIds: string[],
  exchangeId: string | null,
): Promise<void> {
  if (photoIds.length === 0) return;
  const unique = [...new Set(photoIds)];
  const theirs = sql`id in ${unique} and user_id = ${userId} and order_id = ${orderId} and exchange_id is null
                     and status <> 'unreadable'`;
  const rows = await selectRows(
    tx,
    idRow,
    exchangeId === null
      ? sql`select id from exchange_photos where ${theirs} for update`
      : sql`update exchange_photos set exchange_id = ${exchangeId} where ${theirs} returning id`,
  );
  if (rows.length !== unique.length) {
    throw invalid(EXCHANGE_MESSAGES.photoNotFound, { photoIds: EXCHANGE_MESSAGES.photoNotFound });
  }
}
