// Leopards' merchant API (issue 49), from its eCom Merchant APIs V2 document
// (https://ecom.leopardscourier.com/eCom-Merchant-APIs-V2.pdf), read through the public clients that
// copy its requests, since the PDF itself was not in reach (answers: leopards-answers.ts):
// - every call is `<host>/api/<name>/format/json/`, `api_key` and `api_password` in its JSON body (a
//   GET's in its query); hosts merchantapi.leopardscourier.com and, for tests, merchantapistaging:
//   github.com/developifynet/leopardscod-php, src/Developifynet/LeopardsCOD/LeopardsCODClient.php;
//   github.com/zfhassaan/swiftship, config/SwiftShipConfig.php and src/Couriers/LCS/LCSClient.php;
// - bookPacket: weight in grams, pieces, collect amount, order id, origin 'self' (the account's city)
//   and a destination city's id from getAllCities, the shipper's fields 'self', the consignee's name,
//   phone ('03001234567') and address, special instructions (required); getShipmentDetailsByOrderID:
//   shipment_order_id, an array; trackBookedPacket: track_numbers, comma-separated;
//   cancelBookedPackets: cn_numbers; getPaymentDetails and getShippingCharges: GET, cn_numbers, 50 at
//   most; shipperAdviceList: Cn_number, start, length; updateShipperAdvice: data[] of id (the advice
//   record's), cn_number, shipper_advice_status (RA re-attempt, RT return), shipper_remarks.
// Not published: an answer for an order id booked before. So a booking first asks
// getShipmentDetailsByOrderID for our reference and answers the parcel already booked (one not
// cancelled): a retry after a lost answer finds the first booking instead of making a second. Nor is
// there a call to correct an address or a phone: that advice is a re-attempt with the corrections in
// its remarks, which the rider reads.
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
import {
  advices,
  booked,
  charges,
  cities,
  done,
  type Envelope,
  errorWords,
  paymentOf,
  payouts,
  shipments,
  statusOf,
  tracked,
} from "./leopards-answers.ts";

const COURIER = "Leopards";
/** getPaymentDetails and getShippingCharges take 50 numbers at most; tracking is sent the same way. */
const BATCH = 50;
const CREDENTIAL_WORDS = /authenticat|credential|api[ _]?key|api[ _]?password|unauthori[sz]ed/i;
/** How Leopards says it knows none of the numbers or order ids asked about. */
const NOT_FOUND = /not found|invalid tracking number|no packet/i;

/** A call's what (for messages), name, parameters and answer's schema; `get` sends it as a GET. */
type Call<Miss> = <S extends z.ZodType<Envelope>>(
  what: string,
  name: string,
  params: object,
  schema: S,
  get?: boolean,
) => Promise<z.output<S> | Miss>;

const chunks = (numbers: string[]) =>
  Array.from({ length: Math.ceil(numbers.length / BATCH) }, (_, i) => numbers.slice(i * BATCH, (i + 1) * BATCH));

/** '+923001234567' → '03001234567', the way Leopards' examples write a consignee's phone. */
export function leopardsPhone(e164: string): string {
  const digits = e164.replace(/\D/g, "");
  return digits.startsWith("92") ? `0${digits.slice(2)}` : digits;
}

/** The street lines, then the area and the landmark where the lines do not already say them. */
function addressLine(request: BookingRequest): string {
  const parts = [request.address.trim()];
  for (const part of [request.area, request.landmark ?? ""].map((p) => p.trim())) {
    if (part !== "" && !parts.join(", ").toLowerCase().includes(part.toLowerCase())) parts.push(part);
  }
  return parts.join(", ");
}

function adviceRemarks(advice: ShipperAdvice): string {
  if (advice.kind !== "correct") return advice.remark;
  const fixes = [
    advice.address ? `Correct address: ${advice.address}` : null,
    advice.phone ? `Correct phone: ${leopardsPhone(advice.phone)}` : null,
  ];
  return [advice.remark, ...fixes].filter(Boolean).join(". ");
}

function create(settings: CourierApiSettings): CourierApi {
  const auth = { api_key: settings.credentials.apiKey ?? "", api_password: settings.credentials.apiPassword ?? "" };
  const shipperId = settings.credentials.shipperId?.trim() ?? "";
  const base = settings.baseUrl.replace(/\/+$/, "");
  const cityIds = new Map<string, string>();

  /** Leopards refused: its own words, the secrets cut out should it ever echo them; a wrong key is 'credentials'. */
  function refusal(what: string, error: unknown): CourierApiError {
    let said = errorWords(error) || "no reason given";
    for (const secret of Object.values(auth).filter((s) => s.length > 0)) said = said.split(secret).join("…");
    if (CREDENTIAL_WORDS.test(said))
      return new CourierApiError("credentials", `${COURIER} refused the shop's credentials for ${what}.`);
    return new CourierApiError("refused", `${COURIER} refused ${what}: ${said}`.slice(0, 300));
  }

  /** One call, its answer as Leopards gave it; a GET carries the credentials in its query, as the document shows. */
  const answer: Call<never> = async (what, name, params, schema, get = false) => {
    const url = `${base}/${name}/format/json/`;
    const query = new URLSearchParams(Object.entries({ ...auth, ...params }).map(([k, v]) => [k, String(v)]));
    const method = get ? "GET" : "POST";
    const json = get ? undefined : { ...auth, ...params };
    const { timeoutMs } = settings;
    return (
      await callCourier({ courier: COURIER, what, method, url: get ? `${url}?${query}` : url, json, timeoutMs, schema })
    ).body;
  };

  /** A call Leopards must do: status 0 is its refusal. */
  const call: Call<never> = async (what, name, params, schema, get = false) => {
    const body = await answer(what, name, params, schema, get);
    if (body.status !== 1) throw refusal(what, body.error);
    return body;
  };

  /** A look-up: null when Leopards knows none of the numbers or order ids asked about. */
  const lookup: Call<null> = async (what, name, params, schema, get = false) => {
    const body = await answer(what, name, params, schema, get);
    if (body.status === 1) return body;
    if (NOT_FOUND.test(errorWords(body.error))) return null;
    throw refusal(what, body.error);
  };

  async function cityId(city: string): Promise<number | string> {
    const key = city.trim().toLowerCase();
    if (!cityIds.has(key)) {
      const body = await call("the city list", "getAllCities", {}, cities);
      for (const c of body.city_list ?? []) cityIds.set(c.name.trim().toLowerCase(), c.id);
    }
    const found = cityIds.get(key);
    if (!found) throw new CourierApiError("refused", `${COURIER} lists no city named ${city}.`);
    return /^\d+$/.test(found) ? Number(found) : found;
  }

  /** The parcel Leopards already booked for this order id, cancelled ones aside. */
  async function bookedAs(reference: string): Promise<Booked | null> {
    const body = await lookup(
      "the booking",
      "getShipmentDetailsByOrderID",
      { shipment_order_id: [reference] },
      shipments,
    );
    const live = body?.data?.find(
      (p) => p.booked_packet_order_id === reference && !/cancel/i.test(p.booked_packet_status ?? ""),
    );
    return live ? { trackingNumber: live.track_number, labelUrl: null } : null;
  }

  return {
    kind: "leopards",
    trackBatch: BATCH,
    async book(request) {
      const already = await bookedAs(request.reference);
      if (already) return already;
      const fields = {
        booked_packet_weight: Math.max(1, Math.round(request.weightGrams)),
        booked_packet_no_piece: request.pieces,
        booked_packet_collect_amount: request.codAmount,
        booked_packet_order_id: request.reference,
        origin_city: "self",
        destination_city: await cityId(request.city),
        ...(shipperId === "" ? {} : { shipment_id: Number(shipperId) }),
        shipment_name_eng: "self",
        shipment_email: "self",
        shipment_phone: "self",
        shipment_address: "self",
        consignment_name_eng: request.customerName.trim(),
        consignment_email: "",
        consignment_phone: leopardsPhone(request.phone),
        consignment_address: addressLine(request),
        special_instructions: [request.contents, request.note].filter(Boolean).join(" / "),
      };
      const body = await call("the booking", "bookPacket", fields, booked);
      if (!body.track_number) throw new CourierApiError("badAnswer", `${COURIER} booked the parcel but sent no CN.`);
      return { trackingNumber: body.track_number, labelUrl: body.slip_link || null };
    },
    async cancel(trackingNumber) {
      await call("the cancellation", "cancelBookedPackets", { cn_numbers: trackingNumber }, done);
    },
    async track(trackingNumbers) {
      const found: ParcelStatus[] = [];
      for (const chunk of chunks(trackingNumbers)) {
        const body = await lookup("tracking", "trackBookedPacket", { track_numbers: chunk.join(",") }, tracked);
        found.push(...(body?.packet_list ?? []).map(statusOf));
      }
      return found;
    },
    async payments(trackingNumbers) {
      const settled: ParcelPayment[] = [];
      for (const chunk of chunks(trackingNumbers)) {
        const said = await lookup("the payments", "getPaymentDetails", { cn_numbers: chunk.join(",") }, payouts, true);
        const paid = new Map(
          (said?.payment_list ?? [])
            .filter((p) => /^paid$/i.test(p.status?.trim() ?? ""))
            .map((p) => [p.booked_packet_cn, p]),
        );
        if (paid.size === 0) continue;
        const lines = await call(
          "the payments",
          "getShippingCharges",
          { cn_numbers: [...paid.keys()].join(",") },
          charges,
          true,
        );
        for (const line of lines.data ?? []) {
          const payout = paid.get(line.cn_number);
          if (payout) settled.push(paymentOf(line, payout));
        }
      }
      return settled;
    },
    async advise(trackingNumber, advice) {
      const list = await call(
        "the advice",
        "shipperAdviceList",
        { Cn_number: trackingNumber, start: 0, length: 100 },
        advices,
      );
      const record = list.data?.find((r) => r.cn_number === trackingNumber);
      if (!record)
        throw new CourierApiError("refused", `${COURIER} has no failed delivery of ${trackingNumber} awaiting advice.`);
      const item = {
        id: /^\d+$/.test(record.id) ? Number(record.id) : record.id,
        cn_number: trackingNumber,
        shipper_advice_status: advice.kind === "return" ? "RT" : "RA",
        shipper_remarks: adviceRemarks(advice),
      };
      await call("the advice", "updateShipperAdvice", { data: [item] }, done);
    },
  };
}

export const leopardsApi: CourierApiDescriptor = {
  kind: "leopards",
  label: "Leopards",
  credentials: [
    {
      key: "apiKey",
      label: "API key",
      hint: "Leopards merchant portal: API Settings, API Management: generate the key.",
    },
    { key: "apiPassword", label: "API password", hint: "Set beside the key in API Settings, API Management." },
    {
      key: "shipperId",
      label: "Shipper ID (optional)",
      hint: "Leave empty to book as your account itself; else the shipper's ID from the portal's shipper list.",
    },
  ],
  productionUrl: "https://merchantapi.leopardscourier.com/api/",
  stagingUrl: "https://merchantapistaging.leopardscourier.com/api/",
  sources: [
    "Leopards, eCom Merchant APIs V2: https://ecom.leopardscourier.com/eCom-Merchant-APIs-V2.pdf (shapes read through the clients below)",
    "github.com/developifynet/leopardscod-php: README.md and src/Developifynet/LeopardsCOD/LeopardsCODClient.php (hosts, bookPacket, trackBookedPacket, getAllCities)",
    "github.com/zfhassaan/swiftship: src/Couriers/LCS/LCSClient.php, config/SwiftShipConfig.php (cancelBookedPackets, getShipmentDetailsByOrderID, getPaymentDetails, getShippingCharges, shipperAdviceList, updateShipperAdvice)",
    "Leopards Courier Service (LCS) — API Documentation v2.0, a public transcription found by code search (each call's answer and error shape)",
    "LEOPARDS PUSH API DOCUMENTATION v1.0: https://www.scribd.com/document/837052111/LCS-Push-API-Documentation (the status journey and its codes)",
  ],
  create,
};
