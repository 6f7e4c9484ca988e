// A stand-in for M&P's COD API (mnpcourier.com/mycodapi/api) on 127.0.0.1, for
// tests/courier-api-mp.test.ts. M&P's "COD API MANUAL" (v2025022404) has no public copy; the calls
// and fields answered here are those public clients that follow it send and read:
// - BaigInBinary/RKT-Server src/services/mnpService.ts: 1.1 Booking/InsertBookingData (username,
//   password, AccountNo, locationID, ReturnLocation, consignee fields, custRefNo; answers
//   [{isSuccess, message, orderReferenceId}]), 1.2 Booking/VoidConsignment (consignmentNumberList),
//   4.3 Reports/CN_Detail_Customer_Order_No ([{isSuccess, message, Details:[{consignmentNumber}]}]),
//   5.2 ShipperAdvice/CloseShipperAdvice (GET: adviceoption, reattempt, remarks, consigneeaddress,
//   consigneeno), 6.2 Tracking/Bulk_Consignment_Tracking_New (Consignments, 200 at most), the 99999
//   COD ceiling and the 03XXXXXXXXX mobile;
// - ashar-farooqui1/Courier_Web_App lib/types/mnp.ts: tracking_Details' fields;
// - a public Apps Script client (reads an "already exists"/"duplicate" refusal of a repeated
//   reference, then asks 4.3): so does this stand-in.
// The words of M&P's refusals ("Invalid Username or Password", field messages) are ours: the clients
// show none. Refusals come as HTTP 200 with isSuccess "false", the way the clients read them.
import { randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const MP_ACCOUNT = {
  username: "SHOESHOP_4B459",
  password: "M&p-secret-1234",
  accountNumber: "4B459",
  locationId: "8812",
};

const CITIES = ["KARACHI", "LAHORE", "ISLAMABAD", "HYDERABAD"];

export interface MpReceived {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

export interface MpStandInBooking {
  consignmentNumber: string;
  custRefNo: string;
  voided: boolean;
  body: Record<string, unknown>;
}

export interface MpEvent {
  TrackingStatus: string;
  TrackingNarration?: string;
  /** '2026-11-28 14:05:00' (Karachi); a minute after the last when left out. */
  TransactionTime?: string;
}

export interface MpPayment {
  PaymentID: string;
  PaymentDate: string;
  AmountPaid: number;
  /** M&P's invoice lines for the parcel (delivery, fuel, tax …). */
  invoiced: number[];
}

export interface MpStandIn {
  /** The API's base as mp.ts's settings take it: `http://127.0.0.1:<port>/mycodapi/api`. */
  url: string;
  bookings: MpStandInBooking[];
  requests: MpReceived[];
  /** Every CloseShipperAdvice accepted: its query without the credentials. */
  adviceReceived: Record<string, string>[];
  /** The next `count` calls (to `path` only, when given) are done but answered after `ms` (2 s). */
  hangNext(count: number, options?: { ms?: number; path?: string }): void;
  /** The next `count` calls fail with a 500 and do nothing. */
  failNext(count: number): void;
  scan(consignmentNumber: string, event: MpEvent): void;
  pay(consignmentNumber: string, payment: MpPayment): void;
  close(): Promise<void>;
}

const BASE = "/mycodapi/api";
const str = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** InsertBookingData's rules, as the clients above enforce them before M&P would. */
function bookingProblem(body: Record<string, unknown>): string | undefined {
  if (!str(body.consigneeName).trim()) return "consigneeName is required";
  if (!str(body.consigneeAddress).trim()) return "consigneeAddress is required";
  if (!/^03\d{9}$/.test(str(body.consigneeMobNo))) return "Invalid consigneeMobNo, 03XXXXXXXXX required";
  if (!CITIES.includes(str(body.destinationCityName).toUpperCase())) return "Invalid destinationCityName";
  const cod = body.codAmount;
  if (typeof cod !== "number" || !Number.isInteger(cod) || cod < 0 || cod > 99_999)
    return "codAmount must be 0 to 99999";
  if (typeof body.weight !== "number" || body.weight <= 0) return "weight is required";
  if (str(body.locationID) !== MP_ACCOUNT.locationId) return "Invalid locationID";
  if (!str(body.custRefNo)) return "custRefNo is required";
  return undefined;
}

export async function startMpStandIn(): Promise<MpStandIn> {
  const bookings: MpStandInBooking[] = [];
  const requests: MpReceived[] = [];
  const adviceReceived: Record<string, string>[] = [];
  const events = new Map<string, Required<MpEvent>[]>();
  const payments = new Map<string, MpPayment>();
  const timers = new Set<NodeJS.Timeout>();
  let hangs: { count: number; ms: number; path: string | undefined } = { count: 0, ms: 2_000, path: undefined };
  let failures = 0;
  let clock = Date.UTC(2026, 10, 28, 9, 0);
  const find = (cn: string) => bookings.find((b) => b.consignmentNumber === cn && !b.voided);
  const result = (isSuccess: boolean, message: string, more: object = {}) => [
    { isSuccess: String(isSuccess), message, ...more },
  ];

  function answer(path: string, query: Record<string, string>, body: Record<string, unknown>): unknown {
    const fields = { ...body, ...query };
    // Each call spells the user name its own way (username, Username, UserName): all are checked.
    const user = str(fields.username ?? fields.Username ?? fields.UserName);
    const pass = str(fields.password ?? fields.Password);
    if (user !== MP_ACCOUNT.username || pass !== MP_ACCOUNT.password)
      return result(false, "Invalid Username or Password");
    switch (path) {
      case "Reports/CN_Detail_Customer_Order_No": {
        const ref = str(body.CustomerOrderRef);
        const found = bookings.filter((b) => b.custRefNo === ref && !b.voided);
        if (found.length === 0) return result(false, "No record found", { Details: null });
        return result(true, "Success", {
          Details: found.map((b) => ({
            consignmentNumber: b.consignmentNumber,
            CustomerOrderNo: b.custRefNo,
            ServiceType: "Overnight",
          })),
        });
      }
      case "Booking/InsertBookingData": {
        const problem = bookingProblem(body);
        if (problem) return result(false, problem, { orderReferenceId: null });
        if (bookings.some((b) => b.custRefNo === str(body.custRefNo) && !b.voided)) {
          return result(false, "Order reference already exists", { orderReferenceId: null });
        }
        const consignmentNumber = `5440${randomInt(10_000_000, 99_999_999)}`;
        bookings.push({ consignmentNumber, custRefNo: str(body.custRefNo), voided: false, body });
        return result(true, "Booking has been created", { orderReferenceId: consignmentNumber });
      }
      case "Booking/VoidConsignment": {
        const list = Array.isArray(body.consignmentNumberList) ? body.consignmentNumberList.map(str) : [];
        const voidable = list.map(find).filter((b) => b !== undefined && !events.has(b.consignmentNumber));
        if (list.length === 0 || voidable.length !== list.length) return result(false, "Consignment cannot be voided");
        for (const b of voidable) if (b) b.voided = true;
        return result(true, "Consignment voided");
      }
      case "Tracking/Bulk_Consignment_Tracking_New": {
        const cns = Array.isArray(body.Consignments) ? body.Consignments.map(str) : [];
        if (cns.length > 200) return result(false, "Maximum 200 consignments are allowed");
        const details = cns.flatMap((cn) => {
          const b = find(cn);
          if (!b) return [];
          const paid = payments.get(cn);
          return [
            {
              ConsignmentNumber: cn,
              OrderId: b.custRefNo,
              CODAmount: String(b.body.codAmount),
              DestinationCity: str(b.body.destinationCityName).toUpperCase(),
              PaymentID: paid?.PaymentID ?? null,
              PaymentDate: paid?.PaymentDate ?? null,
              AmountPaid: String(paid?.AmountPaid ?? 0),
              CNTrackingDetail: (events.get(cn) ?? []).map((e, i) => ({
                ConsignmentNumber: cn,
                TrackingTagID: String(i + 1),
                Location: "KARACHI",
                Event: null,
                ...e,
              })),
              CNTrackingInvDetail: (paid?.invoiced ?? []).map((amount) => ({
                ConsignmentNumber: cn,
                InvoiceNumber: "INV-1",
                InvoiceDate: paid?.PaymentDate,
                AmountInvoiced: String(amount),
                InvoiceType: "COD",
              })),
            },
          ];
        });
        return result(true, "Success", { orderReferenceIdList: [], tracking_Details: details });
      }
      case "ShipperAdvice/CloseShipperAdvice": {
        if (!find(query.consignment ?? "")) return result(false, "Invalid consignment");
        const { username: _u, password: _p, ...advice } = query;
        adviceReceived.push(advice);
        return result(true, "Advice has been closed");
      }
      default:
        return undefined;
    }
  }

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? "/", "http://stand-in");
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: request.method ?? "GET", path: url.pathname, query, body });
    if (failures > 0) {
      failures -= 1;
      return send(response, 500, { Message: "An error has occurred." });
    }
    const path = url.pathname.startsWith(`${BASE}/`) ? url.pathname.slice(BASE.length + 1) : "";
    const answered = answer(path, query, body);
    const [status, payload] =
      answered === undefined ? [404, { Message: "No HTTP resource was found" }] : [200, answered];
    if (hangs.count > 0 && (hangs.path === undefined || hangs.path === path)) {
      hangs.count -= 1;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) send(response, status, payload);
      }, hangs.ms);
      timers.add(timer);
      return;
    }
    send(response, status, payload);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${BASE}`,
    bookings,
    requests,
    adviceReceived,
    hangNext(count, options = {}) {
      hangs = { count, ms: options.ms ?? 2_000, path: options.path };
    },
    failNext(count) {
      failures = count;
    },
    scan(consignmentNumber, event) {
      clock += 60_000;
      const time = new Date(clock).toISOString().replace("T", " ").slice(0, 19);
      const full = { TrackingNarration: "", TransactionTime: time, ...event };
      // M&P lists events in no set order: newest in the middle keeps the adapter honest.
      const list = events.get(consignmentNumber) ?? [];
      list.splice(Math.floor(list.length / 2), 0, full);
      events.set(consignmentNumber, list);
    },
    pay(consignmentNumber, payment) {
      payments.set(consignmentNumber, payment);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
