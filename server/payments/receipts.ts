// The customer's receipt of an advance and the owner's decision on it (issue 50, docs/product.md
// "Advances"). A receipt is sent only for the customer's own pending order whose advance is unpaid and
// has no receipt waiting; its insert first locks the order row, the lock the sweep's cancelExpired takes
// before it re-checks RECEIPT_WAITING, so a receipt and the lapse never both win. The owner verifies
// through markAdvancePaid (the one way an advance is paid), or answers "not received": the receipt is
// rejected, the order's lapse resumes with a fresh window of its own length, and the customer is
// mailed through the outbox in the same transaction. No HTTP here.
//
// The photo: one request carries the whole receipt, the photo as its raw body like an exchange
// photo's upload (the same route options for a slow phone link, the same header check, the same
// private image store) with the fields in its query. A separate upload that the receipt names would
// need a row to hold it until then and an expiry for the ones never named; here the photo exists only
// with its receipt, and how many an account can send is bounded without a quota of its own: one
// receipt waits per order until the owner decides, and a customer has few open orders
// (MAX_OPEN_ORDERS). The photo is kept as sent and decoded once, when the owner first opens it (a few
// a day, one at a time), so no customer's request spends a core on it.
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { AdminImageType } from "#shared/admin.ts";
import {
  type AdminAdvance,
  type AdvanceReceipt,
  type CustomerAdvance,
  RECEIPT_MESSAGES,
  type ReceiptInput,
  verifiedReason,
} from "#shared/advance-receipts.ts";
import { EXCHANGE_MESSAGES, EXCHANGE_PHOTO_MAX_MEGAPIXELS } from "#shared/exchanges.ts";
import type { HostedProvider } from "#shared/hosted-payments.ts";
import { PAYMENT_KINDS } from "#shared/payment-accounts.ts";
import { BrokenPromise } from "../broken-promise.ts";
import { type ImageStore, InvalidImageError } from "../catalog/images.ts";
import { checkPictureHeader, type PixelLimit } from "../catalog/picture-check.ts";
import type { Db } from "../db/client.ts";
import { advanceReceipts, orders, users } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import { queueMails } from "../mail/queue.ts";
import type { TellCustomer } from "../orders/life/status-mail.ts";
import { listPaymentAccounts } from "./accounts.ts";
import { ADVANCE_PAID_MESSAGES, type AdvancePaidOutcome, markAdvancePaid } from "./advance-paid.ts";
import { receiptRejectedMail } from "./receipt-mail.ts";

/** The same limit as an exchange photo's: a phone's usual camera setting passes, its 50 MP mode does not. */
const RECEIPT_PIXELS: PixelLimit = {
  maxPixels: EXCHANGE_PHOTO_MAX_MEGAPIXELS * 1_000_000,
  tooMany: EXCHANGE_MESSAGES.photoTooManyPixels,
};
/** Receipts shown per order: the last few are all anyone needs. */
const RECEIPTS_SHOWN = 10;

const receiptPhotoKey = (receiptId: string) => `receipt/${receiptId}`;

export interface ReceiptPhoto {
  type: AdminImageType;
  data: Buffer;
}

export interface ReceiptService {
  /** The customer's receipt of their own order's advance; another's order is not found and nothing is kept. */
  send(userId: string, orderId: string, input: ReceiptInput, photo?: ReceiptPhoto): Promise<void>;
  /** Where to send the advance and what was sent, for the customer's own order. */
  customerView(userId: string, orderId: string): Promise<CustomerAdvance>;
  ownerView(orderId: string): Promise<AdminAdvance>;
  /** The owner's one press: the waiting receipt verified (or none: paid at the shop), the order goes on. */
  verify(adminId: string, orderId: string): Promise<AdvancePaidOutcome>;
  /** The money was not found: the receipt rejected with the customer's reason, a fresh window, a mail. */
  reject(adminId: string, orderId: string, reason: string): Promise<void>;
  /** A receipt's photo for the owner, decoded on its first look; undefined when it has none. */
  photoFile(orderId: string, receiptId: string): Promise<string | undefined>;
}

export interface ReceiptDeps {
  images: ImageStore;
  tellCustomer: TellCustomer;
  shop: ShopContact;
  publicUrl: string;
  /** The hosted checkout the shop offers beside transfers, if the owner configured one. */
  payOnline: HostedProvider | null;
}

interface LockedOrder {
  status: string;
  advance: number;
  paidAt: Date | null;
}

/** Why a receipt cannot be sent for this order now, or undefined when it can. */
function refusal(order: LockedOrder, waiting: boolean): string | undefined {
  if (order.advance === 0) return RECEIPT_MESSAGES.noAdvance;
  if (order.paidAt !== null) return RECEIPT_MESSAGES.alreadyPaid;
  if (order.status !== "pending") return RECEIPT_MESSAGES.notPending;
  if (waiting) return RECEIPT_MESSAGES.waiting;
  return undefined;
}

function toReceipt(row: typeof advanceReceipts.$inferSelect): AdvanceReceipt {
  const method = PAYMENT_KINDS.find((k) => k === row.method);
  if (!method) throw new BrokenPromise(`advance_receipts has method ${row.method}`);
  const decision = row.decision === "verified" || row.decision === "rejected" ? row.decision : null;
  return {
    _id: row.id,
    method,
    transactionId: row.transactionId,
    hasPhoto: row.photoKey !== null,
    sentAt: row.createdAt.toISOString(),
    decision,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectedReason: row.rejectedReason,
  };
}

export function createReceiptService(db: Db, deps: ReceiptDeps): ReceiptService {
  async function receiptsOf(orderId: string): Promise<AdvanceReceipt[]> {
    const rows = await db
      .select()
      .from(advanceReceipts)
      .where(eq(advanceReceipts.orderId, orderId))
      .orderBy(desc(advanceReceipts.createdAt))
      .limit(RECEIPTS_SHOWN);
    return rows.map(toReceipt);
  }

  /** The order under its row's lock (the sweep's lock too) and whether a receipt waits; owned by `userId` if given. */
  async function lockOrder(tx: Db, orderId: string, userId?: string) {
    const [order] = await tx
      .select({
        status: orders.status,
        advance: orders.advanceAmount,
        paidAt: orders.advancePaidAt,
        userId: orders.userId,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order || (userId !== undefined && order.userId !== userId)) return undefined;
    const [waiting] = await tx
      .select()
      .from(advanceReceipts)
      .where(and(eq(advanceReceipts.orderId, orderId), isNull(advanceReceipts.decision)));
    return { order, waiting };
  }

  return {
    async send(userId, orderId, input, photo) {
      if (input.transactionId === null && !photo) throw invalid(RECEIPT_MESSAGES.proof);
      // Cheap refusals first, before a photo is looked at or kept: the order, then the header.
      const [seen] = await db
        .select({ status: orders.status, advance: orders.advanceAmount, paidAt: orders.advancePaidAt })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!seen) throw notFound(RECEIPT_MESSAGES.orderNotFound);
      const early = refusal(seen, false);
      if (early) throw conflict(early);
      const id = randomUUID();
      const photoKey = photo ? receiptPhotoKey(id) : null;
      if (photo && photoKey) {
        await checkPictureHeader(photo.type, photo.data, RECEIPT_PIXELS);
        await deps.images.keepPhotoUpload(photoKey, photo.data);
      }
      try {
        await db.transaction(async (tx) => {
          // The order row's lock first: the sweep's cancelExpired takes it before it re-checks for a
          // waiting receipt, so either this receipt is in before it looks, or the order has lapsed here.
          const locked = await lockOrder(tx, orderId, userId);
          if (!locked) throw notFound(RECEIPT_MESSAGES.orderNotFound);
          const refused = refusal(locked.order, locked.waiting !== undefined);
          if (refused) throw conflict(refused);
          await tx
            .insert(advanceReceipts)
            .values({ id, orderId, method: input.method, transactionId: input.transactionId, photoKey });
        });
      } catch (error) {
        if (photoKey) await deps.images.discardPhoto(photoKey).catch(() => {});
        throw error;
      }
    },

    async customerView(userId, orderId) {
      const [own] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!own) throw notFound(RECEIPT_MESSAGES.orderNotFound);
      const [accounts, receipts] = await Promise.all([listPaymentAccounts(db), receiptsOf(orderId)]);
      return { accounts, receipts, payOnline: deps.payOnline };
    },

    async ownerView(orderId) {
      const [order] = await db
        .select({
          status: orders.status,
          amount: orders.advanceAmount,
          paidAt: orders.advancePaidAt,
          heldAt: orders.heldAt,
          cancelAt: orders.cancelAt,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order) throw notFound(ADVANCE_PAID_MESSAGES.notFound);
      const receipts = await receiptsOf(orderId);
      const waiting = receipts.some((r) => r.decision === null);
      const state = order.paidAt ? "paid" : order.status !== "pending" ? "lapsed" : waiting ? "waiting" : "due";
      const lapses = state === "due" && order.heldAt === null && order.cancelAt !== null;
      return {
        amount: order.amount,
        state,
        paidAt: order.paidAt?.toISOString() ?? null,
        cancelsAt: lapses && order.cancelAt ? order.cancelAt.toISOString() : null,
        receipts,
      };
    },

    async verify(adminId, orderId) {
      // The receipt named in the history line; read before the lock, and every receipt still waiting
      // under it is the one verified (a receipt sent in between is as good: the owner saw the money).
      const [waiting] = await db
        .select()
        .from(advanceReceipts)
        .where(and(eq(advanceReceipts.orderId, orderId), isNull(advanceReceipts.decision)));
      const [order] = await db.select({ amount: orders.advanceAmount }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound(ADVANCE_PAID_MESSAGES.notFound);
      const receipt = waiting ? toReceipt(waiting) : null;
      return markAdvancePaid(db, {
        orderId,
        actorUserId: adminId,
        reason: verifiedReason(order.amount, receipt),
        tellCustomer: deps.tellCustomer,
        alsoRecord: async (tx) => {
          await tx
            .update(advanceReceipts)
            .set({ decision: "verified", decidedAt: sql`now()`, decidedBy: adminId })
            .where(and(eq(advanceReceipts.orderId, orderId), isNull(advanceReceipts.decision)));
        },
      });
    },

    async reject(adminId, orderId, reason) {
      await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, orderId);
        if (!locked) throw notFound(ADVANCE_PAID_MESSAGES.notFound);
        if (!locked.waiting) throw conflict(RECEIPT_MESSAGES.noneWaiting);
        if (locked.order.paidAt !== null) throw conflict(RECEIPT_MESSAGES.alreadyPaid);
        if (locked.order.status !== "pending") throw conflict(RECEIPT_MESSAGES.notPending);
        await tx
          .update(advanceReceipts)
          .set({ decision: "rejected", decidedAt: sql`now()`, decidedBy: adminId, rejectedReason: reason })
          .where(eq(advanceReceipts.id, locked.waiting.id));
        // The lapse resumes, but not at once: the customer gets the order's own window again to send
        // another receipt (greatest: never sooner than it would have lapsed anyway).
        const [updated] = await tx
          .update(orders)
          .set({
            cancelAt: sql`greatest(${orders.cancelAt}, now() + (${orders.cancelAt} - ${orders.createdAt}))`,
            updatedAt: sql`now()`,
          })
          .where(eq(orders.id, orderId))
          .returning({ cancelAt: orders.cancelAt, amount: orders.advanceAmount });
        const [customer] = await tx
          .select({ email: users.email, verifiedAt: users.emailVerifiedAt, name: orders.fullName })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(eq(orders.id, orderId));
        if (!customer || !updated) throw new BrokenPromise(`order ${orderId} lost its customer under its lock`);
        await queueMails(tx, [
          receiptRejectedMail({
            orderId,
            recipient: { to: customer.email, proven: customer.verifiedAt !== null },
            name: customer.name,
            amount: updated.amount,
            receipt: toReceipt(locked.waiting),
            reason,
            cancelsAt: updated.cancelAt,
            shop: deps.shop,
            publicUrl: deps.publicUrl,
          }),
        ]);
      });
    },

    async photoFile(orderId, receiptId) {
      const [row] = await db
        .select({ photoKey: advanceReceipts.photoKey })
        .from(advanceReceipts)
        .where(and(eq(advanceReceipts.id, receiptId), eq(advanceReceipts.orderId, orderId)));
      if (!row?.photoKey) return undefined;
      const kept = await deps.images.photoFile(row.photoKey);
      if (kept) return kept;
      try {
        // Its first look: decoded now (kept as sent until then), as an exchange photo's worker would.
        await deps.images.savePhoto(row.photoKey, RECEIPT_PIXELS.maxPixels);
      } catch (error) {
        if (error instanceof InvalidImageError) throw invalid(RECEIPT_MESSAGES.photoUnreadable);
        throw error;
      }
      return deps.images.photoFile(row.photoKey);
    },
  };
}
