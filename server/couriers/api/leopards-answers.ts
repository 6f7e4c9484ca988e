// What Leopards' merchant API answers (issue 49), checked with zod, and what the answers mean for the
// shop. Shapes from its eCom Merchant APIs V2 (ecom.leopardscourier.com/eCom-Merchant-APIs-V2.pdf), as
// a public transcription of it gives each answer ("Leopards Courier Service (LCS) — API Documentation
// v2.0", found by code search) and public clients read them (github.com/developifynet/leopardscod-php,
// src/Developifynet/LeopardsCOD/LeopardsCODClient.php; github.com/zfhassaan/swiftship,
// src/Couriers/LCS/LCSClient.php):
// - every answer is HTTP 200 with `status` 1 or 0 ("1" in some) and `error`: 0, "0", "null", a
//   sentence, or one sentence per CN or field;
// - numbers come as numbers or as strings ("1500"); CNs too;
// - a tracked packet's latest status is its `booked_packet_status`; its 'Tracking Detail' lists the
//   steps, the last the latest, each with Status (the transcription spells it "Staus"),
//   Activity_datetime ('yyyy-mm-dd H:i:s', Karachi's time; "Activity Date" in the transcription) and
//   Reason ('N/A' when there is none), the field names public clients of trackBookedPacket read;
// - getPaymentDetails says whether a parcel is paid (status 'Paid') and by which cheque or transfer
//   (invoice_cheque_no, invoice_cheque_date), but no amount; getShippingCharges itemises the charges
//   (shipment, cash handling, return, insurance, fuel surcharge, GST) beside the amount booked.
import { z } from "zod";
import { readKarachiDay, readKarachiInstant } from "../csv-cells.ts";
import type { ParcelPayment, ParcelStatus } from "./courier-api.ts";
import { leopardsOutcome } from "./leopards-statuses.ts";

const id = z.union([z.string().min(1), z.number()]).transform(String);
const amount = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const envelope = { status: z.union([z.number(), z.string()]).transform(Number), error: z.unknown().optional() };
export type Envelope = { status: number; error?: unknown };

export const cities = z.object({ ...envelope, city_list: z.array(z.object({ id, name: z.string() })).nullish() });
export const booked = z.object({ ...envelope, track_number: id.nullish(), slip_link: z.string().nullish() });
const shipment = z.object({
  track_number: id,
  booked_packet_order_id: id.nullish(),
  booked_packet_status: z.string().nullish(),
});
export const shipments = z.object({ ...envelope, data: z.array(shipment).nullish() });
const detail = z.object({
  Status: z.string().nullish(),
  Staus: z.string().nullish(),
  Activity_datetime: z.string().nullish(),
  "Activity Date": z.string().nullish(),
  Reason: z.string().nullish(),
});
const packet = z.object({
  track_number: id,
  booked_packet_status: z.string().nullish(),
  status_remarks: z.string().nullish(),
  activity_date: z.string().nullish(),
  "Tracking Detail": z.array(detail).nullish(),
});
export const tracked = z.object({ ...envelope, packet_list: z.array(packet).nullish() });
const payout = z.object({
  booked_packet_cn: id,
  status: z.string().nullish(),
  invoice_cheque_no: id.nullish(),
  invoice_cheque_date: z.string().nullish(),
});
export const payouts = z.object({ ...envelope, payment_list: z.array(payout).nullish() });
const chargeLine = z.object({
  cn_number: id,
  booked_packet_collect_amount: amount,
  shipment_charges: amount.nullish(),
  cash_handling_charges: amount.nullish(),
  return_charges: amount.nullish(),
  insurance_charges: amount.nullish(),
  fuel_surcharge_amount: amount.nullish(),
  gst_amount: amount.nullish(),
});
export const charges = z.object({ ...envelope, data: z.array(chargeLine).nullish() });
export const advices = z.object({ ...envelope, data: z.array(z.object({ id, cn_number: id })).nullish() });
export const done = z.object(envelope);

/** The courier's words in `error`: a sentence, or one per CN or field ({ "KI7...": "CN already cancelled" }). */
export function errorWords(error: unknown): string {
  if (typeof error === "string" || typeof error === "number") {
    const text = String(error).trim();
    return /^(0|null)?$/i.test(text) ? "" : text;
  }
  if (typeof error === "object" && error !== null)
    return Object.values(error).map(errorWords).filter(Boolean).join("; ");
  return "";
}

const rupees = (...amounts: (number | null | undefined)[]) =>
  Math.round(amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0));
const present = (text: string | null | undefined) =>
  text && !/^(n\/?a|-|null)$/i.test(text.trim()) ? text.trim() : undefined;

export function statusOf(p: z.output<typeof packet>): ParcelStatus {
  const last = p["Tracking Detail"]?.at(-1);
  const status = (p.booked_packet_status || last?.Status || last?.Staus || "").trim();
  const instant = readKarachiInstant(last?.Activity_datetime || last?.["Activity Date"] || p.activity_date || "");
  return {
    trackingNumber: p.track_number,
    status,
    outcome: leopardsOutcome(status),
    statusDate: instant === "blank" || instant === "unreadable" ? undefined : instant,
    remark: present(last?.Reason) ?? present(p.status_remarks),
  };
}

/** A paid parcel: Leopards' charges for it, and the payout that settled it. */
export function paymentOf(line: z.output<typeof chargeLine>, paid: z.output<typeof payout>): ParcelPayment {
  const day = readKarachiDay(paid.invoice_cheque_date ?? "");
  return {
    trackingNumber: line.cn_number,
    // The charges name the amount booked, not the amount collected: a parcel carrying a return
    // charge came back, and Leopards collected nothing for it (the shop's reading).
    collected: (line.return_charges ?? 0) > 0 ? 0 : rupees(line.booked_packet_collect_amount),
    // Fuel surcharge and insurance are part of the freight: the shop has no field of their own.
    deliveryCharge: rupees(line.shipment_charges, line.fuel_surcharge_amount, line.insurance_charges),
    codFee: rupees(line.cash_handling_charges),
    salesTax: rupees(line.gst_amount),
    returnCharge: rupees(line.return_charges),
    payoutReference: paid.invoice_cheque_no ?? undefined,
    payoutDate: day === "blank" || day === "unreadable" ? undefined : day,
  };
}
