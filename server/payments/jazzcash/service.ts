// An advance paid on JazzCash's page (issue 50; docs/decisions/039-jazzcash-hosted-checkout.md).
// start: the order's own customer, a pending order whose advance is unpaid: a hosted_payments row
// (its reference the pp_TxnRefNo) is written before the customer leaves, and the signed form is
// answered for the browser to post. applyReturn: JazzCash's answer, posted back by the customer's
// browser, acts only when its pp_SecureHash is ours; the row keeps the first answer (answered_at), and
// a paid one pays the order through markAdvancePaid, the row's paid_at in the same transaction. A
// replay finds the row answered and answers the same outcome without changing anything.
// No HTTP here (server/payments/hosted-routes.ts); the salt and password never leave this module's
// callers' memory: no message or log line carries them.
import { and, eq, isNull } from "drizzle-orm";
import type { AdvanceReturnOutcome, HostedPaymentStart } from "#shared/hosted-payments.ts";
import { HOSTED_PAYMENT_MESSAGES } from "#shared/hosted-payments.ts";
import { formatRs } from "#shared/money.ts";
import { orderNumber } from "#shared/orders.ts";
import type { JazzCashConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { hostedPayments, orders } from "../../db/schema.ts";
import { conflict, DomainError, invalid, notFound } from "../../domain-errors.ts";
import type { TellCustomer } from "../../orders/life/status-mail.ts";
import { markAdvancePaid } from "../advance-paid.ts";
import { advanceRequestFields, newReference } from "./request.ts";
import { hasValidHash } from "./signer.ts";

/** JazzCash's code for a transaction that succeeded (Sandbox Documentation, Resources: response codes). */
export const JAZZCASH_SUCCESS = "000";

export interface JazzCashPayments {
  start(orderId: string, userId: string): Promise<HostedPaymentStart>;
  applyReturn(fields: Readonly<Record<string, string>>): Promise<{ orderId: string; outcome: AdvanceReturnOutcome }>;
}

export interface JazzCashDeps {
  /** Undefined: paying online is not offered (start answers 409, no answer can be verified). */
  config: JazzCashConfig | undefined;
  publicUrl: string;
  tellCustomer: TellCustomer;
  now?: () => Date;
}

/** A new reference that collides with a kept one (same second, same 5 random digits) is drawn again. */
const REFERENCE_TRIES = 5;

export function createJazzCashPayments(db: Db, deps: JazzCashDeps): JazzCashPayments {
  const now = deps.now ?? (() => new Date());
  return {
    async start(orderId, userId) {
      const config = deps.config;
      if (!config) throw conflict(HOSTED_PAYMENT_MESSAGES.notSetUp);
      const [order] = await db
        .select({
          userId: orders.userId,
          status: orders.status,
          advance: orders.advanceAmount,
          paidAt: orders.advancePaidAt,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
      // Another customer's order is answered as no order at all: its existence is not theirs to learn.
      if (!order || order.userId !== userId) throw notFound(HOSTED_PAYMENT_MESSAGES.orderNotFound);
      if (order.advance === 0) throw conflict(HOSTED_PAYMENT_MESSAGES.noAdvance);
      if (order.paidAt !== null) throw conflict(HOSTED_PAYMENT_MESSAGES.alreadyPaid);
      if (order.status !== "pending") throw conflict(HOSTED_PAYMENT_MESSAGES.notPending);
      const at = now();
      for (let tries = 0; tries < REFERENCE_TRIES; tries++) {
        const reference = newReference(at);
        const [row] = await db
          .insert(hostedPayments)
          .values({ orderId, provider: "jazzcash", reference, amount: order.advance })
          .onConflictDoNothing()
          .returning({ id: hostedPayments.id });
        if (!row) continue;
        const billReference = orderNumber(orderId).slice(1);
        const fields = advanceRequestFields(config, {
          reference,
          amount: order.advance,
          billReference,
          at,
          publicUrl: deps.publicUrl,
        });
        return { action: config.url, fields };
      }
      throw conflict("The payment could not be started; please try again.");
    },

    async applyReturn(fields) {
      if (!deps.config || !hasValidHash(fields, deps.config.integritySalt)) {
        throw invalid(HOSTED_PAYMENT_MESSAGES.badSignature);
      }
      const reference = fields.pp_TxnRefNo ?? "";
      const [row] = await db
        .select()
        .from(hostedPayments)
        .where(and(eq(hostedPayments.provider, "jazzcash"), eq(hostedPayments.reference, reference)));
      if (!row) throw notFound(HOSTED_PAYMENT_MESSAGES.unknownPayment);
      const orderId = row.orderId;
      // A replay: the first answer stands, whatever this one says.
      if (row.paidAt !== null) return { orderId, outcome: "paid" };
      if (row.answeredAt !== null) return { orderId, outcome: "failed" };

      const code = fields.pp_ResponseCode ?? "";
      const answer = { responseCode: code, responseMessage: fields.pp_ResponseMessage ?? "" };
      const recordAnswer = async (tx: Db, paid: boolean) => {
        await tx
          .update(hostedPayments)
          .set({ ...answer, answeredAt: new Date(), ...(paid && { paidAt: new Date() }) })
          .where(and(eq(hostedPayments.id, row.id), isNull(hostedPayments.answeredAt)));
      };
      // Paid means JazzCash's success code for the very amount this attempt asked, in paisa.
      if (code !== JAZZCASH_SUCCESS || fields.pp_Amount !== String(row.amount * 100)) {
        await recordAnswer(db, false);
        return { orderId, outcome: "failed" };
      }
      try {
        const paid = await markAdvancePaid(db, {
          orderId,
          actorUserId: null,
          amount: row.amount,
          reason: `Advance of ${formatRs(row.amount)} paid on JazzCash (${row.reference})`,
          tellCustomer: deps.tellCustomer,
          alsoRecord: (tx) => recordAnswer(tx, true),
        });
        // "alreadyPaid": a second copy of this answer won the order's lock first, or the owner verified
        // a receipt meanwhile; either way the order's advance is paid. The answer is kept all the same.
        if (paid === "alreadyPaid") await recordAnswer(db, false);
        return { orderId, outcome: "paid" };
      } catch (error) {
        // The order stopped waiting (cancelled, or its advance changed): the answer is kept (a paid code
        // without paid_at is money the owner returns), and the customer reads that it did not go through.
        if (!(error instanceof DomainError)) throw error;
        await recordAnswer(db, false);
        return { orderId, outcome: "failed" };
      }
    },
  };
}
