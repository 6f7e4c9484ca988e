// Couriers, parcels and the cash that comes back (issue 32, docs/decisions/018-couriers.md): the
// request schemas the admin API parses with and the screens validate with, and the answers both
// sides read. The import contract (courier CSV files) is in courier-imports.ts.
import type { CourierAging } from "./cash-aging.ts";
import type { CourierApiKind } from "./courier-api.ts";
import type { CourierTerms } from "./courier-terms.ts";
import { readablePhone, storedMobile } from "./phone.ts";
import type { ShortPaymentTotals } from "./short-payments.ts";
import { strictBody } from "./strict-body.ts";
import type { TakingsSummary } from "./takings.ts";
import { z } from "./zod.ts";

/** Where the tracking number goes in a courier's tracking-page address. */
export const TRACKING_PLACEHOLDER = "{number}";
export const COURIER_NAME_MAX = 60;
export const TRACKING_NUMBER_MAX = 40;
/** Orders dispatched in one batch (one form, one request). */
export const MAX_BATCH_DISPATCH = 100;

export const COURIER_MESSAGES = {
  notFound: "No courier has that id.",
  ownRiderTerms: "The shop's own rider has no terms: it hands over the cash it collects.",
  nameTaken: "Another courier already has that name.",
  inactive: "This courier is switched off. Switch it on at Couriers first, or choose another.",
  numberNeeded: "Please enter the courier's tracking number.",
  numberTaken: "This tracking number is already on another order of this courier.",
  notDispatchable: "Only a confirmed order can be dispatched.",
  alreadyDispatched: "This order is already with a courier.",
  noParcel: "This order has not been dispatched, so there is no cash to record.",
  notOwnRider: "Cash from a courier company comes with its payment report: import it at Couriers.",
  notDelivered: "Cash is handed over for a delivered order only.",
  alreadySettled: "The cash for this order is already recorded.",
  batchEmpty: "Choose at least one confirmed order to dispatch.",
  batchDuplicate: "Each order can be in the batch only once.",
  batchNumbersRepeat: "Two orders of the batch have the same tracking number.",
} as const;

/** A courier company or the shop's own rider, as the owner edits it. */
export interface Courier {
  _id: string;
  name: string;
  /** The public tracking page with {number} where the number goes; null when there is none. */
  trackingUrl: string | null;
  active: boolean;
  /** The shop's own rider: no tracking number, the cash is handed over by hand. */
  ownRider: boolean;
  riderName: string | null;
  riderPhone: string | null;
  /** Parcels dispatched with it, ever (a courier with parcels cannot be deleted, only switched off). */
  parcels: number;
  /** What its contract charges and when it pays (courier-terms.ts); null for the own rider or a courier given none. */
  terms: CourierTerms | null;
  /**
   * Its API account (issue 49), without any credential: which API and whether it is switched on; null
   * when it works by the courier's files. The booking forms offer the couriers that have one.
   */
  api: { kind: CourierApiKind; enabled: boolean } | null;
}

/** The courier's tracking page for one parcel, or null when the courier has none. */
export function trackingLink(template: string | null, trackingNumber: string | null): string | null {
  if (!template || !trackingNumber) return null;
  return template.replace(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber));
}

/**
 * https only, as the message says (customers open it from their order); the host written out in
 * full and ended by '/', '?' or '#', so the tracking number can never become part of the host.
 */
const TRACKING_PAGE = /^https:\/\/[^\s/?#{}@]+[/?#]\S*$/;
const trackingUrlError = `The tracking page must be an address starting with https:// that holds ${TRACKING_PLACEHOLDER} where the number goes.`;
const riderPhoneError = "Please enter the rider's phone as a Pakistani mobile number, like 0300 1234567.";

/** POST /api/admin/couriers and PUT /api/admin/couriers/:id (the whole courier each time). */
export const courierInputSchema = strictBody({
  name: z
    .string({ error: "The name must be text." })
    .trim()
    .min(2, { error: "Please enter the courier's name (at least 2 characters)." })
    .max(COURIER_NAME_MAX, { error: `The name can be at most ${COURIER_NAME_MAX} characters long.` }),
  trackingUrl: z
    .string({ error: trackingUrlError })
    .trim()
    .max(300, { error: trackingUrlError })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (TRACKING_PAGE.test(v) && v.includes(TRACKING_PLACEHOLDER)), {
      error: trackingUrlError,
    }),
  active: z.boolean({ error: "active must be true or false." }).optional().default(true),
  ownRider: z.boolean({ error: "ownRider must be true or false." }).optional().default(false),
  riderName: z
    .string({ error: "The rider's name must be text." })
    .trim()
    .max(100, { error: "The rider's name can be at most 100 characters long." })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  riderPhone: z
    .string({ error: riderPhoneError })
    .trim()
    .max(30, { error: riderPhoneError })
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const stored = storedMobile(v.replace(/[\s-]/g, ""));
      if (!stored) {
        ctx.addIssue({ code: "custom", message: riderPhoneError });
        return z.NEVER;
      }
      return stored;
    }),
});
export type CourierInput = z.output<typeof courierInputSchema>;

export const courierIdParamsSchema = z.object({ id: z.uuid({ error: COURIER_MESSAGES.notFound }) });

const trackingNumberError = `A tracking number is 3 to ${TRACKING_NUMBER_MAX} letters, digits or dashes.`;
/** A courier's tracking number (consignment number, CN): letters, digits and dashes, kept as typed. */
export const trackingNumberSchema = z
  .string({ error: trackingNumberError })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9-]{2,${TRACKING_NUMBER_MAX - 1}}$`), { error: trackingNumberError });

const optionalTrackingNumber = z
  .string({ error: trackingNumberError })
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v : undefined))
  .pipe(trackingNumberSchema.optional());

/** POST /api/admin/orders/:id/dispatch: the courier, and its number (none for the shop's own rider). */
export const dispatchInputSchema = strictBody({
  courierId: z.uuid({ error: "Please choose a courier." }),
  trackingNumber: optionalTrackingNumber,
});

/** POST /api/admin/orders/dispatch: one courier for several confirmed orders, each with its number. */
export const batchDispatchInputSchema = strictBody({
  courierId: z.uuid({ error: "Please choose a courier." }),
  parcels: z
    .array(
      z.strictObject({
        orderId: z.uuid({ error: "That is not an order id." }),
        trackingNumber: optionalTrackingNumber,
      }),
      { error: COURIER_MESSAGES.batchEmpty },
    )
    .min(1, { error: COURIER_MESSAGES.batchEmpty })
    .max(MAX_BATCH_DISPATCH, { error: `At most ${MAX_BATCH_DISPATCH} orders in one batch, please.` }),
});

const cashError = "The amount must be a whole number of rupees, 0 or more.";
/** POST /api/admin/orders/:id/cash: the shop's own rider handed the cash of a delivered order over. */
export const cashInputSchema = strictBody({
  amount: z.number({ error: cashError }).int({ error: cashError }).min(0, { error: cashError }).max(10_000_000, {
    error: cashError,
  }),
});

/** A dispatched order's parcel, as its customer reads it (Track Order, the success page, the mails). */
export interface OrderParcel {
  courier: string;
  ownRider: boolean;
  /** The shop's rider, for an own-rider parcel. */
  rider: { name: string | null; phone: string | null } | null;
  trackingNumber: string | null;
  /** The courier's tracking page for this number, when it has one. */
  trackingUrl: string | null;
  dispatchedAt: string;
}

/** The cash side of a parcel, for the owner. */
export interface ParcelSettlement {
  at: string;
  via: "report" | "hand";
  collected: number;
  charges: number | null;
  /** Each deduction the payment report stated (null where it had no such column). */
  deductions: {
    deliveryCharge: number | null;
    codFee: number | null;
    salesTax: number | null;
    withholdingTax: number | null;
    returnCharge: number | null;
  };
  /** What reached the shop for it (negative: what it owed the courier); null before issue 48. */
  net: number | null;
  payoutReference: string | null;
  payoutDate: string | null;
  /** The payment report's amount differed from what the courier was to collect. */
  mismatch: boolean;
  /** The payout was off the courier's terms: by how much (negative: short) and where the owner stands on it. */
  short: { difference: number; status: "open" | "disputed" | "accepted" | "recovered" } | null;
}

/** A parcel as the owner reads it on the order. */
export interface AdminParcel extends OrderParcel {
  courierId: string;
  /** What the courier collects at the door. */
  codAmount: number;
  settlement: ParcelSettlement | null;
}

/**
 * One courier's share of the cash not yet with the shop, with how late its payouts are
 * (shared/cash-aging.ts).
 */
export type CourierCash = CourierAging;

/** The dashboard's money (issues 32 and 48): only cash that reached the shop counts as takings. */
export interface CashSummary {
  /** Settled today and in the last 7 days (Karachi days): the cash collected, before any deduction. */
  collectedToday: number;
  collectedWeek: number;
  /** Collected, less each courier's deductions, equals what reached the shop: today, the week, by courier. */
  takings: TakingsSummary;
  /** Delivered parcels whose cash the courier (or rider) still holds, the courier to call first first. */
  withCouriers: CourierCash[];
  /** Parcels on the road: the cash they should bring. */
  onTheRoad: { parcels: number; amount: number };
  /** Short payments open or disputed (shared/short-payments.ts). */
  shortPayments: ShortPaymentTotals;
  /** Every delivered parcel's cash is in and no short payment is open or disputed: the panel's green. */
  allIn: boolean;
}

/** The rider's name and phone on one line, the phone as the owner dials it ("0321 7654321"). */
export function riderLine(rider: OrderParcel["rider"]): string | null {
  if (!rider || (!rider.name && !rider.phone)) return null;
  return [rider.name, rider.phone ? readablePhone(rider.phone) : null].filter(Boolean).join(", ");
}
