// A stand-in for Leopards' merchant API on 127.0.0.1, for the adapter's tests
// (server/couriers/api/leopards.ts): it answers each call the adapter makes at
// `/api/<name>/format/json/`, the way Leopards' eCom Merchant APIs V2 describes it
// (ecom.leopardscourier.com/eCom-Merchant-APIs-V2.pdf), as read through:
// - github.com/developifynet/leopardscod-php (README.md, LeopardsCODClient.php) and
//   github.com/zfhassaan/swiftship (src/Couriers/LCS/LCSClient.php): the calls' names, the
//   credentials in a POST's JSON body or a GET's query (getPaymentDetails, getShippingCharges), the
//   fields of bookPacket, the order ids of getShipmentDetailsByOrderID as an array;
// - "Leopards Courier Service (LCS) — API Documentation v2.0", a public transcription of the document
//   found by code search: every answer is HTTP 200 with `status` 1 or 0 and `error`; a single
//   booking's refusal is one sentence ("Consignee phone is required"), the required fields' words
//   are those its batch booking lists ("Consignee Phone is required"), a cancellation's refusal is
//   one per CN ({ "<CN>": "CN already cancelled or not found" }), a wrong key or password is
//   "Authentication failed", an unknown order id "Order ID not found", an unknown CN "CN number not
//   found"; the cities KARACHI 592 and LAHORE 789 are its example's; the answers' fields are its;
// - a tracking detail's Status, Activity_datetime ('yyyy-mm-dd H:i:s', Karachi's time) and Reason:
//   the field names public clients of trackBookedPacket read.
// The refusals of a malformed phone or an unknown city are not published: their words here are the
// stand-in's own, in the documented shape. Nor is a refusal of an order id booked before: the
// stand-in books it again, so only the adapter's look-up (getShipmentDetailsByOrderID) keeps a retry
// from booking twice. A 500, a hang, a parcel's status and its payment are knobs for the tests.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  /** The call's name ('bookPacket'). */
  name: string;
  /** The path and query as received, to check where the credentials travel. */
  url: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  headers: IncomingMessage["headers"];
}

export interface StandInBooking {
  trackNumber: string;
  orderId: string;
  fields: Record<string, unknown>;
  status: string;
  details: { Status: string; Activity_datetime: string; Reason: string }[];
  payment?: StandInPayment;
}

/** A paid parcel's settlement, as getShippingCharges itemises it. */
export interface StandInPayment {
  shipmentCharges: number;
  cashHandling: number;
  returnCharges: number;
  insurance: number;
  fuelSurcharge: number;
  gst: number;
  chequeNo: string;
  chequeDate: string;
}

export interface LeopardsStandIn {
  /** The adapter's baseUrl: `http://127.0.0.1:<port>/api/`. */
  url: string;
  credentials: { apiKey: string; apiPassword: string };
  bookings: StandInBooking[];
  requests: ReceivedRequest[];
  adviceReceived: { id: number; cn_number: string; shipper_advice_status: string; shipper_remarks: string }[];
  /** The next `count` calls (of the call `name`, when given) do their work and answer only after `ms`. */
  hangNext(count: number, name?: string, ms?: number): void;
  /** The next `count` calls fail with a 500 and do nothing. */
  failNext(count: number): void;
  /** A parcel's new status in Leopards' words; 'Pending' opens a failed attempt awaiting advice. */
  setStatus(trackNumber: string, status: string, reason?: string, at?: string): void;
  setPayment(trackNumber: string, payment: StandInPayment): void;
  close(): Promise<void>;
}

const CITIES = [
  {
    id: 592,
    name: "KARACHI",
    shipment_type: ["overnight", "express"],
    allow_as_origin: true,
    allow_as_destination: true,
  },
  {
    id: 789,
    name: "LAHORE",
    shipment_type: ["overnight", "express"],
    allow_as_origin: true,
    allow_as_destination: true,
  },
];
/** bookPacket's required fields and the words Leopards uses when one is missing. */
const REQUIRED: Record<string, string> = {
  booked_packet_weight: "Packet Weight is required",
  booked_packet_no_piece: "No. of Pieces is required",
  booked_packet_collect_amount: "COD Amount is required",
  origin_city: "Origin City is required",
  destination_city: "Destination City is required",
  consignment_name_eng: "Consignee Name is required",
  consignment_phone: "Consignee Phone is required",
  consignment_address: "Consignee Address is required",
  special_instructions: "Special Instructions are required",
};
/** Statuses a parcel can still be cancelled in: booked, not yet picked up. */
const CANCELLABLE = /^(pickup request not send|pickup request sent|consignment booked)$/i;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const karachiNow = () => new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === "";
const list = (value: unknown) =>
  String(value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

export async function startLeopardsStandIn(): Promise<LeopardsStandIn> {
  const credentials = { apiKey: "LCS-KEY-7f3a9c", apiPassword: "s3cret-Pa55word!" };
  const bookings: StandInBooking[] = [];
  const requests: ReceivedRequest[] = [];
  const adviceReceived: LeopardsStandIn["adviceReceived"] = [];
  const advices: { id: number; cn_number: string; status: string; reason: string }[] = [];
  const hangs: { name: string | undefined; ms: number }[] = [];
  let failures = 0;
  let serial = 0;
  const byCn = (cn: string) => bookings.find((b) => b.trackNumber === cn);

  function answer(params: Record<string, unknown>, name: string): unknown {
    const ok = (fields: object) => ({ status: 1, error: 0, ...fields });
    const no = (error: unknown, fields: object = {}) => ({ status: 0, error, ...fields });
    switch (name) {
      case "getAllCities":
        return ok({ city_list: CITIES });
      case "bookPacket": {
        const missing = Object.keys(REQUIRED).find((field) => blank(params[field]));
        if (missing) return no(REQUIRED[missing], { track_number: null, slip_link: null });
        if (!/^0\d{10}$/.test(String(params.consignment_phone)))
          return no("Consignee Phone is invalid", { track_number: null, slip_link: null });
        if (!CITIES.some((c) => String(c.id) === String(params.destination_city)))
          return no("Destination City is invalid", { track_number: null, slip_link: null });
        serial += 1;
        const trackNumber = `KI${String(75_000_000 + serial).padStart(8, "0")}`;
        const orderId = String(params.booked_packet_order_id ?? "");
        bookings.push({ trackNumber, orderId, fields: params, status: "Pickup Request not Send", details: [] });
        return ok({
          track_number: trackNumber,
          slip_link: `https://merchantapi.leopardscourier.com/slip/${trackNumber}`,
        });
      }
      case "getShipmentDetailsByOrderID": {
        const ids = Array.isArray(params.shipment_order_id) ? params.shipment_order_id.map(String) : [];
        const found = bookings.filter((b) => ids.includes(b.orderId));
        if (found.length === 0) return no("Order ID not found");
        return ok({
          data: found.map((b) => ({
            track_number: b.trackNumber,
            booked_packet_order_id: b.orderId,
            booked_packet_collect_amount: String(b.fields.booked_packet_collect_amount),
            booked_packet_status: b.status,
          })),
        });
      }
      case "trackBookedPacket": {
        const found = list(params.track_numbers).flatMap((cn) => byCn(cn) ?? []);
        if (found.length === 0) return no("Invalid tracking number", { packet_list: null });
        return ok({
          packet_list: found.map((b) => ({
            track_number: b.trackNumber,
            booked_packet_order_id: b.orderId,
            booked_packet_collect_amount: b.fields.booked_packet_collect_amount,
            booked_packet_status: b.status,
            "Tracking Detail": b.details,
          })),
        });
      }
      case "cancelBookedPackets": {
        const refused: Record<string, string> = {};
        for (const cn of list(params.cn_numbers)) {
          const b = byCn(cn);
          if (b && CANCELLABLE.test(b.status)) b.status = "Cancelled";
          else refused[cn] = "CN already cancelled or not found";
        }
        return Object.keys(refused).length > 0 ? no(refused) : { status: "1", error: "null" };
      }
      case "getPaymentDetails": {
        const paid = list(params.cn_numbers)
          .flatMap((cn) => byCn(cn) ?? [])
          .filter((b) => b.payment);
        if (paid.length === 0) return no("CN number not found", { payment_list: null });
        return ok({
          payment_list: paid.map((b) => ({
            booked_packet_cn: b.trackNumber,
            billing_method: "COD",
            status: "Paid",
            invoice_cheque_no: b.payment?.chequeNo,
            invoice_cheque_date: b.payment?.chequeDate,
            payment_method: "Cheque",
            message: "Payment processed",
          })),
        });
      }
      case "getShippingCharges": {
        const paid = list(params.cn_numbers)
          .flatMap((cn) => byCn(cn) ?? [])
          .filter((b) => b.payment);
        if (paid.length === 0) return no("CN number not found");
        return ok({ data: paid.map(chargesOf) });
      }
      case "shipperAdviceList": {
        const cn = String(params.Cn_number ?? "");
        const open = advices.filter((a) => cn === "" || a.cn_number === cn);
        return {
          status: "1",
          error: "0",
          totalrecords: open.length,
          data: open.map((a) => ({ ...a, shipper_advice_status: "Pending" })),
        };
      }
      case "updateShipperAdvice": {
        const items = Array.isArray(params.data) ? (params.data as Record<string, unknown>[]) : [];
        if (items.length === 0) return no("Data is required");
        for (const item of items) {
          if (!advices.some((a) => a.id === Number(item.id) && a.cn_number === String(item.cn_number)))
            return no("Invalid advice record");
          if (item.shipper_advice_status !== "RA" && item.shipper_advice_status !== "RT")
            return no("Invalid advice status. Allowed values: RA, RT");
        }
        for (const item of items)
          adviceReceived.push({
            id: Number(item.id),
            cn_number: String(item.cn_number),
            shipper_advice_status: String(item.shipper_advice_status),
            shipper_remarks: String(item.shipper_remarks ?? ""),
          });
        return { status: "1", error: "0", data: "Shipper Advice Updated successfully" };
      }
      default:
        return undefined;
    }
  }

  function chargesOf(b: StandInBooking) {
    const p = b.payment as StandInPayment;
    const net = p.shipmentCharges + p.cashHandling + p.returnCharges + p.insurance + p.fuelSurcharge + p.gst;
    return {
      cn_number: b.trackNumber,
      billing_method: "COD",
      invoice_cheque_no: p.chequeNo,
      invoice_cheque_date: p.chequeDate,
      weight_charged: b.fields.booked_packet_weight,
      shipment_charges: p.shipmentCharges,
      cash_handling_charges: p.cashHandling,
      return_charges: p.returnCharges,
      insurance_charges: p.insurance,
      fuel_surcharge_percentage: 5,
      fuel_surcharge_amount: p.fuelSurcharge,
      gst: 15,
      gst_amount: p.gst,
      booked_packet_collect_amount: b.fields.booked_packet_collect_amount,
      billed_charges: net,
      net_charges: net,
      gross_charges: net,
    };
  }

  const send = (response: ServerResponse, status: number, body: unknown) => {
    if (response.destroyed) return;
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const name = /^\/api\/(\w+)\/format\/json\/?$/.exec(url.pathname)?.[1] ?? "";
    const query = Object.fromEntries(url.searchParams);
    const body = request.method === "POST" ? parseObject(text) : undefined;
    requests.push({
      method: request.method ?? "",
      name,
      url: request.url ?? "",
      query,
      body,
      headers: request.headers,
    });
    const hang = hangs[0] && (hangs[0].name === undefined || hangs[0].name === name) ? hangs.shift() : undefined;
    if (failures > 0) {
      failures -= 1;
      return send(response, 500, { status: 0, error: "Internal Server Error" });
    }
    const params = request.method === "GET" ? query : body;
    if (!params) return send(response, 200, { status: 0, error: "Invalid request" });
    if (params.api_key !== credentials.apiKey || params.api_password !== credentials.apiPassword)
      return send(response, 200, { status: 0, error: "Authentication failed" });
    const result = answer(params, name);
    if (result === undefined) return send(response, 404, { status: 0, error: "Unknown method" });
    // The work is done; only the answer is late, past the client's timeout: "the answer was lost".
    if (hang) await new Promise((resolve) => setTimeout(resolve, hang.ms));
    send(response, 200, result);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let adviceIds = 9_870;

  return {
    url: `http://127.0.0.1:${port}/api/`,
    credentials,
    bookings,
    requests,
    adviceReceived,
    hangNext(count, name, ms = 1_500) {
      for (let i = 0; i < count; i += 1) hangs.push({ name, ms });
    },
    failNext(count) {
      failures = count;
    },
    setStatus(trackNumber, status, reason = "", at = karachiNow()) {
      const b = byCn(trackNumber);
      if (!b) throw new Error(`The stand-in booked no ${trackNumber}.`);
      b.status = status;
      b.details.push({ Status: status, Activity_datetime: at, Reason: reason });
      if (/^pending$/i.test(status)) {
        adviceIds += 1;
        advices.push({ id: adviceIds, cn_number: trackNumber, status, reason });
      }
    },
    setPayment(trackNumber, payment) {
      const b = byCn(trackNumber);
      if (!b) throw new Error(`The stand-in booked no ${trackNumber}.`);
      b.payment = payment;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
