// The one way an advance becomes paid (issue 50, docs/product.md "Advances"): the owner verifying a
// customer's receipt and the hosted checkout's signed answer both come here. Under the order row's
// lock it checks there is an advance still due, then makes the advancePaid move (the order goes on,
// its customer is mailed), so a receipt verified twice, a callback replayed, or both at once, pay
// the order once. The caller's own record (the receipt's decision, the payment's row) is written in
// the same transaction through `alsoRecord`.
import { eq } from "drizzle-orm";
import { formatRs } from "#shared/money.ts";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { conflict, notFound } from "../domain-errors.ts";
import { moveOrder } from "../orders/life/moves.ts";
import type { TellCustomer } from "../orders/life/status-mail.ts";

export const ADVANCE_PAID_MESSAGES = {
  notFound: "No order has that id.",
  noAdvance: "This order asked no advance.",
  alreadyPaid: "This order's advance is already paid.",
  notPending: "This order no longer waits for its advance.",
  wrongAmount: (paid: number, due: number) => `${formatRs(paid)} was paid, but the advance is ${formatRs(due)}.`,
} as const;

export type AdvancePaidOutcome = "paid" | "alreadyPaid";

export interface AdvancePayment {
  orderId: string;
  /** The admin who verified a receipt; null for a provider's answer. */
  actorUserId: string | null;
  /** What was paid, when the payer says (a hosted checkout does); a receipt is the owner's word. */
  amount?: number;
  /** The history's reason: "Advance of Rs.1,000 verified (JazzCash, 0123456789)". */
  reason: string;
  tellCustomer: TellCustomer;
  /** The caller's own record, in the same transaction, only when the order is paid now. */
  alsoRecord?: (tx: Db) => Promise<void>;
}

/** Pays the order's advance once: "alreadyPaid" for a second time, a conflict when it cannot be paid. */
export async function markAdvancePaid(db: Db, payment: AdvancePayment): Promise<AdvancePaidOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, advance: orders.advanceAmount, paidAt: orders.advancePaidAt })
      .from(orders)
      .where(eq(orders.id, payment.orderId))
      .for("update");
    if (!order) throw notFound(ADVANCE_PAID_MESSAGES.notFound);
    if (order.advance === 0) throw conflict(ADVANCE_PAID_MESSAGES.noAdvance);
    if (order.paidAt !== null) return "alreadyPaid";
    if (payment.amount !== undefined && payment.amount !== order.advance) {
      throw conflict(ADVANCE_PAID_MESSAGES.wrongAmount(payment.amount, order.advance));
    }
    if (order.status !== "pending") throw conflict(ADVANCE_PAID_MESSAGES.notPending);
    await moveOrder(tx, payment.orderId, "advancePaid", "confirm", {
      tx,
      actorUserId: payment.actorUserId,
      reason: payment.reason,
      tellCustomer: payment.tellCustomer,
      alsoRecord: payment.alsoRecord,
    });
    return "paid";
  });
}
