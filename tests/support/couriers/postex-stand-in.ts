// A stand-in for PostEx's merchant API on 127.0.0.1, for tests/courier-api-postex.test.ts: it answers
// the calls the shop's adapter (server/couriers/api/postex.ts) makes, under the same path as
// https://api.postex.pk/services/integration/api/order, and keeps what it was asked. Sources:
// - PostEx's Merchant API Integration Guide M-v4.1.9 (merchant-api-guide.s3.ap-south-1.amazonaws.com/
//   PostEx-COD_API_Integration_Guide_V4.1.9.pdf), read through public clients: the `token` header;
//   the envelope `{ statusCode: "200", statusMessage, dist }`; create-order's fields and its answer
//   `{ trackingNumber, orderStatus: "UnBooked", orderDate }`, the operational cities, the payment
//   status `{ orderRefNumber, trackingNumber, settle, settlementDate, upfrontPaymentDate, cprNumber_1,
//   reservePaymentDate, cprNumber_2 }` and the order status words (github.com/macworldgithub/
//   GlimmerBackend src/postex/postex.controller.ts); get-unbooked-orders ?startDate&endDate and
//   track-bulk-order ?TrackingNumbers=a,b with rows `{ trackingNumber, message, trackingResponse }`
//   (github.com/callmeahmedr/postex-api-integration); cancel-order, save-shipper-advice `{ trackingNumber,
//   statusId: 1 return | 2 reattempt, remarks }`, a bad token as HTTP 401 `{ statusCode: "401",
//   statusMessage: "TOKEN IS INVALID" }`, an unknown number as HTTP 200 `{ statusCode: "404",
//   statusMessage: "RECORD NOT FOUND" }` and an unknown one in a bulk track as a row with message
//   "ORDER NOT FOUND" (github.com/AI-CodeBrew/OMS backend/integrations/postex/client.py);
// - a missing header or parameter, and a 500, as Spring Boot's error body `{ timestamp, status,
//   error, message, path }` (github.com/api-evangelist/postex openapi/postex-orders-api-openapi.yml).
// The guide shows no refusal's wording: each refusal's message here is the stand-in's own. Nor does
// it say what a repeated orderRefNumber gets, so the stand-in takes the worst case and books it
// again: the adapter must not ask twice.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const BASE = "/services/integration/api/order";

/** A parcel PostEx booked: the request's fields as sent, and what the stand-in says of it since. */
export interface PostExBooking {
  trackingNumber: string;
  orderRefNumber: string;
  request: Record<string, unknown>;
  /** Karachi's local time, as PostEx writes it: '2026-11-28 14:05:00'. */
  transactionDate: string;
  transactionStatus: string;
  history: { transactionStatusMessage: string; transactionStatusMessageCode?: string; modifiedDatetime: string }[];
  amounts: Partial<Record<PostExAmount, number>>;
  payment: PostExPayment;
}
export type PostExAmount =
  | "transactionFee"
  | "transactionTax"
  | "reversalFee"
  | "reversalTax"
  | "upfrontPayment"
  | "reservePayment"
  | "balancePayment";
export interface PostExPayment {
  settle: boolean;
  settlementDate?: string;
  upfrontPaymentDate?: string;
  cprNumber_1?: string;
  reservePaymentDate?: string;
  cprNumber_2?: string;
}
export interface ReceivedRequest {
  method: string;
  /** The path after the API's base: '/v3/create-order'. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface PostExStandIn {
  /** The API's base as the adapter's settings take it: `http://127.0.0.1:<port>/services/integration/api/order`. */
  url: string;
  token: string;
  bookings: PostExBooking[];
  requests: ReceivedRequest[];
  adviceReceived: { trackingNumber: string; statusId: number; remarks: string }[];
  cancelled: string[];
  /** The operational cities, as PostEx's live list writes them (upper case); a test may change them. */
  cities: string[];
  /** The next `count` calls (to `endpoint` only, when given: '/v3/create-order') do their work and never answer. */
  hangNext(count: number, endpoint?: string): void;
  /** The next `count` calls (to `endpoint` only, when given) fail with a 500, doing nothing. */
  failNext(count: number, endpoint?: string): void;
  /** PostEx moves the parcel: its status word and a history step (code, words, Karachi time). */
  setStatus(trackingNumber: string, status: string, step?: { code?: string; message?: string; at?: string }): void;
  setAmounts(trackingNumber: string, amounts: Partial<Record<PostExAmount, number>>): void;
  setPayment(trackingNumber: string, payment: PostExPayment): void;
  close(): Promise<void>;
}

const karachiNow = () => new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
const ok = (dist?: unknown, statusMessage = "SUCCESSFULLY OPERATED") => ({ statusCode: "200", statusMessage, dist });
const refusal = (statusMessage: string) => ({ statusCode: "400", statusMessage });
const NOT_FOUND = { statusCode: "404", statusMessage: "RECORD NOT FOUND" };
const springError = (status: number, error: string, message: string, path: string) => ({
  timestamp: new Date().toISOString(),
  status,
  error,
  message,
  path,
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const REQUIRED: [field: string, label: string][] = [
  ["orderRefNumber", "Order Reference Number"],
  ["customerName", "Customer Name"],
  ["customerPhone", "Customer Phone"],
  ["deliveryAddress", "Delivery Address"],
  ["cityName", "City Name"],
  ["orderType", "Order Type"],
  ["pickupAddressCode", "Pickup Address Code"],
];

export async function startPostExStandIn(
  options: { token?: string; pickupAddressCodes?: string[] } = {},
): Promise<PostExStandIn> {
  const token = options.token ?? "postex-token-7f3c9a1e5b";
  const addressCodes = options.pickupAddressCodes ?? ["001"];
  const bookings: PostExBooking[] = [];
  const requests: ReceivedRequest[] = [];
  const adviceReceived: PostExStandIn["adviceReceived"] = [];
  const cancelled: string[] = [];
  const cities = ["ISLAMABAD", "KARACHI", "LAHORE", "RAWALPINDI"];
  const hangs: { count: number; endpoint: string | undefined }[] = [];
  const failures: { count: number; endpoint: string | undefined }[] = [];
  const held: ServerResponse[] = [];
  let serial = 0;

  const byNumber = (number: unknown) => bookings.find((b) => b.trackingNumber === String(number));
  const take = (knobs: typeof hangs, path: string) => {
    const knob = knobs.find((k) => k.count > 0 && (k.endpoint === undefined || path.startsWith(k.endpoint)));
    if (knob) knob.count -= 1;
    return knob !== undefined;
  };
  const parcelOf = (b: PostExBooking) => ({
    ...b.request,
    invoicePayment: Number(b.request.invoicePayment),
    trackingNumber: b.trackingNumber,
    transactionDate: b.transactionDate,
    merchantName: "Karachi Shoe Shop",
    transactionStatus: b.transactionStatus,
    transactionStatusHistory: b.history,
    ...b.amounts,
  });

  function createOrder(order: Record<string, unknown>): [number, unknown] {
    const blank = REQUIRED.find(([field]) => typeof order[field] !== "string" || String(order[field]).trim() === "");
    if (blank) return [400, refusal(`${blank[1]} is required`)];
    if (!/^03\d{9}$/.test(String(order.customerPhone))) {
      return [400, refusal("Invalid Customer Phone, it must be 11 digits like 03xxxxxxxxx")];
    }
    if (!cities.includes(String(order.cityName))) return [400, refusal(`Invalid City Name: ${order.cityName}`)];
    if (!["Normal", "Reversed", "Replacement"].includes(String(order.orderType))) {
      return [400, refusal("Invalid Order Type")];
    }
    if (!addressCodes.includes(String(order.pickupAddressCode))) return [400, refusal("Invalid Pickup Address Code")];
    if (!/^\d+(\.\d+)?$/.test(String(order.invoicePayment))) return [400, refusal("Invalid Invoice Payment")];
    if (!Number.isInteger(order.items) || Number(order.items) < 1) return [400, refusal("Invalid Items")];
    serial += 1;
    const booking: PostExBooking = {
      trackingNumber: String(26704560000000 + serial),
      orderRefNumber: String(order.orderRefNumber),
      request: order,
      transactionDate: karachiNow(),
      transactionStatus: "Unbooked",
      history: [],
      amounts: {},
      payment: { settle: false },
    };
    bookings.push(booking);
    const dist = {
      trackingNumber: booking.trackingNumber,
      orderStatus: "UnBooked",
      orderDate: booking.transactionDate,
    };
    return [200, ok(dist, "ORDER HAS BEEN CREATED")];
  }

  /** The answer to one authorised call: its HTTP status and body. */
  function answer(method: string, path: string, query: URLSearchParams, body: unknown): [number, unknown] {
    const json = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const missingParameter = (name: string): [number, unknown] => [
      400,
      springError(400, "Bad Request", `Required String parameter '${name}' is not present`, BASE + path),
    ];
    if (method === "GET" && path === "/v2/get-operational-city") {
      const rows = cities.map((name) => ({
        operationalCityName: name,
        countryName: "Pakistan",
        isPickupCity: true,
        isDeliveryCity: true,
      }));
      return [200, ok(rows)];
    }
    if (method === "GET" && path === "/v2/get-unbooked-orders") {
      const [start, end] = [query.get("startDate"), query.get("endDate")];
      if (!start) return missingParameter("startDate");
      if (!end) return missingParameter("endDate");
      const day = (b: PostExBooking) => b.transactionDate.slice(0, 10);
      const rows = bookings.filter((b) => b.transactionStatus === "Unbooked" && day(b) >= start && day(b) <= end);
      return [200, ok(rows.map(parcelOf))];
    }
    if (method === "POST" && path === "/v3/create-order") return createOrder(json);
    if (method === "GET" && path === "/v1/track-bulk-order") {
      const numbers = query.get("TrackingNumbers");
      if (!numbers) return missingParameter("TrackingNumbers");
      const rows = numbers.split(",").map((number) => {
        const b = byNumber(number.trim());
        return b
          ? { trackingNumber: b.trackingNumber, message: "SUCCESSFULLY OPERATED", trackingResponse: parcelOf(b) }
          : { trackingNumber: number.trim(), message: "ORDER NOT FOUND" };
      });
      return [200, ok(rows)];
    }
    if (method === "GET" && path.startsWith("/v1/payment-status/")) {
      const b = byNumber(decodeURIComponent(path.slice("/v1/payment-status/".length)));
      if (!b) return [200, NOT_FOUND];
      return [200, ok({ orderRefNumber: b.orderRefNumber, trackingNumber: b.trackingNumber, ...b.payment })];
    }
    if (method === "PUT" && path === "/v1/cancel-order") {
      const b = byNumber(json.trackingNumber);
      if (!b) return [200, NOT_FOUND];
      // Only a parcel PostEx has not picked up yet can be cancelled.
      if (!["Unbooked", "Booked"].includes(b.transactionStatus)) {
        return [400, refusal(`Order is ${b.transactionStatus} and can no longer be cancelled`)];
      }
      b.transactionStatus = "Un-Assigned By Me";
      cancelled.push(b.trackingNumber);
      return [200, ok(undefined, "ORDER HAS BEEN CANCELLED")];
    }
    if (method === "PUT" && path === "/v2/save-shipper-advice") {
      const b = byNumber(json.trackingNumber);
      if (!b) return [200, NOT_FOUND];
      if (json.statusId !== 1 && json.statusId !== 2) return [400, refusal("Invalid Status Id")];
      if (!["Attempted", "Delivery Under Review"].includes(b.transactionStatus)) {
        return [400, refusal("Shipper advice is allowed only on an attempted order")];
      }
      const remarks = typeof json.remarks === "string" ? json.remarks : "";
      adviceReceived.push({ trackingNumber: b.trackingNumber, statusId: json.statusId, remarks });
      return [200, ok(undefined, "SHIPPER ADVICE HAS BEEN SAVED")];
    }
    return [404, springError(404, "Not Found", "No message available", BASE + path)];
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const text = await readBody(request);
    let body: unknown;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      return send(response, 400, springError(400, "Bad Request", "JSON parse error", url.pathname));
    }
    const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) : url.pathname;
    const method = request.method ?? "GET";
    requests.push({ method, path, query: Object.fromEntries(url.searchParams), headers: request.headers, body });
    const given = request.headers.token;
    if (given === undefined) {
      const message = "Missing request header 'token' for method parameter of type String";
      return send(response, 400, springError(400, "Bad Request", message, url.pathname));
    }
    if (given !== token) return send(response, 401, { statusCode: "401", statusMessage: "TOKEN IS INVALID" });
    if (take(failures, path)) {
      return send(response, 500, springError(500, "Internal Server Error", "Something went wrong", url.pathname));
    }
    const [status, answered] = answer(method, path, url.searchParams, body);
    // The work is done; the answer is lost on the way back.
    if (take(hangs, path)) {
      held.push(response);
      return;
    }
    send(response, status, answered);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const booking = (number: string) => {
    const b = byNumber(number);
    if (!b) throw new Error(`The PostEx stand-in booked no parcel ${number}.`);
    return b;
  };
  return {
    url: `http://127.0.0.1:${port}${BASE}`,
    token,
    bookings,
    requests,
    adviceReceived,
    cancelled,
    cities,
    hangNext: (count, endpoint) => void hangs.push({ count, endpoint }),
    failNext: (count, endpoint) => void failures.push({ count, endpoint }),
    setStatus(number, status, step = {}) {
      const b = booking(number);
      b.transactionStatus = status;
      b.history.push({
        transactionStatusMessage: step.message ?? status,
        ...(step.code === undefined ? {} : { transactionStatusMessageCode: step.code }),
        modifiedDatetime: step.at ?? karachiNow(),
      });
    },
    setAmounts: (number, amounts) => void Object.assign(booking(number).amounts, amounts),
    setPayment(number, payment) {
      booking(number).payment = payment;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
