// What a customer reads of an order whose advance (issue 50, docs/decisions/038-cod-fee-and-advance.md)
// is unpaid, without zod: Track Your Order imports it, and the rules' schemas (shared/risk-rules.ts,
// which re-exports it for the server) would bring zod's 25 KB to its first load (issue 54, decision 045).
import { formatRs } from "./money.ts";

/** What a customer confirming an order with its advance unpaid reads (link, WhatsApp, their orders). */
export const advanceDueMessage = (advance: number) =>
  `This order needs its advance of ${formatRs(advance)} before we prepare it: send it, then your receipt, from Track Your Order.`;

/** The customer's panel of a pending order whose advance is unpaid: no Confirm, the way to pay instead. */
export const ADVANCE_DUE_TITLE = "Send the advance to go on";
export const ADVANCE_DUE_LINK = "Pay it on Track Your Order";
