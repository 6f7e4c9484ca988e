// TCS's e-commerce API ("OCI Connect"), from its API User Guide v1.0: the guide TCS hands merchants
// and whose calls it serves at https://ociconnect.tcscourier.com/ecom/index.html (test host
// devconnect.tcscourier.com); a copy of its text is public in Suefyawn/YellowPink at
// .audit/tcs-cod-api-spec.txt. Two secrets travel, each where the guide puts it:
// - the bearer token (the Authorization API's accessToken; TCS mails it once the test phase passes)
//   in every call's Authorization header;
// - an access token, minted from the API user name and password by GET /ecom/api/authentication/token
//   (guide p. 5), in the body of the e-commerce calls (query string for their GETs). Tracking needs
//   only the bearer token (p. 32).
// The guide writes its GET calls with a JSON body; fetch sends none with GET, so their fields go in
// the query string, as public clients that run these calls against TCS do (Suefyawn/YellowPink
// src/lib/couriers/tcs.ts, "verified live").
// Calls (shapes in tcs-shapes.ts): booking create (p. 6-13), cancel (p. 14), cost center inquiry
// (p. 19-20; printed without the "/api/" every other e-commerce path has, which public clients calling
// it use, and so do we), payment status (p. 21) and detail (p. 22-23), tracking (p. 32-33).
// Not published: a shipper-advice call (so `advise` is absent), a duplicate-reference answer, a
// lookup by our reference, a label URL (CN Print answers the PDF itself, behind both tokens).
import type { z } from "zod";
import { readKarachiDay, readKarachiInstant } from "../csv-cells.ts";
import {
  type BookingRequest,
  type CourierApi,
  type CourierApiDescriptor,
  CourierApiError,
  type CourierApiSettings,
  type ParcelPayment,
  type ParcelStatus,
} from "./courier-api.ts";
import { callCourier } from "./http.ts";
import {
  BOOKED,
  CANCELLED,
  COST_CENTERS,
  type CostCenter,
  OR_UNAUTHORIZED,
  PAYMENTS,
  TOKEN,
  TRACKING,
  tcsBooking,
  UNAUTHORIZED,
} from "./tcs-shapes.ts";
import { tcsOutcome } from "./tcs-statuses.ts";

const COURIER = "TCS";
const CREDENTIAL_KEYS = ["bearerToken", "username", "password", "accountNumber", "costCenterCode"] as const;

/** The Karachi day `daysAgo` days before now, as TCS's payment calls take it ('2026-11-28'). */
const karachiDay = (daysAgo: number) =>
  new Date(Date.now() + (5 * 60 - daysAgo * 1440) * 60_000).toISOString().slice(0, 10);

function createTcs(settings: CourierApiSettings): CourierApi {
  const creds = Object.fromEntries(
    CREDENTIAL_KEYS.map((key) => [key, settings.credentials[key]?.trim() ?? ""]),
  ) as Record<(typeof CREDENTIAL_KEYS)[number], string>;
  const missing = CREDENTIAL_KEYS.filter((key) => !creds[key]);
  const { bearerToken, username, password, accountNumber, costCenterCode } = creds;
  let token: { value: string; until: number } | undefined;
  let shipper: CostCenter | undefined;

  async function call<S extends z.ZodType>(
    what: string,
    method: "GET" | "POST",
    path: string,
    schema: S,
    fields: Record<string, string> = {},
    json?: object,
  ): Promise<z.output<S>> {
    if (missing.length > 0)
      throw new CourierApiError("credentials", `TCS needs ${missing.join(", ")} in its settings.`);
    const url = new URL(`${settings.baseUrl.replace(/\/+$/, "")}${path}`);
    for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
    const { body } = await callCourier({
      courier: COURIER,
      what,
      method,
      url: url.toString(),
      headers: { authorization: `Bearer ${bearerToken}` },
      json,
      timeoutMs: settings.timeoutMs,
      schema: OR_UNAUTHORIZED(schema),
    });
    if (UNAUTHORIZED.safeParse(body).success) {
      token = undefined; // an expired access token is minted again on the next call
      throw new CourierApiError("credentials", `TCS refused the shop's credentials for ${what}.`);
    }
    return body as z.output<S>;
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const answer = await call("the sign-in", "GET", "/ecom/api/authentication/token", TOKEN, { username, password });
    // Kept until a minute before the expiry TCS states (an hour when it states none).
    const expiry = Date.parse(answer.expiry ?? "");
    token = { value: answer.accesstoken, until: (Number.isNaN(expiry) ? Date.now() + 3_600_000 : expiry) - 60_000 };
    return token.value;
  }

  /** The pickup the owner chose: its name, address and phone are the label's shipper (guide p. 6-8). */
  async function pickup() {
    if (shipper) return shipper;
    const fields = { customerno: accountNumber, accesstoken: await accessToken() };
    const { detail } = await call(
      "the cost centers",
      "GET",
      "/ecom/api/inquiry/costcenterinquiry",
      COST_CENTERS,
      fields,
    );
    const wanted = costCenterCode.toLowerCase();
    const found = detail?.find((c) =>
      [c.costcentercode, c.costcentercode.split(" - ")[0]].some((v) => v?.trim().toLowerCase() === wanted),
    );
    if (!found) throw new CourierApiError("refused", `TCS has no cost center '${costCenterCode}' on this account.`);
    shipper = found;
    return found;
  }

  /**
   * The booking already made for `reference`, if any. TCS answers a repeated reference with a second
   * consignment (its guide names no duplicate answer and no lookup by reference), so before booking we
   * read the account's bookings of yesterday and today (Karachi days; a retry may cross midnight) from
   * Payment Detail, whose rows carry our reference as "order no" and list parcels by booking date,
   * paid or not (guide p. 22-23: every row booked 09/09 for 08/09-14/09, one delivered on 16/09).
   */
  async function findBooking(reference: string): Promise<string | undefined> {
    const fields = {
      customerno: accountNumber,
      fromdate: karachiDay(1),
      todate: karachiDay(0),
      accesstoken: await accessToken(),
    };
    const { detail } = await call("the booking lookup", "GET", "/ecom/api/Payment/detail", PAYMENTS, fields);
    const want = reference.trim().toLowerCase();
    return detail?.find((row) => row["order no"]?.trim().toLowerCase() === want)?.["cn by courier"];
  }

  async function book(request: BookingRequest) {
    const earlier = await findBooking(request.reference);
    if (earlier) return { trackingNumber: earlier, labelUrl: null };
    const from = await pickup();
    const json = tcsBooking(request, from, accountNumber, await accessToken());
    const answer = await call("the booking", "POST", "/ecom/api/booking/create", BOOKED, {}, json);
    if (!answer.consignmentNo) {
      const said = [answer.message, ...(answer.error ?? []).map((e) => e.errorname)].filter(Boolean).join(": ");
      throw new CourierApiError("refused", `TCS refused the booking: ${said || "no consignment number"}`.slice(0, 300));
    }
    return { trackingNumber: answer.consignmentNo, labelUrl: null };
  }

  async function cancel(trackingNumber: string) {
    const json = { consignmentNumber: trackingNumber, accesstoken: await accessToken() };
    const answer = await call("the cancellation", "POST", "/ecom/api/booking/cancel", CANCELLED, {}, json);
    // 'SUCCESS', or 'Failure: No Record Founds' (guide p. 14-15).
    if (!/^success$/i.test(answer.message.trim()))
      throw new CourierApiError("refused", `TCS refused the cancellation: ${answer.message}`);
  }

  async function trackOne(cn: string): Promise<ParcelStatus | undefined> {
    const answer = await call("tracking", "GET", "/tracking/api/Tracking/GetDynamicTrackDetail", TRACKING, {
      consignee: cn,
    });
    if (answer.message.toUpperCase() === "FAIL") return undefined; // "No Data Found/Invalid CN"
    // The newest scan of either list is the parcel's state (a failed attempt, then out for delivery
    // again, is out). On a tie the delivery row, listed first, wins: it carries TCS's code.
    const scans = [...(answer.deliveryinfo ?? []), ...(answer.checkpoints ?? [])].map((scan) => ({
      scan,
      at: readKarachiInstant(scan.datetime.replace(/^[a-z]+day\s+/i, "").replace(/\s+/g, " ")),
    }));
    const dated = (at: string) => (at === "blank" || at === "unreadable" ? undefined : at);
    const latest = scans.reduce<(typeof scans)[number] | undefined>(
      (best, next) => (!best || (dated(next.at) ?? "") > (dated(best.at) ?? "") ? next : best),
      undefined,
    );
    if (!latest) {
      // Booked, nothing scanned yet: the summary's first line ('Current Status: BOOKED') is all there is.
      const words = answer.shipmentsummary?.split("\n")[0]?.trim();
      return words ? { trackingNumber: cn, status: words, outcome: tcsOutcome(null, words) } : undefined;
    }
    const { code, status } = latest.scan;
    // TCS's tracking answer has no reason field; its words are the whole of what it says.
    return {
      trackingNumber: cn,
      status: code ? `${status} (${code})` : status,
      outcome: tcsOutcome(code, status),
      statusDate: dated(latest.at),
    };
  }

  async function track(trackingNumbers: string[]) {
    const found: ParcelStatus[] = [];
    for (const cn of trackingNumbers) {
      const status = await trackOne(cn);
      if (status) found.push(status);
    }
    return found;
  }

  async function payments(trackingNumbers: string[]) {
    const paid: ParcelPayment[] = [];
    for (const cn of trackingNumbers) {
      const fields = { customerno: accountNumber, consignmentno: cn, accesstoken: await accessToken() };
      const { detail } = await call("the payment status", "GET", "/ecom/api/Payment/status", PAYMENTS, fields);
      const row = detail?.[0];
      if (row?.["payment status"]?.trim().toUpperCase() !== "Y") continue; // 'N': not settled yet
      const netPaid = row["amount paid"] ?? 0;
      const deliveryCharge = row["delivery charges"] ?? 0;
      const day = readKarachiDay(row["payment date"] ?? "");
      paid.push({
        trackingNumber: cn,
        // TCS states what it paid and its delivery charge, not the cash collected: for a delivered
        // parcel that is their sum; a returned one ('RO') collected nothing.
        collected: row["cn status"]?.trim().toUpperCase() === "RO" ? 0 : netPaid + deliveryCharge,
        deliveryCharge,
        netPaid,
        payoutDate: day === "blank" || day === "unreadable" ? undefined : day,
      });
    }
    return paid;
  }

  // One tracking call per number (the guide shows one CN a call): ten keep a sync's round short.
  return { kind: "tcs", book, cancel, track, payments, trackBatch: 10 };
}

export const tcsApi: CourierApiDescriptor = {
  kind: "tcs",
  label: "TCS",
  credentials: [
    {
      key: "bearerToken",
      label: "Bearer token",
      hint: "The API bearer token TCS e-mails once your test (UAT) phase passes; ask your TCS account manager.",
    },
    { key: "username", label: "API user name", hint: "The Envio API user name TCS gives with the bearer token." },
    { key: "password", label: "API password", hint: "The password of that Envio API user." },
    {
      key: "accountNumber",
      label: "Account number",
      hint: "Your TCS account (customer) number, on TCS's invoices and the Envio portal's header (e.g. 04011K1).",
    },
    {
      key: "costCenterCode",
      label: "Cost center code",
      hint: "The pickup point's cost center code, in the Envio portal under Cost Centers (e.g. 001).",
    },
  ],
  productionUrl: "https://ociconnect.tcscourier.com",
  stagingUrl: "https://devconnect.tcscourier.com",
  sources: [
    "TCS API User Guide v1.0 (booking create, cancel, cost center inquiry, payment status and detail, tracking, status codes): https://ociconnect.tcscourier.com/ecom/index.html, text at github.com/Suefyawn/YellowPink/.audit/tcs-cod-api-spec.txt",
    "Query strings for TCS's GET calls and the words of its live tracking: github.com/Suefyawn/YellowPink src/lib/couriers/tcs.ts",
    "Not published by TCS: shipper advice, a duplicate-reference answer, a lookup by reference, a label URL",
  ],
  create: createTcs,
};
