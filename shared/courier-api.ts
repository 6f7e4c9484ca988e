// Couriers by API (issue 49, docs/decisions/035-couriers-by-api.md): the owner's API account for a
// courier, booking parcels through it, and what the admin reads back. Credentials go in, never out:
// an answer says which were saved, not what they are.
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const COURIER_API_KINDS = ["postex", "leopards", "trax", "tcs", "mp"] as const;
export type CourierApiKind = (typeof COURIER_API_KINDS)[number];

/** Orders booked in one press: a day's confirmed orders, each its own call to the courier. */
export const MAX_BATCH_BOOKING = 50;
/** A pair of shoes in its box, what the booking offers unless the owner weighs it. */
export const DEFAULT_PARCEL_GRAMS = 1000;

export const COURIER_API_MESSAGES = {
  noKey:
    "Courier APIs are not set up on this shop: set COURIER_CREDENTIALS_KEY (32 bytes, e.g. `openssl rand -base64 32`) and restart. Until then, import the courier's files.",
  noAccount:
    "This courier has no API set up: book it in the courier's portal and import its file, or set up its API at Couriers.",
  ownRider: "The shop's own rider has no API: dispatch with the rider by hand.",
  credentialsMissing: (labels: string[]) => `Please enter ${labels.join(", ")}.`,
  unknownCredential: (key: string) => `This courier's API takes no field "${key}".`,
  otherKey:
    "The credentials were saved under another COURIER_CREDENTIALS_KEY: enter them again (or restore the old key).",
  notAsked: (courier: string) => `Not sent: ${courier} stopped answering during this booking. Book it again later.`,
  noWebhook: "No courier with a webhook here.",
  switchedOff: "This courier's API is switched off at Couriers.",
  notBooked: "This order has no booking with a courier's API to cancel.",
  bookingInProgress: "This order's booking is still being made: wait a moment and reload.",
  cancelledDispatch:
    "This order's parcel is booked through the courier's API: cancel the booking on the order's page, so the courier knows.",
} as const;

const credentialValue = z
  .string({ error: "Each credential must be text." })
  .trim()
  .max(2000, { error: "A credential can be at most 2,000 characters long." });

/**
 * PUT /api/admin/couriers/:id/api: which API, its host (production, the courier's staging host, or
 * an address of the owner's), and the credentials. A credential left empty keeps the one saved.
 */
export const courierApiInputSchema = strictBody({
  api: z.enum(COURIER_API_KINDS, { error: `api must be one of: ${COURIER_API_KINDS.join(", ")}.` }),
  host: z
    .enum(["production", "staging", "custom"], { error: "host must be production, staging or custom." })
    .default("production"),
  baseUrl: z
    .string({ error: "The API address must be text." })
    .trim()
    .max(300, { error: "The API address can be at most 300 characters long." })
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, "") : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^\s/?#]+(\/\S*)?$/.test(v), {
      error: "The API address must start with https:// (or http:// for a local test host).",
    }),
  credentials: z
    .record(z.string(), credentialValue, { error: "credentials must be an object of text fields." })
    .default({}),
  holdHours: z
    .number({ error: "The hold must be a whole number of hours." })
    .int({ error: "The hold must be a whole number of hours." })
    .min(12, { error: "A courier holds a failed parcel at least 12 hours." })
    .max(336, { error: "The hold can be at most 336 hours (14 days)." })
    .default(72),
  enabled: z.boolean({ error: "enabled must be true or false." }).default(true),
});
export type CourierApiInput = z.output<typeof courierApiInputSchema>;

/** A credential field as the admin form shows it. */
export interface CourierApiField {
  key: string;
  label: string;
  hint: string;
  /** Not needed to book and track (a webhook's secret). */
  optional?: boolean | undefined;
}

/** A courier API the shop speaks, for the form. */
export interface CourierApiOption {
  kind: CourierApiKind;
  label: string;
  credentials: CourierApiField[];
  productionUrl: string;
  stagingUrl: string | null;
}

/** A courier's API account as the admin reads it: never a credential's value. */
export interface CourierApiAccount {
  api: CourierApiKind;
  baseUrl: string;
  /** The credential fields saved (their keys), so the form can say 'saved' beside each. */
  savedCredentials: string[];
  holdHours: number;
  enabled: boolean;
  updatedAt: string;
  lastSyncAt: string | null;
  nextSyncAt: string;
  syncFailures: number;
  /** The last sync's failure, in the owner's words. */
  lastError: string | null;
}

/** GET /api/admin/couriers/:id/api. */
export interface CourierApiSettingsView {
  /** Whether COURIER_CREDENTIALS_KEY is set: without it nothing can be saved. */
  keySet: boolean;
  account: CourierApiAccount | null;
  apis: CourierApiOption[];
}

const weightError = "The weight must be between 0.1 and 50 kg, in grams (1000 = 1 kg).";
const parcelWeight = z
  .number({ error: weightError })
  .int({ error: weightError })
  .min(100, { error: weightError })
  .max(50_000, { error: weightError });
const piecesError = "Pieces must be a whole number from 1 to 20.";
const parcelPieces = z
  .number({ error: piecesError })
  .int({ error: piecesError })
  .min(1, { error: piecesError })
  .max(20, {
    error: piecesError,
  });

/** POST /api/admin/orders/:id/book: one press on the order's page. */
export const bookInputSchema = strictBody({
  courierId: z.uuid({ error: "Please choose a courier." }),
  weightGrams: parcelWeight.optional(),
  pieces: parcelPieces.optional(),
});

/** POST /api/admin/orders/book: a batch of confirmed orders with one courier. */
export const batchBookInputSchema = strictBody({
  courierId: z.uuid({ error: "Please choose a courier." }),
  orders: z
    .array(
      z.strictObject({
        orderId: z.uuid({ error: "That is not an order id." }),
        weightGrams: parcelWeight.optional(),
        pieces: parcelPieces.optional(),
      }),
      { error: "Choose at least one confirmed order to book." },
    )
    .min(1, { error: "Choose at least one confirmed order to book." })
    .max(MAX_BATCH_BOOKING, { error: `At most ${MAX_BATCH_BOOKING} orders in one booking, please.` })
    .refine((orders) => new Set(orders.map((o) => o.orderId)).size === orders.length, {
      error: "Each order can be in the booking only once.",
    }),
});

/** One order's booking: booked with its number, or why not (the others of a batch go on). */
export type BookingOutcome =
  | { orderId: string; ok: true; trackingNumber: string; labelUrl: string | null }
  | { orderId: string; ok: false; message: string };

export interface BookingAnswer {
  results: BookingOutcome[];
  booked: number;
  failed: number;
}

/** An order's booking through an API, as the order page reads it. */
export interface OrderBooking {
  courierId: string;
  courier: string;
  state: "booking" | "booked" | "failed" | "cancelled";
  trackingNumber: string | null;
  labelUrl: string | null;
  weightGrams: number;
  pieces: number;
  lastError: string | null;
}
