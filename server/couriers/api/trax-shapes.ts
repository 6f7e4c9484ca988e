// Trax's requests and answers as its document gives them: "API Documentation - SONIC, Version 2.0,
// April 18, 2022" (section numbers below; https://www.scribd.com/document/599430972/API-Document-SONIC-Version-2-0-1,
// and in the public client Tech-Andaz/ShipDrill, src/Trax/API Document - Trax.pdf). Every answer is
// { status: 0, message, ... } when done; the document shows no error answer, so a refusal is any other
// status with Trax's message (or a 4xx), as the public clients read it (Tech-Andaz/ShipDrill,
// src/Trax/TraxAPI.php). Numbers come as numbers or as strings ("250.00"): both are read.
import { z } from "zod";
import { type BookingRequest, CourierApiError } from "./courier-api.ts";

const id = z.union([z.string().min(1), z.number()]).transform(String);
export const money = z.union([z.number(), z.string().regex(/^-?[\d,]*(\.\d+)?$/)]).nullish();

export const answer = z.object({ status: z.coerce.number(), message: z.string().nullish() });
export type Answer = z.output<typeof answer>;

/** §4 POST /api/shipment/book: { status, message, "tracking number" } (with a space, as printed). */
export const bookedAnswer = answer.extend({ "tracking number": id.optional(), tracking_number: id.optional() });

/** §17 GET /api/shipment/status/order_id: the shipments booked with one order_id. */
export const byOrderAnswer = answer.extend({
  details: z.array(z.object({ tracking_number: id, status: z.string().nullish() })).nullish(),
});

/** §6 GET /api/shipment/track: one parcel's history, newest first ('05/04/2022 12:44 PM' is Karachi's). */
export const trackEntry = z.object({
  date_time: z.string().nullish(),
  timestamp: z.number().nullish(),
  status: z.string().min(1),
  status_reason: z.string().nullish(),
});
export type TrackEntry = z.output<typeof trackEntry>;
export const trackAnswer = answer.extend({
  details: z
    .object({
      consignee: z.object({ address: z.string().nullish(), phone_number_1: z.string().nullish() }).nullish(),
      tracking_history: z.array(trackEntry).nullish(),
    })
    .nullish(),
});

/** §10 GET /api/shipment/payments: each payment of one parcel (an empty list: not paid yet). */
export const paymentsAnswer = answer.extend({
  payments: z
    .array(z.object({ id, datetime: z.string().nullish(), amount: money, charges: money, gst: money, payable: money }))
    .nullish(),
});

/** §18-20 POST /api/request/rcp, Appendix J: what each of the shop's advices is called at Trax. */
export const ADVICE_TYPE = { return: 1, reattempt: 2, correct: 3 } as const;

/** Trax's refusal in an answer whose status is not 0, as the owner's error; undefined when done. */
export function refusalOf(body: Answer, what: string): CourierApiError | undefined {
  if (body.status === 0) return undefined;
  const said = body.message?.trim() || `status ${body.status}`;
  // An answer that says the key is wrong is the credentials' failure, whatever its HTTP status.
  if (/unauthori[sz]ed|unauthenticated|api key|authori[sz]ation/i.test(said)) {
    return new CourierApiError("credentials", `Trax refused the shop's credentials for ${what}.`);
  }
  return new CourierApiError("refused", `Trax refused ${what}: ${said}`.slice(0, 300));
}

/** '03001234567', as the booking asks (§4), from '+923001234567' or Trax's own '0300-1234567'. */
export function traxPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("92") ? `0${digits.slice(2)}` : digits.startsWith("0") ? digits : `0${digits}`;
}

/** Karachi in Trax's city list (§3 GET /api/cities; the document's examples use it too). */
const KARACHI_CITY_ID = 202;

const karachiToday = () => new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10);

/** §4, for regular shipments: the body of one cash-on-delivery parcel within Karachi. */
export function bookingBody(
  request: BookingRequest,
  shop: { pickupAddressId: number; email: string },
): Record<string, unknown> {
  return {
    service_type_id: 1, // Appendix A: Regular (not Replacement, not Try & Buy)
    pickup_address_id: shop.pickupAddressId,
    information_display: 1, // the shop's name and number on the air waybill
    consignee_city_id: KARACHI_CITY_ID,
    consignee_name: request.customerName.slice(0, 100),
    consignee_address: [request.address, request.area, request.landmark].filter(Boolean).join(", "),
    consignee_phone_number_1: traxPhone(request.phone),
    // Mandatory at Trax; cash customers give the shop no email, so the shop's own goes.
    consignee_email_address: shop.email,
    order_id: request.reference, // "must be unique for one shipper"
    shipper_reference_number_1: request.reference, // the column the portal's exports show
    item_product_type_id: 12, // Appendix B: Footwear
    item_description: request.contents.slice(0, 190),
    item_quantity: request.pieces,
    item_insurance: 0,
    pickup_date: karachiToday(),
    ...(request.note ? { special_instructions: request.note } : {}),
    estimated_weight: Math.round(request.weightGrams) / 1000, // kilograms
    shipping_mode_id: 1, // Appendix C: Rush
    amount: Math.round(request.codAmount),
    payment_mode_id: 1, // Appendix D: COD
    charges_mode_id: 4, // Appendix F: Reimbursement, charges deducted from the cash collected
    pieces_quantity: request.pieces,
  };
}
