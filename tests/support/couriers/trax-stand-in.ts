// A stand-in for Trax's API (Sonic) on 127.0.0.1, for the adapter's tests: it answers the calls
// server/couriers/api/trax.ts makes the way Trax's document says, and keeps what it received. Shapes
// from "API Documentation - SONIC, Version 2.0, April 18, 2022"
// (https://www.scribd.com/document/599430972/API-Document-SONIC-Version-2-0-1; also in the public
// repository Tech-Andaz/ShipDrill, src/Trax/API Document - Trax.pdf):
// - the key alone in the Authorization header (Pre-Requisites);
// - §4 POST /api/shipment/book, its mandatory fields and limits (name 100, address and description
//   190 characters, phone 03001234567, a city id from §3's list, order_id unique for one shipper), and
//   { status: 0, message: "Shipment has been Booked!", "tracking number" };
// - §6 GET /api/shipment/track (type 1 leaves out payment statuses, Appendix E), history newest first
//   { date_time 'DD/MM/YYYY hh:mm AM', timestamp, status, status_reason };
// - §10 GET /api/shipment/payments { charges, current_payment_status, payments[] };
// - §12 POST /api/shipment/cancel; §17 GET /api/shipment/status/order_id;
// - §18-20 POST /api/request/rcp and their answers' messages.
// The document prints no error answer: refusals here use its own envelope, HTTP 200 with
// { status: 1, message } (what the public clients check for), validation ones with Laravel's wording
// and an `errors` bag, and its duplicate-order_id wording is Laravel's too (Trax documents the rule, not
// the words). A wrong key is a 401; a failing server a 500 { message: "Server Error" }. Those are this
// file's choices, not Trax's words.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** §3: the city ids the stand-in serves (Karachi, and Lahore for a parcel sent elsewhere). */
const CITIES: Record<number, string> = { 202: "Karachi", 251: "Lahore" };
const MANDATORY = [
  "service_type_id",
  "pickup_address_id",
  "information_display",
  "consignee_city_id",
  "consignee_name",
  "consignee_address",
  "consignee_phone_number_1",
  "consignee_email_address",
  "item_product_type_id",
  "item_description",
  "item_quantity",
  "item_insurance",
  "pickup_date",
  "estimated_weight",
  "shipping_mode_id",
  "amount",
  "payment_mode_id",
  "charges_mode_id",
] as const;
const LIMITS: Record<string, number> = { consignee_name: 100, consignee_address: 190, item_description: 190 };

export interface TraxEntry {
  status: string;
  reason: string | null;
  at: Date;
}
export interface TraxPayment {
  id: number;
  datetime: string;
  amount: number;
  charges: string;
  gst: string;
  payable: string;
}
export interface TraxBooking {
  trackingNumber: string;
  body: Record<string, unknown>;
  history: TraxEntry[];
  payments: TraxPayment[];
}
export interface TraxRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

export interface TraxStandIn {
  /** What the adapter's baseUrl is set to: `http://127.0.0.1:<port>`. */
  url: string;
  apiKey: string;
  /** Every booking made, in order (a booking whose answer hung is here too). */
  bookings: TraxBooking[];
  /** Every request received, refused ones too. */
  requests: TraxRequest[];
  /** The bodies of the shipper advice accepted (§18-20). */
  adviceReceived: Record<string, unknown>[];
  /** The next `count` requests to `path` (any, if left out) are done, then answered only after `ms`. */
  hangNext(count: number, path?: string, ms?: number): void;
  /** The next `count` requests fail with a 500 before doing anything. */
  failNext(count: number): void;
  /** Adds a status (Trax's own words, newest first in tracking) to a parcel. */
  setStatus(trackingNumber: string, status: string, reason?: string | null): void;
  /** Records a payment of a parcel, as §10 shows it. */
  setPayment(trackingNumber: string, payment: Partial<TraxPayment> & { amount: number }): void;
  close(): Promise<void>;
}

/** 'DD/MM/YYYY hh:mm AM' in Karachi (UTC+5), as the document's tracking prints it. */
function karachiClock(at: Date): string {
  const local = new Date(at.getTime() + 5 * 3600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  const hour = local.getUTCHours();
  const date = `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
  return `${date} ${two(hour % 12 || 12)}:${two(local.getUTCMinutes())} ${hour < 12 ? "AM" : "PM"}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const field = (name: string) => name.replace(/_/g, " ");

export async function startTraxStandIn(options: { apiKey?: string } = {}): Promise<TraxStandIn> {
  const apiKey = options.apiKey ?? "dHJheC1zdGFuZC1pbi1rZXk5f2a";
  const bookings: TraxBooking[] = [];
  const requests: TraxRequest[] = [];
  const adviceReceived: Record<string, unknown>[] = [];
  const hangs: { path: string | undefined; ms: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let failures = 0;
  let serial = 0;
  const find = (trackingNumber: unknown) => bookings.find((parcel) => parcel.trackingNumber === String(trackingNumber));
  const latest = (parcel: TraxBooking) => parcel.history[0];

  type Answer = { code: number; body: Record<string, unknown> };
  const ok = (body: Record<string, unknown>): Answer => ({ code: 200, body: { status: 0, ...body } });
  const refuse = (message: string, errors?: Record<string, string[]>): Answer => ({
    code: 200,
    body: { status: 1, message, ...(errors ? { errors } : {}) },
  });

  function book(body: Record<string, unknown>): Answer {
    const missing = MANDATORY.find((name) => body[name] === undefined || body[name] === null || body[name] === "");
    if (missing) {
      const message = `The ${field(missing)} field is required.`;
      return refuse(message, { [missing]: [message] });
    }
    for (const [name, limit] of Object.entries(LIMITS)) {
      if (String(body[name]).length > limit) {
        const message = `The ${field(name)} may not be greater than ${limit} characters.`;
        return refuse(message, { [name]: [message] });
      }
    }
    if (!/^03\d{9}$/.test(String(body.consignee_phone_number_1))) {
      const message = "The consignee phone number 1 format is invalid.";
      return refuse(message, { consignee_phone_number_1: [message] });
    }
    if (!CITIES[Number(body.consignee_city_id)]) {
      const message = "The selected consignee city id is invalid.";
      return refuse(message, { consignee_city_id: [message] });
    }
    if (body.order_id !== undefined && bookings.some((parcel) => parcel.body.order_id === body.order_id)) {
      const message = "The order id has already been taken.";
      return refuse(message, { order_id: [message] });
    }
    serial += 1;
    const trackingNumber = `2022023${String(700000 + serial)}`;
    bookings.push({
      trackingNumber,
      body,
      history: [{ status: "Shipment - Booked", reason: null, at: new Date() }],
      payments: [],
    });
    return ok({ message: "Shipment has been Booked!", "tracking number": trackingNumber });
  }

  function track(query: Record<string, string>): Answer {
    const parcel = find(query.tracking_number);
    if (!parcel) return refuse("Invalid Tracking Number");
    // Appendix E: type 1 (general) leaves out the payment and weight statuses.
    const history = parcel.history.filter((entry) => query.type !== "1" || !/^payment\b/i.test(entry.status));
    const b = parcel.body;
    return ok({
      message: `Tracking of Shipment #${parcel.trackingNumber}`,
      details: {
        tracking_number: parcel.trackingNumber,
        order_id: b.order_id ?? null,
        consignee: {
          name: b.consignee_name,
          phone_number_1: String(b.consignee_phone_number_1).replace(/^(\d{4})/, "$1-"),
          phone_number_2: null,
          destination: CITIES[Number(b.consignee_city_id)],
          address: b.consignee_address,
        },
        order_information: { weight: b.estimated_weight, shipping_mode: "Rush", amount: b.amount },
        tracking_history: history.map((entry) => ({
          date_time: karachiClock(entry.at),
          timestamp: Math.floor(entry.at.getTime() / 1000),
          status: entry.status,
          status_reason: entry.reason,
        })),
      },
    });
  }

  function answerOf(
    method: string,
    path: string,
    query: Record<string, string>,
    body: Record<string, unknown>,
  ): Answer {
    if (method === "POST" && path === "/api/shipment/book") return book(body);
    if (method === "GET" && path === "/api/shipment/track") return track(query);
    if (method === "GET" && path === "/api/shipment/status/order_id") {
      const found = bookings.filter((parcel) => parcel.body.order_id === query.order_id);
      if (found.length === 0) return refuse(`No Shipment found against Order ID #${query.order_id}`);
      return ok({
        message: `Status of Shipment(s) - Order ID #${query.order_id}`,
        details: found.map((parcel) => ({
          origin: "Karachi",
          destination: CITIES[Number(parcel.body.consignee_city_id)],
          tracking_number: Number(parcel.trackingNumber),
          status: latest(parcel)?.status,
          reason: latest(parcel)?.reason ?? null,
          current_status_datetime: karachiClock(latest(parcel)?.at ?? new Date()),
        })),
      });
    }
    if (method === "GET" && path === "/api/shipment/payments") {
      const parcel = find(query.tracking_number);
      if (!parcel) return refuse("Invalid Tracking Number");
      return ok({
        message: `Payment(s) of Shipment #${parcel.trackingNumber}`,
        charges: { cash_handling_charges: "0.00" },
        current_payment_status: parcel.payments.length > 0 ? "Payment - Processed" : "No Payments",
        payments: parcel.payments,
      });
    }
    if (method === "POST" && path === "/api/shipment/cancel") {
      const parcel = find(body.tracking_number);
      if (!parcel) return refuse("Invalid Tracking Number");
      if (latest(parcel)?.status !== "Shipment - Booked") return refuse("Shipment cannot be Cancelled");
      parcel.history.unshift({ status: "Shipment - Cancelled", reason: null, at: new Date() });
      return ok({ message: `Shipment #${parcel.trackingNumber} is Cancelled` });
    }
    if (method === "POST" && path === "/api/request/rcp") {
      const parcel = find(body.tracking_number);
      if (!parcel) return refuse("Invalid Tracking Number");
      const type = Number(body.type);
      if (type === 3) {
        const missing = ["consignee_type", "consignee_address", "consignee_phone_number_1"].find((name) => !body[name]);
        if (missing) return refuse(`The ${field(missing)} field is required.`);
      } else if (type !== 1 && type !== 2) {
        return refuse("The selected type is invalid.");
      }
      adviceReceived.push(body);
      if (type === 1) {
        parcel.history.unshift({ status: "Shipment - Return Confirm", reason: null, at: new Date() });
        return ok({ message: "Shipment successfully marked as Shipment - Return Confirm" });
      }
      if (type === 2) {
        parcel.history.unshift({ status: "Re-Attempt - Requested", reason: null, at: new Date() });
        return ok({ message: "Shipment successfully updated as (Re-Attempt - Requested)" });
      }
      return ok({ message: `Intercept/Re-Book request submitted against Tracking Number: ${parcel.trackingNumber}` });
    }
    return { code: 404, body: { message: "Not Found" } };
  }

  const send = (response: ServerResponse, { code, body }: Answer) => {
    if (response.destroyed) return;
    response.writeHead(code, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const text = await readBody(request);
    let body: unknown = text;
    try {
      body = text === "" ? {} : JSON.parse(text);
    } catch {
      // kept as text: the record shows what came
    }
    const query = Object.fromEntries(url.searchParams);
    const method = request.method ?? "GET";
    requests.push({ method, path: url.pathname, query, authorization: request.headers.authorization, body });
    if (failures > 0) {
      failures -= 1;
      return send(response, { code: 500, body: { message: "Server Error" } });
    }
    if (request.headers.authorization !== apiKey) {
      return send(response, { code: 401, body: { message: "Unauthorized" } });
    }
    const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const answer = answerOf(method, url.pathname, query, fields);
    const hang = hangs.findIndex((h) => h.path === undefined || h.path === url.pathname);
    if (hang < 0) return send(response, answer);
    // The work is done; only the answer is late, as when it is lost on the way back.
    const ms = hangs.splice(hang, 1)[0]?.ms ?? 0;
    const timer = setTimeout(() => {
      timers.delete(timer);
      send(response, answer);
    }, ms);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    bookings,
    requests,
    adviceReceived,
    hangNext(count, path, ms = 1500) {
      for (let i = 0; i < count; i += 1) hangs.push({ path, ms });
    },
    failNext(count) {
      failures = count;
    },
    setStatus(trackingNumber, status, reason = null) {
      const parcel = find(trackingNumber);
      if (!parcel) throw new Error(`The stand-in booked no ${trackingNumber}`);
      // One second after the newest entry, so the history stays newest first even within a second.
      const after = (latest(parcel)?.at.getTime() ?? Date.now()) + 1000;
      parcel.history.unshift({ status, reason, at: new Date(Math.max(after, Date.now())) });
    },
    setPayment(trackingNumber, payment) {
      const parcel = find(trackingNumber);
      if (!parcel) throw new Error(`The stand-in booked no ${trackingNumber}`);
      parcel.payments.push({
        id: 5400 + parcel.payments.length + bookings.indexOf(parcel) * 10,
        datetime: "2022-01-07 13:04:58",
        charges: "0.00",
        gst: "0.00",
        payable: payment.amount.toFixed(2),
        ...payment,
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
