// The shapes of PostEx's answers, checked with zod before the adapter (postex.ts) reads a field. Every
// answer is PostEx's envelope `{ statusCode: "200", statusMessage, dist }`, the status code a string;
// a failure is the same envelope with another code and no `dist`, sometimes with HTTP 200 (an unknown
// tracking number: HTTP 200 `{ statusCode: "404", statusMessage: "RECORD NOT FOUND" }`), per
// github.com/AI-CodeBrew/OMS backend/integrations/postex/client.py. Field names: the guide's, as the
// public clients cited beside each shape read them. Amounts come as numbers, a numeric string is
// accepted too (the guide types invoicePayment as a string in the request).
import { z } from "zod";

const text = z.string().nullish();
const statusCode = z.union([z.string(), z.number()]).transform(String);
/** PostEx's tracking numbers are digits ('26704560000656'); a JSON number is read as its digits. */
const trackingNumber = z.union([z.string().trim().min(1), z.number().int().nonnegative()]).transform(String);
const amount = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish();

/** A success with its `dist`, or a failure: `{ ok: false, code, message }` for the adapter to word. */
export function envelope<D extends z.ZodType>(dist: D) {
  return z.union([
    z
      .object({ statusCode: statusCode.refine((code) => code !== "200"), statusMessage: text })
      .transform((b) => ({ ok: false as const, code: b.statusCode, message: b.statusMessage ?? undefined })),
    z
      .object({ statusCode, dist: z.unknown().optional() })
      .transform((b) => b.dist)
      .pipe(dist)
      .transform((checked) => ({ ok: true as const, dist: checked })),
  ]);
}

/** cancel-order and save-shipper-advice: the envelope alone matters. */
export const anything = z.unknown().optional();

/**
 * v2/get-operational-city: `[{ operationalCityName, countryName, isPickupCity, isDeliveryCity }]`
 * (github.com/macworldgithub/GlimmerBackend src/postex/postex.controller.ts; AI-CodeBrew/OMS client.py).
 */
export const cities = z.array(
  z.object({ operationalCityName: z.string().trim().min(1), isDeliveryCity: z.boolean().nullish() }),
);

/**
 * v3/create-order: `dist: { trackingNumber, orderStatus: "UnBooked", orderDate }` (GlimmerBackend
 * postex.controller.ts; github.com/callmeahmedr/postex-api-integration create-order/create-order.php).
 */
export const created = z.object({ trackingNumber, orderStatus: text });

/**
 * v2/get-unbooked-orders: the orders booked and not yet handed over, flat rows with orderRefNumber and
 * trackingNumber (callmeahmedr get-unbooked-orders.php); a row wrapped as `{ trackingResponse }` like
 * the other list calls is read too.
 */
const listed = z.object({ orderRefNumber: text, trackingNumber });
export const unbooked = z.array(
  z.union([z.object({ trackingResponse: listed }).transform((row) => row.trackingResponse), listed]),
);

/**
 * A parcel in v1/track-bulk-order's `trackingResponse` (and v1/track-order's `dist`): its status
 * word, its history (`transactionStatusMessage`, `transactionStatusMessageCode`, and the step's time,
 * `modifiedDatetime` in the guide's example, `updatedAt` on the live host) and its money: COD
 * (invoicePayment), PostEx's charge and its tax (transactionFee, transactionTax), the return charge
 * and its tax (reversalFee, reversalTax), and what PostEx paid upfront and later (upfrontPayment,
 * reservePayment). callmeahmedr track-order/single-order-tracking.php and
 * bulk-order-tracking.php; AI-CodeBrew/OMS services.py.
 */
const step = z.object({
  transactionStatusMessage: text,
  transactionStatusMessageCode: z.union([z.string(), z.number()]).transform(String).nullish(),
  modifiedDatetime: text,
  updatedAt: text,
});
export type HistoryStep = z.output<typeof step>;
export const parcel = z.object({
  trackingNumber: trackingNumber.nullish(),
  transactionStatus: text,
  transactionStatusHistory: z.array(step).nullish(),
  invoicePayment: amount,
  transactionFee: amount,
  transactionTax: amount,
  reversalFee: amount,
  reversalTax: amount,
  upfrontPayment: amount,
  reservePayment: amount,
});
export type Parcel = z.output<typeof parcel>;

/** v1/track-bulk-order: one row a number; a number PostEx does not know has a message and no parcel. */
export const tracked = z.array(
  z.object({ trackingNumber: trackingNumber.nullish(), message: text, trackingResponse: parcel.nullish() }),
);

/**
 * v1/payment-status/{trackingNumber}: `{ orderRefNumber, trackingNumber, settle, settlementDate,
 * upfrontPaymentDate, cprNumber_1, reservePaymentDate, cprNumber_2 }`, only the keys with values
 * (GlimmerBackend postex.controller.ts; AI-CodeBrew/OMS client.py). Public code reports the live host
 * naming the receipts cpr1/cpr1Date; both are read.
 */
export const payment = z.object({
  settle: z.union([z.boolean(), z.string().transform((s) => s.trim().toLowerCase() === "true")]).nullish(),
  settlementDate: text,
  upfrontPaymentDate: text,
  reservePaymentDate: text,
  cprNumber_1: text,
  cprNumber_2: text,
  cpr1: text,
  cpr1Date: text,
  cpr2: text,
  cpr2Date: text,
});
export type Payment = z.output<typeof payment>;
