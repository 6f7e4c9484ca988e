// The shapes of TCS's e-commerce API as its API User Guide v1.0 prints them (page numbers below;
// https://ociconnect.tcscourier.com/ecom/index.html, text at github.com/Suefyawn/YellowPink
// .audit/tcs-cod-api-spec.txt), and the booking's body built from our order. tcs.ts makes the calls.
import { z } from "zod";
import type { BookingRequest } from "./courier-api.ts";

const text = z.union([z.string(), z.number()]).transform(String);
const amount = z.union([z.number(), z.string()]).transform(Number).pipe(z.number().finite());

/** TCS's refusal of a token, in any of the guide's three shapes; checked before the answer's own shape. */
export const UNAUTHORIZED = z
  .object({ code: z.unknown(), status: z.unknown() })
  .loose()
  .refine((b) => [b.code, b.status].some((v) => String(v) === "401" || /unauthori[sz]ed/i.test(String(v))));
export const OR_UNAUTHORIZED = <S extends z.ZodType>(schema: S) => z.union([UNAUTHORIZED, schema]);

export const TOKEN = z.object({ accesstoken: z.string().min(1), expiry: z.string().nullish() }).loose();
export const COST_CENTERS = z.object({
  detail: z
    .array(
      z
        .object({
          costcentercode: text,
          costcentername: z.string(),
          costcentercity: z.string(),
          phoneno: text.nullish(),
          pickupaddress: z.string(),
        })
        .loose(),
    )
    .nullable(),
});
export type CostCenter = NonNullable<z.output<typeof COST_CENTERS>["detail"]>[number];
export const BOOKED = z
  .object({
    consignmentNo: text.nullish(),
    message: z.string().nullish(),
    error: z.array(z.object({ errorname: z.string() }).loose()).nullish(),
  })
  .loose();
export const CANCELLED = z.object({ message: z.string() }).loose();
const PAYMENT_ROW = z
  .object({
    "cn by courier": text,
    "order no": z.string().nullish(),
    "cn status": z.string().nullish(),
    "payment status": z.string().nullish(),
    "amount paid": amount.nullish(),
    "delivery charges": amount.nullish(),
    "payment date": z.string().nullish(),
  })
  .loose();
export const PAYMENTS = z.object({ detail: z.array(PAYMENT_ROW).nullable(), message: z.string().nullish() }).loose();
const SCAN = z.object({ datetime: z.string(), status: z.string(), code: z.string().nullish() }).loose();
export const TRACKING = z
  .object({
    deliveryinfo: z.array(SCAN).nullable(),
    checkpoints: z.array(SCAN).nullable(),
    shipmentsummary: z.string().nullable(),
    message: z.string(),
  })
  .loose();

/** '+923001234567' as TCS writes a mobile: 11 digits, '03001234567' (guide p. 8, "Like (0300xxxxxxx)"). */
export function tcsMobile(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.startsWith("92") && digits.length === 12) return `0${digits.slice(2)}`;
  return digits.length === 10 && digits.startsWith("3") ? `0${digits}` : digits;
}

/**
 * Booking Create's body (guide p. 6-12): our order as the consignee, the owner's cost center as the
 * shipper, our order number as `referenceno`, weight in kilograms.
 */
export function tcsBooking(request: BookingRequest, from: CostCenter, accountNumber: string, accesstoken: string) {
  const address = request.address.trim();
  const karachi = request.city.trim().toLowerCase() === "karachi";
  const kg = Math.max(0.5, Math.round(request.weightGrams / 10) / 100); // the guide's minimum is 0.5 kg
  return {
    accesstoken,
    consignmentno: "",
    shipperinfo: {
      tcsaccount: accountNumber,
      shippername: from.costcentername.slice(0, 50),
      address1: from.pickupaddress.trim().slice(0, 120),
      countrycode: "PK",
      countryname: "Pakistan",
      cityname: from.costcentercity,
      mobile: tcsMobile(from.phoneno ?? ""),
    },
    consigneeinfo: {
      firstname: request.customerName.trim().slice(0, 50),
      address1: address.slice(0, 120),
      ...(address.length > 120 ? { address2: address.slice(120, 240) } : {}),
      address3: request.area.slice(0, 120),
      countrycode: "PK",
      countryname: "Pakistan",
      // 'KHI' is Karachi's code in the guide's own example (p. 11); another city goes by name only.
      ...(karachi ? { citycode: "KHI", cityname: "Karachi" } : { cityname: request.city }),
      areaname: request.area.slice(0, 50),
      ...(request.landmark ? { landmark: request.landmark.slice(0, 200) } : {}),
      mobile: tcsMobile(request.phone),
    },
    shipmentinfo: {
      costcentercode: from.costcentercode,
      referenceno: request.reference,
      contentdesc: request.contents.slice(0, 50),
      servicecode: "O", // Overnight, the one service code the guide names
      currency: "PKR",
      codamount: request.codAmount,
      weightinkg: kg,
      pieces: request.pieces,
      fragile: false,
      ...(request.note && request.note.trim().length >= 3 ? { remarks: request.note.trim().slice(0, 500) } : {}),
      skus: [
        {
          description: request.contents.slice(0, 50),
          quantity: request.pieces,
          weight: kg,
          uom: "KG",
          unitprice: Math.round(request.codAmount / Math.max(1, request.pieces)),
        },
      ],
    },
  };
}
