// The shapes of M&P's COD API answers, as the public clients that follow its "COD API MANUAL"
// (v2025022404) read them (sources in mp.ts's header), and M&P's form of a mobile number.
import { z } from "zod";

const text = z.union([z.string(), z.number()]).transform(String);
const success = z.union([z.boolean(), z.string(), z.number()]).transform((v) => /^(true|1)$/i.test(String(v)));
/** M&P answers an array of one object; some calls the object alone. */
export const answerOf = <S extends z.ZodType>(item: S) =>
  z.union([
    z
      .array(item)
      .min(1)
      .transform((a) => a[0] as z.output<S>),
    item,
  ]);
export const RESULT = z.object({ isSuccess: success, message: z.string().nullish() }).loose();
export const BOOKED = RESULT.extend({ orderReferenceId: text.nullish() });
export const FOUND = RESULT.extend({ Details: z.array(z.object({ consignmentNumber: text }).loose()).nullish() });
export const EVENT = z
  .object({
    TrackingTagID: text.nullish(),
    TransactionTime: z.string(),
    TrackingStatus: z.string(),
    TrackingNarration: z.string().nullish(),
  })
  .loose();
export const SHIPMENT = z
  .object({
    ConsignmentNumber: text,
    CODAmount: text.nullish(),
    PaymentID: text.nullish(),
    PaymentDate: z.string().nullish(),
    AmountPaid: text.nullish(),
    CNTrackingDetail: z.array(EVENT).nullish(),
    CNTrackingInvDetail: z.array(z.object({ AmountInvoiced: text.nullish() }).loose()).nullish(),
  })
  .loose();
export const TRACKED = RESULT.extend({ tracking_Details: z.array(SHIPMENT).nullish() });

/** '+923001234567' as M&P takes a mobile: '03001234567' (the clients cited in mp.ts: "03XXXXXXXXX required"). */
export function mpMobile(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.startsWith("92") && digits.length === 12) return `0${digits.slice(2)}`;
  return digits.length === 10 && digits.startsWith("3") ? `0${digits}` : digits;
}
