// PostEx's merchant API (issue 49): https://api.postex.pk/services/integration/api/order, the
// merchant's API token in a `token` header on every call and nowhere else. PostEx publishes its
// "Merchant API Integration Guide" (M-v4.1.9) as a PDF,
// merchant-api-guide.s3.ap-south-1.amazonaws.com/PostEx-COD_API_Integration_Guide_V4.1.9.pdf; the
// shapes here are that guide's as public clients use it (postex-answers.ts cites each answer):
// - POST v3/create-order `{ orderRefNumber, invoicePayment, orderDetail, customerName, customerPhone
//   ('03xxxxxxxxx'), deliveryAddress, transactionNotes, cityName, invoiceDivision, items,
//   pickupAddressCode, orderType: Normal | Reversed | Replacement }`: github.com/AI-CodeBrew/OMS
//   backend/integrations/postex/services.py, github.com/callmeahmedr/postex-api-integration
//   create-order/create-order.php (which also sends bookingWeight, in kilograms);
// - GET v2/get-operational-city (the city names create-order takes), GET v2/get-unbooked-orders
//   ?startDate&endDate (callmeahmedr get-unbooked-orders.php);
// - GET v1/track-bulk-order?TrackingNumbers=a,b (comma-separated: callmeahmedr
//   track-order/bulk-order-tracking.php; AI-CodeBrew/OMS client.py checked it on the live host);
// - PUT v1/cancel-order `{ trackingNumber }`, GET v1/payment-status/{trackingNumber}, PUT
//   v2/save-shipper-advice `{ trackingNumber, statusId: 1 return | 2 reattempt, remarks }`
//   (AI-CodeBrew/OMS client.py; github.com/macworldgithub/GlimmerBackend src/postex/postex.service.ts).
// Not published: an answer for a repeated orderRefNumber (see book), a test host, a limit on the
// numbers one bulk track takes, a status for a lost or damaged parcel (postex-statuses.ts), a way to
// send a corrected address or phone with shipper advice (see advise), and a label URL: the airway
// bill (GET v1/get-invoice) is a PDF answered only with the token, so a booking's labelUrl is null.
import type { z } from "zod";
import {
  type Booked,
  type BookingRequest,
  type CourierApi,
  type CourierApiDescriptor,
  CourierApiError,
  type CourierApiSettings,
  type ParcelPayment,
  type ParcelStatus,
  type ShipperAdvice,
} from "./courier-api.ts";
import { callCourier } from "./http.ts";
import * as answers from "./postex-answers.ts";
import { paymentOf, statusOf } from "./postex-lines.ts";

const COURIER = "PostEx";
const PRODUCTION_URL = "https://api.postex.pk/services/integration/api/order";
/** PostEx states no limit; a public client tracks 26 at once on the live host. 50 keeps a URL short. */
const TRACK_BATCH = 50;
/** payment-status answers one parcel a call: this many at a time, not 50 at once. */
const PAYMENT_CALLS_AT_ONCE = 4;

/** '+923001234567' (or '923001234567', '3001234567') as PostEx wants it: '03001234567'. */
function postexPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.startsWith("92") && digits.length === 12) return `0${digits.slice(2)}`;
  if (digits.startsWith("3") && digits.length === 10) return `0${digits}`;
  return digits;
}

/** Today's and yesterday's Karachi dates ('2026-11-28'): a booking made just before midnight is found. */
function karachiDays(now = Date.now()): [string, string] {
  const day = (ms: number) => new Date(ms + 5 * 3_600_000).toISOString().slice(0, 10);
  return [day(now - 86_400_000), day(now)];
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

function createPostEx(settings: CourierApiSettings): CourierApi {
  const token = settings.credentials.token?.trim() ?? "";
  const pickupAddressCode = settings.credentials.pickupAddressCode?.trim() || undefined;
  const base = settings.baseUrl.replace(/\/+$/, "");

  /** One call; null when PostEx answers that it has no such record (statusCode 404). */
  async function call<D extends z.ZodType>(
    what: string,
    method: "GET" | "POST" | "PUT",
    path: string,
    dist: D,
    json?: unknown,
  ): Promise<z.output<D> | null> {
    if (token === "") throw new CourierApiError("credentials", "PostEx needs its API token: enter it in its settings.");
    try {
      const { body } = await callCourier({
        courier: COURIER,
        what,
        method,
        url: `${base}${path}`,
        headers: { token },
        json,
        timeoutMs: settings.timeoutMs,
        schema: answers.envelope(dist),
      });
      if (body.ok) return body.dist;
      if (body.code === "404") return null;
      if (body.code === "401" || body.code === "403") {
        throw new CourierApiError("credentials", `PostEx refused the shop's API token for ${what}.`);
      }
      if (body.code.startsWith("5")) throw new CourierApiError("unavailable", `PostEx failed ${what} (${body.code}).`);
      throw new CourierApiError("refused", `PostEx refused ${what}: ${body.message ?? body.code}`.slice(0, 300));
    } catch (error) {
      // PostEx's words only ever reach the owner; a token it echoed must not.
      if (error instanceof CourierApiError && error.message.includes(token)) {
        throw new CourierApiError(error.failure, error.message.replaceAll(token, "[token]"));
      }
      throw error;
    }
  }

  const refusedMissing = (what: string): never => {
    throw new CourierApiError("refused", `PostEx has no record for ${what}.`);
  };

  // create-order takes a city by PostEx's own name for it (upper case on the live host): asked once.
  let cityNames: Promise<string[]> | undefined;
  async function cityName(city: string): Promise<string> {
    cityNames ??= call("its city list", "GET", "/v2/get-operational-city", answers.cities).then((rows) =>
      (rows ?? []).filter((row) => row.isDeliveryCity !== false).map((row) => row.operationalCityName),
    );
    const names = await cityNames.catch((error: unknown) => {
      cityNames = undefined;
      throw error;
    });
    const name = names.find((n) => n.toLowerCase() === city.trim().toLowerCase());
    if (name === undefined) throw new CourierApiError("refused", `PostEx does not list ${city} among its cities.`);
    return name;
  }

  /**
   * PostEx publishes no answer for an orderRefNumber it has already booked (nor that it refuses
   * one), so a booking first looks for its reference among the orders PostEx booked and has not yet
   * picked up, today's and yesterday's (a documented call). A booking whose answer was lost is there: its parcel
   * cannot have been handed over, as the load sheet that hands it over needs the tracking number
   * the shop never got.
   */
  async function alreadyBooked(reference: string): Promise<string | undefined> {
    const [yesterday, today] = karachiDays();
    const query = new URLSearchParams({ startDate: yesterday, endDate: today });
    const rows = await call("the booking check", "GET", `/v2/get-unbooked-orders?${query}`, answers.unbooked);
    const wanted = reference.trim().toLowerCase();
    return rows?.find((row) => row.orderRefNumber?.trim().toLowerCase() === wanted)?.trackingNumber;
  }

  async function trackedParcels(numbers: string[]): Promise<Map<string, answers.Parcel>> {
    const found = new Map<string, answers.Parcel>();
    for (const batch of chunks(numbers, TRACK_BATCH)) {
      const query = new URLSearchParams({ TrackingNumbers: batch.join(",") });
      const rows = await call("tracking", "GET", `/v1/track-bulk-order?${query}`, answers.tracked);
      for (const row of rows ?? []) {
        const number = row.trackingNumber ?? row.trackingResponse?.trackingNumber;
        if (number && row.trackingResponse) found.set(number, row.trackingResponse);
      }
    }
    return found;
  }

  return {
    kind: "postex",
    trackBatch: TRACK_BATCH,

    async book(request: BookingRequest): Promise<Booked> {
      const earlier = await alreadyBooked(request.reference);
      if (earlier) return { trackingNumber: earlier, labelUrl: null };
      const order = {
        orderRefNumber: request.reference,
        orderType: "Normal",
        // The guide types the COD amount as a string.
        invoicePayment: String(request.codAmount),
        orderDetail: request.contents,
        customerName: request.customerName,
        customerPhone: postexPhone(request.phone),
        deliveryAddress: request.address,
        cityName: await cityName(request.city),
        transactionNotes: request.note ?? "",
        invoiceDivision: 1,
        items: request.pieces,
        bookingWeight: request.weightGrams / 1000,
        pickupAddressCode,
      };
      const dist = await call("the booking", "POST", "/v3/create-order", answers.created, order);
      return { trackingNumber: (dist ?? refusedMissing("the booking")).trackingNumber, labelUrl: null };
    },

    async cancel(trackingNumber: string): Promise<void> {
      const done = await call("the cancellation", "PUT", "/v1/cancel-order", answers.anything, { trackingNumber });
      if (done === null) refusedMissing(`parcel ${trackingNumber}`);
    },

    async track(trackingNumbers: string[]): Promise<ParcelStatus[]> {
      const parcels = await trackedParcels(trackingNumbers);
      return [...parcels].map(([number, p]) => statusOf(number, p));
    },

    async payments(trackingNumbers: string[]): Promise<ParcelPayment[]> {
      // Only a delivered or returned parcel is settled: the others are not asked about.
      const parcels = [...(await trackedParcels(trackingNumbers))].filter(([number, p]) =>
        ["delivered", "refused"].includes(statusOf(number, p).outcome),
      );
      const lines: ParcelPayment[] = [];
      for (const group of chunks(parcels, PAYMENT_CALLS_AT_ONCE)) {
        const paid = await Promise.all(
          group.map(([number]) =>
            call("the payment status", "GET", `/v1/payment-status/${encodeURIComponent(number)}`, answers.payment),
          ),
        );
        group.forEach(([number, p], i) => {
          const status = paid[i];
          // Not settled yet (or unknown to PostEx's payments): left out until it is.
          if (status?.settle === true) lines.push(paymentOf(number, p, status));
        });
      }
      return lines;
    },

    /**
     * PostEx's shipper advice takes a return (statusId 1) or a reattempt (2) with remarks. It
     * publishes no field for a corrected address or phone, so a correction is a reattempt whose
     * remarks carry them for the rider.
     */
    async advise(trackingNumber: string, advice: ShipperAdvice): Promise<void> {
      const remarks =
        advice.kind === "correct"
          ? [
              advice.remark,
              advice.address && `Deliver to: ${advice.address}`,
              advice.phone && `Call: ${postexPhone(advice.phone)}`,
            ]
              .filter((part) => part && part.trim() !== "")
              .join(". ")
          : advice.remark;
      const statusId = advice.kind === "return" ? 1 : 2;
      const body = { trackingNumber, statusId, remarks };
      const done = await call("the shipper advice", "PUT", "/v2/save-shipper-advice", answers.anything, body);
      if (done === null) refusedMissing(`parcel ${trackingNumber}`);
    },
  };
}

export const postexApi: CourierApiDescriptor = {
  kind: "postex",
  label: "PostEx",
  credentials: [
    {
      key: "token",
      label: "API token",
      hint: "The merchant API token from the PostEx merchant portal's integration settings; PostEx's integration team issues one on request.",
    },
    {
      key: "pickupAddressCode",
      label: "Pickup address code",
      hint: "The code of the shop's pickup address among the PostEx merchant portal's pickup addresses ('001' for the first).",
    },
  ],
  productionUrl: PRODUCTION_URL,
  // PostEx publishes no test host: bookings made while trying the settings are real (cancel them).
  stagingUrl: null,
  sources: [
    "PostEx Merchant API Integration Guide M-v4.1.9: https://merchant-api-guide.s3.ap-south-1.amazonaws.com/PostEx-COD_API_Integration_Guide_V4.1.9.pdf",
    "callmeahmedr/postex-api-integration (create-order, track-order, get-unbooked-orders): https://github.com/callmeahmedr/postex-api-integration",
    "AI-CodeBrew/OMS backend/integrations/postex/client.py and services.py (envelope, errors, cancel, payment status, shipper advice, status words and codes seen live): https://github.com/AI-CodeBrew/OMS",
    "macworldgithub/GlimmerBackend src/postex/postex.controller.ts and postex.service.ts (answers' examples, order status list, history codes): https://github.com/macworldgithub/GlimmerBackend",
    "api-evangelist/postex openapi/postex-orders-api-openapi.yml (token header, Spring error envelope): https://github.com/api-evangelist/postex",
  ],
  create: createPostEx,
};
