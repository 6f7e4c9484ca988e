// Exchanges after delivery (issue 33, docs/decisions/019-exchanges.md). A request takes the wanted
// pair from stock in the same transaction that records it, so two customers racing for the last
// pair never both get it, and asking twice never reserves twice (exchange_requests_open_idx). The
// owner approves (the exchange becomes an order of its own, confirmed, holding the reserved pair)
// or refuses (the pair goes back); a request nobody answers in time expires the same way. The pair
// coming back returns to stock when the owner marks it received. No HTTP here.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminImageType } from "#shared/admin.ts";
import {
  type AdminExchange,
  type AdminExchangeList,
  EXCHANGE_MESSAGES,
  type ExchangeRequestInput,
  type ExchangeSettings,
  type ExchangeStatus,
} from "#shared/exchanges.ts";
import { orderNumber } from "#shared/orders.ts";
import { checkPicture } from "../admin/product-images.ts";
import type { ImageStore } from "../catalog/images.ts";
import type { Db } from "../db/client.ts";
import { idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { exchangePhotos, exchangeRequests, exchangeSettings } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";
import { constraintOf, sqlState } from "../orders/place-order.ts";
import { EXCHANGE_JSON, exchangeJson, toExchange } from "./columns.ts";

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
  /** Keeps a customer's photo for a request they are about to make; answers its id. */
  addPhoto(
    userId: string,
    upload: { type: AdminImageType; data: Buffer },
  ): Promise<{ _id: string; width: number; height: number }>;
  /** The photo's file for the owner, or undefined. */
  photoFile(exchangeId: string, photoId: string): Promise<string | undefined>;
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

const photoKey = (photoId: string) => `exchange/${photoId}`;

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
const orderLockRow = z.object({ status: z.string(), delivered_ms: z.number().nullable() });
const lineRow = z.object({ product_id: z.string(), size: z.number() });
const stockRow = z.object({ stock: z.number() });

export function createExchangeService(db: Db, deps: { images: ImageStore }): ExchangeService {
  async function readSettings(tx: Db = db): Promise<ExchangeSettings> {
    const [row] = await tx.select().from(exchangeSettings).where(eq(exchangeSettings.id, 1));
    return { windowDays: row?.windowDays ?? 7, answerWithinDays: row?.answerWithinDays ?? 3 };
  }

  async function adminExchanges(where: ReturnType<typeof sql>, limit: number, offset = 0) {
    const rows = await selectRows(
      db,
      adminRow,
      sql`select ${EXCHANGE_JSON} as e, o.full_name, o.phone_number, u.email, u.username,
                 u.email_verified_at is not null as email_verified, a.username as decided_by,
                 count(*) over ()::int as total,
                 coalesce((select json_agg(json_build_object('id', ph.id, 'width', ph.width, 'height', ph.height)
                           order by ph.created_at) from exchange_photos ph where ph.exchange_id = e.id), '[]'::json) as photos
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

    async addPhoto(userId, upload) {
      await checkPicture(upload.type, upload.data);
      const id = randomUUID();
      const size = await deps.images.savePhoto(photoKey(id), upload.data);
      await db.insert(exchangePhotos).values({ id, userId, ...size });
      return { _id: id, ...size };
    },

    async photoFile(exchangeId, photoId) {
      const [row] = await db
        .select({ id: exchangePhotos.id })
        .from(exchangePhotos)
        .where(and(eq(exchangePhotos.id, photoId), eq(exchangePhotos.exchangeId, exchangeId)));
      return row ? deps.images.photoFile(photoKey(row.id)) : undefined;
    },

    async request(userId, orderId, input, now = new Date()) {
      return db.transaction(async (tx) => {
        // The order row first, as every move of an order locks it, then the size's stock row.
        const [order] = await selectRows(
          tx,
          orderLockRow,
          sql`select o.status, (select (extract(epoch from max(d.created_at)) * 1000)::float8 from order_status_events d
                                where d.order_id = o.id and d.to_status = 'delivered') as delivered_ms
              from orders o where o.id = ${orderId} and o.user_id = ${userId} for update of o`,
        );
        if (!order) throw notFound(EXCHANGE_MESSAGES.orderNotFound);
        if (order.status !== "delivered" || order.delivered_ms === null) throw conflict(EXCHANGE_MESSAGES.notDelivered);
        const { windowDays } = await readSettings(tx);
        if (now.getTime() > order.delivered_ms + windowDays * 86_400_000) {
          throw conflict(EXCHANGE_MESSAGES.windowClosed(windowDays));
        }
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
        await claimPhotos(tx, userId, input.photoIds, null);
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
          if (!row) throw new Error("insert returned no row");
          exchangeId = row.id;
        } catch (error) {
          // Two requests for one pair at once: the unique index lets one through.
          if (sqlState(error) === "23505" && constraintOf(error) === "exchange_requests_open_idx") {
            throw conflict(EXCHANGE_MESSAGES.alreadyAsked);
          }
          throw error;
        }
        await claimPhotos(tx, userId, input.photoIds, exchangeId);
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
          sql`insert into orders (user_id, status, subtotal, total_amount, full_name, address_line, phone_number,
                                  email, city, postal_code, area, landmark)
              select o.user_id, 'confirm', greatest(l.price, ${due}), ${due}, o.full_name, o.address_line,
                     o.phone_number, o.email, o.city, o.postal_code, o.area, o.landmark
              from orders o join order_lines l on l.order_id = o.id and l.line_no = ${request.lineNo}
              where o.id = ${request.orderId}
              returning id`,
        );
        if (!created) throw notFound(EXCHANGE_MESSAGES.notFound);
        await tx.execute(
          sql`insert into order_lines (order_id, line_no, product_id, name, description, image_url, size, quantity,
                                       price, discount_price)
              select ${created.id}, 1, l.product_id, l.name, l.description, l.image_url, ${request.wantedSize}, 1,
                     l.price, l.discount_price
              from order_lines l where l.order_id = ${request.orderId} and l.line_no = ${request.lineNo}`,
        );
        await tx.execute(
          sql`insert into order_status_events (order_id, from_status, to_status, actor_user_id, reason)
              values (${created.id}, null, 'confirm', ${adminId}, ${`Exchange for ${orderNumber(request.orderId)}`})`,
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
        return { exchangeId, orderId: request.orderId, productIds: [] };
      });
    },

    async refuse(adminId, exchangeId, message) {
      return db.transaction(async (tx) => {
        const request = await lockWaiting(tx, exchangeId);
        await release(tx, request, "refused", { ownerMessage: message, decidedBy: adminId });
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

/** One pair back on sale; a size the owner stopped offering meanwhile is offered again with it. */
async function putBack(tx: Db, productId: string, size: number): Promise<void> {
  await tx.execute(
    sql`insert into product_sizes (product_id, size, stock) values (${productId}, ${size}, 1)
        on conflict (product_id, size) do update set stock = product_sizes.stock + 1`,
  );
}

/** The customer's own unused photos become the request's; any other id is refused. */
async function claimPhotos(tx: Db, userId: string, photoIds: string[], exchangeId: string | null): Promise<void> {
  if (photoIds.length === 0) return;
  const unique = [...new Set(photoIds)];
  const rows = await selectRows(
    tx,
    idRow,
    exchangeId === null
      ? sql`select id from exchange_photos where id in ${unique} and user_id = ${userId} and exchange_id is null for update`
      : sql`update exchange_photos set exchange_id = ${exchangeId}
            where id in ${unique} and user_id = ${userId} and exchange_id is null returning id`,
  );
  if (rows.length !== unique.length) {
    throw invalid(EXCHANGE_MESSAGES.photoNotFound, { photoIds: EXCHANGE_MESSAGES.photoNotFound });
  }
}
