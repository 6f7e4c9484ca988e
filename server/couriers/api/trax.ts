// Trax (its portal and API are called Sonic), from Trax's document "API Documentation - SONIC,
// Version 2.0, April 18, 2022" (https://www.scribd.com/document/599430972/API-Document-SONIC-Version-2-0-1;
// also in the public client Tech-Andaz/ShipDrill, src/Trax/API Document - Trax.pdf, whose
// src/Trax/TraxAPI.php calls the same paths). Its shapes, section by section, are in trax-shapes.ts,
// its status words in trax-statuses.ts. The key goes alone in the Authorization header (§ Pre-Requisites).
// - book: §17 look-up by order id, then §4 POST /api/shipment/book.
// - track: §6 GET /api/shipment/track, type 1 (Appendix E: without the payment and weight statuses,
//   so the latest entry is the parcel's own).
// - payments: §10 GET /api/shipment/payments; cancel: §12 POST /api/shipment/cancel.
// - advise: §18-20 POST /api/request/rcp (return, re-attempt, intercept/rebook with a new address or phone).
// Tracking and payments take one number a request (§9's multi-number payments call carries no amounts).
// The air waybill (§11, GET /api/shipment/air_waybill) needs the key in a header, so it is no link the
// owner can open, and the booking's answer carries none: labelUrl is null.
import type { z } from "zod";
import { readKarachiDay, readKarachiInstant } from "../csv-cells.ts";
import type {
  Booked,
  BookingRequest,
  CourierApi,
  CourierApiDescriptor,
  CourierApiSettings,
  ParcelPayment,
  ParcelStatus,
  ShipperAdvice,
} from "./courier-api.ts";
import { CourierApiError } from "./courier-api.ts";
import { callCourier } from "./http.ts";
import {
  ADVICE_TYPE,
  type Answer,
  answer,
  bookedAnswer,
  bookingBody,
  byOrderAnswer,
  type money,
  paymentsAnswer,
  refusalOf,
  type TrackEntry,
  trackAnswer,
  traxPhone,
} from "./trax-shapes.ts";
import { traxOutcome } from "./trax-statuses.ts";

const COURIER = "Trax";
/** How many numbers one track or payments call of the adapter takes, and how many requests run at once. */
const BATCH = 20;
const AT_ONCE = 4;

function done(body: Answer, what: string): void {
  const refusal = refusalOf(body, what);
  if (refusal) throw refusal;
}

const rupees = (value: z.output<typeof money>) =>
  value === null || value === undefined ? 0 : typeof value === "number" ? value : Number(value.replace(/,/g, "") || 0);
const readable = (value: string) => (value === "blank" || value === "unreadable" ? undefined : value);

/** The latest entry: the largest timestamp, the first listed among equals (the document lists newest first). */
const latestOf = (history: TrackEntry[]) =>
  history.reduce<TrackEntry | undefined>(
    (best, next) => (best === undefined || (next.timestamp ?? 0) > (best.timestamp ?? 0) ? next : best),
    undefined,
  );

/** A few requests at a time: Trax answers one number a request. */
async function inTurn<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += AT_ONCE) {
    results.push(...(await Promise.all(items.slice(at, at + AT_ONCE).map(task))));
  }
  return results;
}

function createTrax(settings: CourierApiSettings): CourierApi {
  const setting = (key: string, label: string) => {
    const value = settings.credentials[key]?.trim();
    if (!value) throw new CourierApiError("credentials", `Trax's ${label} is not set in the shop's settings.`);
    return value;
  };
  const base = settings.baseUrl.replace(/\/+$/, "");

  async function call<S extends z.ZodType>(
    what: string,
    path: string,
    schema: S,
    request: { query: Record<string, string> } | { json: Record<string, unknown> },
  ): Promise<z.output<S>> {
    const query = "query" in request ? `?${new URLSearchParams(request.query)}` : "";
    const { body } = await callCourier({
      courier: COURIER,
      what,
      method: "query" in request ? "GET" : "POST",
      url: `${base}/api/${path}${query}`,
      headers: { authorization: setting("apiKey", "API key") },
      json: "json" in request ? request.json : undefined,
      timeoutMs: settings.timeoutMs,
      schema,
    });
    return body;
  }

  /** Trax's answer for a number it does not know is a refusal: such a number is left out, not an error. */
  const unlessUnknown = <T extends Answer>(body: T, what: string): T | undefined => {
    const refusal = refusalOf(body, what);
    if (refusal?.failure === "credentials") throw refusal;
    return refusal ? undefined : body;
  };

  /**
   * IDEMPOTENCY: before booking, the reference is looked up (§17, shipment status by order id). A
   * booking whose answer was lost is found there and answered again. Trax's rule that order_id is
   * unique per shipper (§4) is the second guard: a booking that slipped past the look-up is refused.
   * The document describes no 'not found' answer, so any refusal of the look-up reads as none.
   */
  async function bookedBefore(reference: string): Promise<string | undefined> {
    const what = "the look-up of the order's booking";
    const body = await call(what, "shipment/status/order_id", byOrderAnswer, {
      query: { order_id: reference, type: "0" },
    }).catch((error: unknown) => {
      if (error instanceof CourierApiError && error.failure === "refused") return undefined;
      throw error;
    });
    const found = body && unlessUnknown(body, what);
    return found?.details?.find((parcel) => !/cancel/i.test(parcel.status ?? ""))?.tracking_number;
  }

  function shopOf() {
    const pickupAddressId = setting("pickupAddressId", "pickup address ID");
    if (!/^\d+$/.test(pickupAddressId)) {
      throw new CourierApiError("credentials", "Trax's pickup address ID must be the number Trax gave the address.");
    }
    return { pickupAddressId: Number(pickupAddressId), email: setting("email", "email for bookings") };
  }

  async function trackOne(trackingNumber: string): Promise<ParcelStatus | undefined> {
    const body = await call("tracking", "shipment/track", trackAnswer, {
      query: { tracking_number: trackingNumber, type: "1" },
    });
    const latest = latestOf(unlessUnknown(body, "tracking")?.details?.tracking_history ?? []);
    if (!latest) return undefined;
    const when =
      typeof latest.timestamp === "number"
        ? new Date(latest.timestamp * 1000).toISOString()
        : readable(readKarachiInstant(latest.date_time ?? ""));
    return {
      trackingNumber,
      status: latest.status,
      outcome: traxOutcome(latest.status),
      statusDate: when,
      remark: latest.status_reason?.trim() || undefined,
    };
  }

  async function paymentOf(trackingNumber: string): Promise<ParcelPayment | undefined> {
    const body = await call("the payments", "shipment/payments", paymentsAnswer, {
      query: { tracking_number: trackingNumber },
    });
    const paid = unlessUnknown(body, "the payments")?.payments ?? [];
    const last = paid.at(-1);
    if (!last) return undefined;
    // A parcel Trax paid in more than one payment (an adjustment) is their sum.
    const total = (field: "amount" | "charges" | "gst" | "payable") =>
      Math.round(paid.reduce((sum, payment) => sum + rupees(payment[field]), 0));
    return {
      trackingNumber,
      collected: total("amount"),
      charges: total("charges"),
      salesTax: total("gst"),
      netPaid: total("payable"),
      payoutReference: paid.map((payment) => payment.id).join(", "),
      payoutDate: readable(readKarachiDay(last.datetime ?? "")),
    };
  }

  /** A correction needs both address and phone (§20): the one the shop leaves unchanged is Trax's own. */
  async function correctionOf(trackingNumber: string, advice: Extract<ShipperAdvice, { kind: "correct" }>) {
    let { address, phone } = advice;
    if (address === null || phone === null) {
      const body = await call("the parcel's address", "shipment/track", trackAnswer, {
        query: { tracking_number: trackingNumber, type: "0" },
      });
      done(body, "the parcel's address");
      address ??= body.details?.consignee?.address ?? null;
      phone ??= body.details?.consignee?.phone_number_1 ?? null;
    }
    if (!address || !phone) throw new CourierApiError("refused", "Trax needs the customer's address and phone.");
    return { consignee_type: 1, consignee_address: address, consignee_phone_number_1: traxPhone(phone) };
  }

  return {
    kind: "trax",
    trackBatch: BATCH,
    async book(request: BookingRequest): Promise<Booked> {
      const before = await bookedBefore(request.reference);
      if (before) return { trackingNumber: before, labelUrl: null };
      const body = await call("the booking", "shipment/book", bookedAnswer, { json: bookingBody(request, shopOf()) });
      done(body, "the booking");
      const trackingNumber = body["tracking number"] ?? body.tracking_number;
      if (!trackingNumber) {
        throw new CourierApiError("badAnswer", "Trax answered the booking without a tracking number.");
      }
      return { trackingNumber, labelUrl: null };
    },
    async cancel(trackingNumber: string): Promise<void> {
      done(
        await call("the cancellation", "shipment/cancel", answer, { json: { tracking_number: trackingNumber } }),
        "the cancellation",
      );
    },
    async track(trackingNumbers: string[]): Promise<ParcelStatus[]> {
      return (await inTurn(trackingNumbers, trackOne)).filter((status) => status !== undefined);
    },
    async payments(trackingNumbers: string[]): Promise<ParcelPayment[]> {
      return (await inTurn(trackingNumbers, paymentOf)).filter((payment) => payment !== undefined);
    },
    async advise(trackingNumber: string, advice: ShipperAdvice): Promise<void> {
      const json = {
        tracking_number: trackingNumber,
        type: ADVICE_TYPE[advice.kind],
        remarks: advice.remark,
        ...(advice.kind === "correct" ? await correctionOf(trackingNumber, advice) : {}),
      };
      done(await call("the shipper advice", "request/rcp", answer, { json }), "the shipper advice");
    },
  };
}

export const traxApi: CourierApiDescriptor = {
  kind: "trax",
  label: "Trax",
  credentials: [
    {
      key: "apiKey",
      label: "API key",
      hint: "In Trax's portal (sonic.pk) click your company name at the top right: the profile's bottom row is the API key.",
    },
    {
      key: "pickupAddressId",
      label: "Pickup address ID",
      hint: "The number of the pickup address Trax collects from, in the portal's pickup addresses (or ask Trax).",
    },
    {
      key: "email",
      label: "Email for bookings",
      hint: "Trax requires an email on every booking and cash customers give none: the shop's own address is sent.",
    },
    {
      key: "webhookSecret",
      label: "Webhook secret",
      hint: "Optional: a long random text; webhooks posted to /api/couriers/<this courier's id>/webhook must carry its HMAC-SHA256 in X-Trax-Signature.",
      optional: true,
    },
  ],
  productionUrl: "https://sonic.pk",
  stagingUrl: "https://app.sonic.pk",
  sources: [
    "API Documentation - SONIC, Version 2.0, April 18, 2022 (Trax): https://www.scribd.com/document/599430972/API-Document-SONIC-Version-2-0-1",
    "The same document in the public client Tech-Andaz/ShipDrill: src/Trax/API Document - Trax.pdf, with src/Trax/TraxAPI.php",
    "Trax's status words and meanings: NajamNazar712/sonic, database/seeds/ShipmentStatusTableSeeder.php",
  ],
  create: createTrax,
};
