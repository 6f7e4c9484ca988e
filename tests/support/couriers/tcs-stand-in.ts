// A stand-in for TCS's e-commerce API ("OCI Connect") on 127.0.0.1, for tests/courier-api-tcs.test.ts:
// it answers the calls server/couriers/api/tcs.ts makes the way TCS's API User Guide v1.0 prints them
// (https://ociconnect.tcscourier.com/ecom/index.html; the guide's text is public in
// Suefyawn/YellowPink at .audit/tcs-cod-api-spec.txt), and keeps what it was asked.
// - Authentication token (p. 5): GET with username and password, the bearer token in the header;
//   {accesstoken, expiry, message, traceid}, or {result:null, status:false, code:"401"}.
// - Booking create (p. 6-13): its field rules (3-50 letter names, 11-digit 03… mobiles, a known
//   city, cost center, COD 0-250000, 0.5 kg at least); {response:"SUCCESS", consignmentNo, code,
//   status, message, requestTime, responseTime}, or {error:[{errorname}], message, traceid}. The
//   guide prints "error description" for errorname: the words here are ours. It names no duplicate
//   reference answer, so a second booking with the same reference makes a second consignment.
// - Booking cancel (p. 14): {message:"SUCCESS"} or {message:"Failure: No Record Founds"}.
// - Cost center inquiry (p. 19-20), payment status (p. 21) and detail (p. 22-23): rows as printed,
//   "No Data Found"/"Invalid CN" with detail null when there are none.
// - Tracking (p. 32-33): shipmentinfo, deliveryinfo (code and words), checkpoints, shipmentsummary;
//   message "FAIL" with nulls for a number it has no scan of.
// - Refusals: a wrong bearer token {code:401, message:"Invalid Bearer token. Mismatch
//   configuration.", status:"UnAuthorized"}; a wrong access token {code:"UnAuthorized",
//   message:"Invalid access token", status:401}; both with HTTP 401 (the guide's status codes, p. 34).
// TCS publishes no shipper-advice call: `adviceReceived` stays empty and nothing here takes advice.
import { randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const TCS_ACCOUNT = {
  bearerToken: "eyJ-test-bearer-token",
  username: "shoe-shop-api",
  password: "pa55-word-never-shown",
  accountNumber: "04011K1",
  costCenterCode: "001",
};

/** TCS's city codes and names (the guide's examples and its city list's form). */
const CITIES: Record<string, string> = { KHI: "KARACHI", LHE: "LAHORE", ISB: "ISLAMABAD", HDD: "HYDERABAD" };

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

export interface StandInBooking {
  consignmentNo: string;
  referenceno: string;
  /** The Karachi day booked, '2026-11-28'. */
  bookedOn: string;
  cancelled: boolean;
  body: Record<string, unknown>;
}

/** A scan TCS recorded: with a code it is a delivery row (deliveryinfo), without one a checkpoint. */
export interface StandInScan {
  code?: string | undefined;
  words: string;
  /** TCS's own form, 'Thursday Oct 17, 2024 12:58' (Karachi time); the next minute when left out. */
  datetime?: string | undefined;
}

export interface StandInPayment {
  paymentStatus: "Y" | "N";
  cnStatus: string;
  amountPaid: number;
  deliveryCharges: number;
  /** 'dd/mm/yyyy' as the guide prints its dates, or null. */
  paymentDate: string | null;
}

export interface TcsStandIn {
  /** The API's base, `http://127.0.0.1:<port>`, as tcs.ts's settings take it. */
  url: string;
  bookings: StandInBooking[];
  requests: ReceivedRequest[];
  /** Always empty: TCS publishes no shipper-advice call. */
  adviceReceived: never[];
  /**
   * The next `count` calls (to `path` only, when given) are done, a booking made, but answered only
   * after `ms` (2 s unless told): the answer the client gave up on.
   */
  hangNext(count: number, options?: { ms?: number; path?: string }): void;
  /** The next `count` calls fail with a 500 and do nothing. */
  failNext(count: number): void;
  scan(consignmentNo: string, scan: StandInScan): void;
  pay(consignmentNo: string, payment: StandInPayment): void;
  close(): Promise<void>;
}

const traceid = () => randomBytes(16).toString("hex");
const karachiNow = () => new Date(Date.now() + 5 * 3_600_000);
const dmy = (iso: string) => iso.split("-").reverse().join("/");

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
const str = (value: unknown) => (typeof value === "string" ? value : "");

/** Booking Create's field rules (guide p. 6-10), each broken one an errorname. */
function bookingErrors(body: Record<string, unknown>): string[] {
  const shipper = record(body.shipperinfo);
  const consignee = record(body.consigneeinfo);
  const shipment = record(body.shipmentinfo);
  const errors: string[] = [];
  const length = (value: unknown, min: number, max: number, name: string) => {
    const text = str(value).trim();
    if (text.length < min || text.length > max) errors.push(`${name} must be ${min} to ${max} characters.`);
  };
  if (shipper.tcsaccount !== TCS_ACCOUNT.accountNumber) errors.push("shipperinfo.tcsaccount is not a TCS account.");
  length(shipper.shippername, 3, 50, "shipperinfo.shippername");
  length(shipper.address1, 3, 120, "shipperinfo.address1");
  length(consignee.firstname, 3, 50, "consigneeinfo.firstname");
  length(consignee.address1, 3, 120, "consigneeinfo.address1");
  for (const [name, mobile] of [
    ["shipperinfo.mobile", shipper.mobile],
    ["consigneeinfo.mobile", consignee.mobile],
  ]) {
    if (!/^03\d{9}$/.test(str(mobile))) errors.push(`${name} must be 11 digits like 0300xxxxxxx.`);
  }
  const code = str(consignee.citycode).toUpperCase();
  const name = str(consignee.cityname).toUpperCase();
  const known = code
    ? CITIES[code] === name || (CITIES[code] !== undefined && !name)
    : Object.values(CITIES).includes(name);
  if (!known) errors.push(`consigneeinfo.cityname '${str(consignee.cityname)}' is not a TCS city.`);
  if (shipment.costcentercode !== TCS_ACCOUNT.costCenterCode) errors.push("shipmentinfo.costcentercode is invalid.");
  const cod = shipment.codamount;
  if (typeof cod !== "number" || !Number.isInteger(cod) || cod < 0 || cod > 250_000) {
    errors.push("shipmentinfo.codamount must be 0 to 250000.");
  }
  if (typeof shipment.weightinkg !== "number" || shipment.weightinkg < 0.5) errors.push("Minimum weight is 0.5");
  if (typeof shipment.pieces !== "number" || shipment.pieces < 1) errors.push("shipmentinfo.pieces must be 1 or more.");
  if (typeof shipment.fragile !== "boolean") errors.push("Value should be true or false");
  if (!str(shipment.servicecode)) errors.push("shipmentinfo.servicecode is required.");
  return errors;
}

export async function startTcsStandIn(): Promise<TcsStandIn> {
  const bookings: StandInBooking[] = [];
  const requests: ReceivedRequest[] = [];
  const scans = new Map<string, Required<StandInScan>[]>();
  const payments = new Map<string, StandInPayment>();
  const tokens = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let hangs: { count: number; ms: number; path: string | undefined } = { count: 0, ms: 2_000, path: undefined };
  let failures = 0;
  let clock = Date.UTC(2026, 10, 28, 9, 0);

  const find = (cn: string) => bookings.find((b) => b.consignmentNo === cn && !b.cancelled);
  const paymentRow = (b: StandInBooking) => {
    const paid = payments.get(b.consignmentNo);
    const latest = scans.get(b.consignmentNo)?.at(0);
    return {
      "booking date": dmy(b.bookedOn),
      "cn by courier": b.consignmentNo,
      "cn status": paid?.cnStatus ?? latest?.code ?? "",
      "order no": b.referenceno,
      "payment status": paid?.paymentStatus ?? "N",
      "amount paid": paid?.amountPaid ?? 0,
      "parcel weight": record(b.body.shipmentinfo).weightinkg,
      city: "KHI",
      "delivery charges": paid?.deliveryCharges ?? 0,
      "delivery date": null,
      "payment date": paid?.paymentDate ?? null,
    };
  };

  function answer(method: string, path: string, query: Record<string, string>, body: unknown): [number, unknown] {
    const fields = { ...query, ...record(body) };
    if (path === "/ecom/api/authentication/token") {
      if (query.username !== TCS_ACCOUNT.username || query.password !== TCS_ACCOUNT.password) {
        return [401, { result: null, status: false, code: "401" }];
      }
      const accesstoken = randomBytes(24).toString("base64");
      tokens.add(accesstoken);
      return [
        200,
        {
          accesstoken,
          expiry: new Date(Date.now() + 86_400_000).toISOString(),
          message: "success",
          traceid: traceid(),
        },
      ];
    }
    if (path.startsWith("/ecom/") && !tokens.has(str(fields.accesstoken))) {
      return [401, { code: "UnAuthorized", message: "Invalid access token", status: 401 }];
    }
    const route = `${method} ${path}`;
    if (route === "GET /ecom/api/inquiry/costcenterinquiry") {
      if (query.customerno !== TCS_ACCOUNT.accountNumber)
        return [200, { detail: null, message: "No Data Found", traceid: traceid() }];
      const detail = [
        {
          costcentercode: "001",
          costcentercity: "KARACHI",
          costcentername: "Shoe Shop Karachi",
          phoneno: "03001112233",
          email: "shop@example.pk",
          pickupaddress: "Plot 4, Shahrah-e-Faisal, Karachi",
          returnaddress: "Plot 4, Shahrah-e-Faisal, Karachi",
          printonlabel: "Y",
        },
      ];
      return [200, { detail, message: "success", traceid: traceid() }];
    }
    if (route === "POST /ecom/api/booking/create") {
      const errors = bookingErrors(record(body));
      if (errors.length > 0) {
        return [
          400,
          {
            error: errors.map((errorname) => ({ errorname })),
            message: `Validation failed: ${errors[0]}`,
            traceid: traceid(),
          },
        ];
      }
      const consignmentNo = `7794${randomInt(10_000_000, 99_999_999)}`;
      const referenceno = str(record(record(body).shipmentinfo).referenceno);
      bookings.push({
        consignmentNo,
        referenceno,
        bookedOn: karachiNow().toISOString().slice(0, 10),
        cancelled: false,
        body: record(body),
      });
      const time = new Date().toISOString().slice(11, 19);
      return [
        200,
        {
          response: "SUCCESS",
          consignmentNo,
          code: "200",
          status: true,
          message: "success",
          requestTime: time,
          responseTime: time,
        },
      ];
    }
    if (route === "POST /ecom/api/booking/cancel") {
      const booking = find(str(fields.consignmentNumber));
      if (!booking || scans.has(booking.consignmentNo))
        return [200, { message: "Failure: No Record Founds", traceid: traceid() }];
      booking.cancelled = true;
      return [200, { message: "SUCCESS", traceid: traceid() }];
    }
    if (route === "GET /ecom/api/Payment/detail") {
      const from = query.fromdate ?? "";
      const to = query.todate ?? "";
      const rows = bookings.filter((b) => !b.cancelled && b.bookedOn >= from && b.bookedOn <= to).map(paymentRow);
      return [
        200,
        rows.length
          ? { detail: rows, message: "SUCCESS", status: "true", traceid: traceid() }
          : { detail: null, message: "No Data Found", status: "true", traceid: traceid() },
      ];
    }
    if (route === "GET /ecom/api/Payment/status") {
      const booking = find(query.consignmentno ?? "");
      if (!booking) return [200, { detail: null, message: "Invalid CN", status: "true", traceid: traceid() }];
      return [200, { detail: [paymentRow(booking)], message: "SUCCESS", status: "true", traceid: traceid() }];
    }
    if (route === "GET /tracking/api/Tracking/GetDynamicTrackDetail") {
      const cn = query.consignee ?? "";
      const booking = find(cn);
      const seen = scans.get(cn) ?? [];
      if (!booking || seen.length === 0) {
        return [
          200,
          {
            shipmentinfo: null,
            deliveryinfo: null,
            checkpoints: null,
            shipmentsummary: "No Data Found/Invalid CN",
            message: "FAIL",
            traceid: traceid(),
          },
        ];
      }
      const row = (s: Required<StandInScan>) => ({
        consignmentno: cn,
        station: "KARACHI",
        datetime: s.datetime,
        recievedby: null,
        status: s.words,
      });
      return [
        200,
        {
          shipmentinfo: [
            {
              consignmentno: cn,
              bookingdate: "Nov 28, 2026",
              shipper: "Shoe Shop Karachi",
              consignee: str(record(booking.body.consigneeinfo).firstname),
              origin: "KARACHI",
              origincountry: "PAK",
              destination: "KARACHI",
              destinationcountry: "PAK",
              referenceno: booking.referenceno,
            },
          ],
          deliveryinfo: seen.filter((s) => s.code).map((s) => ({ ...row(s), code: s.code, allowshow: "Y" })),
          checkpoints: seen.filter((s) => !s.code).map(row),
          shipmentsummary: `Current Status: ${seen[0]?.words.toUpperCase()}`,
          message: "SUCCESS",
          traceid: traceid(),
        },
      ];
    }
    return [404, { message: "Resource not found" }];
  }

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? "/", "http://stand-in");
    const query = Object.fromEntries(url.searchParams);
    const method = request.method ?? "GET";
    requests.push({ method, path: url.pathname, query, authorization: request.headers.authorization, body });
    if (failures > 0) {
      failures -= 1;
      return send(response, 500, { message: "Internal Server Error" });
    }
    if (request.headers.authorization !== `Bearer ${TCS_ACCOUNT.bearerToken}`) {
      return send(response, 401, {
        code: 401,
        message: "Invalid Bearer token. Mismatch configuration.",
        status: "UnAuthorized",
      });
    }
    const [status, answerBody] = answer(method, url.pathname, query, body);
    if (hangs.count > 0 && (hangs.path === undefined || hangs.path === url.pathname)) {
      hangs.count -= 1;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) send(response, status, answerBody);
      }, hangs.ms);
      timers.add(timer);
      return;
    }
    send(response, status, answerBody);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bookings,
    requests,
    adviceReceived: [],
    hangNext(count, options = {}) {
      hangs = { count, ms: options.ms ?? 2_000, path: options.path };
    },
    failNext(count) {
      failures = count;
    },
    scan(consignmentNo, scan) {
      // TCS's own form of a Karachi time: 'Saturday Nov 28, 2026 14:05', a minute after the last.
      clock += 60_000;
      const at = new Date(clock);
      const datetime =
        scan.datetime ??
        `${at.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" })} ${at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })} ${at.toISOString().slice(11, 16)}`;
      scans.set(consignmentNo, [
        { code: scan.code ?? "", words: scan.words, datetime },
        ...(scans.get(consignmentNo) ?? []),
      ]);
    },
    pay(consignmentNo, payment) {
      payments.set(consignmentNo, payment);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
