// M&P's (Muller & Phipps, mulphilog) COD API at https://mnpcourier.com/mycodapi/api, as its "COD API
// MANUAL" (version 2025022404) documents it. No public copy of the manual was found: the calls and
// fields below are those of public clients that follow it section by section, cited per call:
// - BaigInBinary/RKT-Server src/services/mnpService.ts ("implements the endpoints documented in M&P
//   COD API MANUAL (version 2025022404)"): 1.1 Booking/InsertBookingData, 1.2 Booking/VoidConsignment,
//   4.3 Reports/CN_Detail_Customer_Order_No, 5.2 ShipperAdvice/CloseShipperAdvice (adviceoption 2
//   return, 3 re-attempt; reattempt 1 same address, 2 new address), 6.2
//   Tracking/Bulk_Consignment_Tracking_New (200 numbers a call, "documented maximum");
// - ashar-farooqui1/Courier_Web_App lib/types/mnp.ts: the bulk tracking answer's fields
//   (tracking_Details: CNTrackingDetail events, PaymentID, PaymentDate, AmountPaid, CODAmount,
//   CNTrackingInvDetail's AmountInvoiced).
// Every call carries the user name and password in its body or query: M&P takes no header token.
// Answers are an array of one {isSuccess, message, …}; a refusal is isSuccess "false" with M&P's words.
// Idempotency: M&P's 4.3 looks a booking up by our reference (custRefNo), so book() asks it first.
// Not published (in what could be read): a staging host, a label URL, M&P's list of status words
// (mp-statuses.ts reads them by pattern), the words of a refused login (read by pattern below).
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
  type ShipperAdvice,
} from "./courier-api.ts";
import { callCourier } from "./http.ts";
import { answerOf, BOOKED, type EVENT, FOUND, mpMobile, RESULT, type SHIPMENT, TRACKED } from "./mp-shapes.ts";
import { mpOutcome } from "./mp-statuses.ts";

const COURIER = "M&P";
const CREDENTIAL_KEYS = ["username", "password", "accountNumber", "locationId"] as const;
/** M&P's words for a refused login are unpublished; these are how such a refusal reads. */
const LOGIN_REFUSED = /invalid (user|login|credential|password|account)|unauthori[sz]ed|authentication/i;

const rupees = (value: string | null | undefined) => Math.round(Number(value ?? 0)) || 0;
const instant = (raw: string) => {
  const at = readKarachiInstant(raw);
  return at === "blank" || at === "unreadable" ? undefined : at;
};

function createMp(settings: CourierApiSettings): CourierApi {
  const creds = Object.fromEntries(
    CREDENTIAL_KEYS.map((key) => [key, settings.credentials[key]?.trim() ?? ""]),
  ) as Record<(typeof CREDENTIAL_KEYS)[number], string>;
  const missing = CREDENTIAL_KEYS.filter((key) => !creds[key]);
  const { username, password, accountNumber, locationId } = creds;

  async function call<S extends z.ZodType>(
    what: string,
    path: string,
    schema: S,
    send: { json?: object; query?: Record<string, string> },
  ): Promise<z.output<S>> {
    if (missing.length > 0)
      throw new CourierApiError("credentials", `M&P needs ${missing.join(", ")} in its settings.`);
    const url = new URL(`${settings.baseUrl.replace(/\/+$/, "")}/${path}`);
    for (const [key, value] of Object.entries(send.query ?? {})) url.searchParams.set(key, value);
    const { body } = await callCourier({
      courier: COURIER,
      what,
      method: send.json ? "POST" : "GET",
      url: url.toString(),
      json: send.json,
      timeoutMs: settings.timeoutMs,
      schema: answerOf(schema),
    });
    const result = body as z.output<typeof RESULT>;
    if (!result.isSuccess && LOGIN_REFUSED.test(result.message ?? "")) {
      throw new CourierApiError("credentials", `M&P refused the shop's credentials for ${what}.`);
    }
    return body as z.output<S>;
  }

  const refused = (what: string, message: string | null | undefined) =>
    new CourierApiError("refused", `M&P refused ${what}: ${message?.trim() || "no reason given"}`.slice(0, 300));

  /** 4.3: the consignment M&P made for our reference, if any. */
  async function findBooking(reference: string): Promise<string | undefined> {
    const json = { UserName: username, Password: password, CustomerOrderRef: reference, AccountNumber: accountNumber };
    const found = await call("the booking lookup", "Reports/CN_Detail_Customer_Order_No", FOUND, { json });
    return found.Details?.[0]?.consignmentNumber;
  }

  async function book(request: BookingRequest) {
    const earlier = await findBooking(request.reference);
    if (earlier) return { trackingNumber: earlier, labelUrl: null };
    const address = [request.address, request.area, request.landmark].filter(Boolean).join(", ");
    const json = {
      username,
      password,
      AccountNo: accountNumber,
      locationID: locationId,
      ReturnLocation: locationId, // parcels that come back return to the pickup location
      consigneeName: request.customerName.trim().slice(0, 50),
      consigneeAddress: address.slice(0, 255),
      consigneeMobNo: mpMobile(request.phone),
      consigneeEmail: "",
      destinationCityName: request.city,
      pieces: request.pieces,
      weight: Math.max(0.5, Math.round(request.weightGrams / 10) / 100), // kilograms
      codAmount: request.codAmount,
      custRefNo: request.reference,
      productDetails: request.contents.slice(0, 50),
      fragile: "NO",
      service: "Overnight",
      remarks: (request.note ?? "").slice(0, 400),
      insuranceValue: "0",
    };
    const booked = await call("the booking", "Booking/InsertBookingData", BOOKED, { json });
    if (booked.isSuccess && booked.orderReferenceId) return { trackingNumber: booked.orderReferenceId, labelUrl: null };
    // Should M&P itself say the reference is booked (a race with the lookup), its lookup has the number.
    const again = /already exist|duplicate/i.test(booked.message ?? "")
      ? await findBooking(request.reference)
      : undefined;
    if (again) return { trackingNumber: again, labelUrl: null };
    throw refused("the booking", booked.message);
  }

  async function cancel(trackingNumber: string) {
    const json = { Username: username, password, locationID: locationId, consignmentNumberList: [trackingNumber] };
    const result = await call("the cancellation", "Booking/VoidConsignment", RESULT, { json });
    if (!result.isSuccess) throw refused("the cancellation", result.message);
  }

  async function shipments(trackingNumbers: string[]) {
    const json = { Username: username, Password: password, AccountNo: accountNumber, Consignments: trackingNumbers };
    const tracked = await call("tracking", "Tracking/Bulk_Consignment_Tracking_New", TRACKED, { json });
    return tracked.tracking_Details ?? [];
  }

  /** The latest event: M&P lists them in no set order, so the latest time, then the higher tag. */
  function latest(shipment: z.output<typeof SHIPMENT>) {
    const key = (e: z.output<typeof EVENT>) =>
      [instant(e.TransactionTime) ?? "", Number(e.TrackingTagID ?? 0)] as const;
    return (shipment.CNTrackingDetail ?? []).reduce<z.output<typeof EVENT> | undefined>((best, e) => {
      if (!best) return e;
      const [at, tag] = key(e);
      const [bestAt, bestTag] = key(best);
      return at > bestAt || (at === bestAt && tag > bestTag) ? e : best;
    }, undefined);
  }

  async function track(trackingNumbers: string[]) {
    const statuses: ParcelStatus[] = [];
    for (const shipment of await shipments(trackingNumbers)) {
      const event = latest(shipment);
      if (!event) continue; // booked, not yet scanned: nothing to say
      statuses.push({
        trackingNumber: shipment.ConsignmentNumber,
        status: event.TrackingStatus,
        outcome: mpOutcome(event.TrackingStatus),
        statusDate: instant(event.TransactionTime),
        remark: event.TrackingNarration?.trim() || undefined,
      });
    }
    return statuses;
  }

  async function payments(trackingNumbers: string[]) {
    const paid: ParcelPayment[] = [];
    for (const shipment of await shipments(trackingNumbers)) {
      if (!shipment.PaymentID?.trim()) continue; // not settled yet
      const returned = mpOutcome(latest(shipment)?.TrackingStatus ?? "") === "refused";
      const day = readKarachiDay(shipment.PaymentDate ?? "");
      paid.push({
        trackingNumber: shipment.ConsignmentNumber,
        collected: returned ? 0 : rupees(shipment.CODAmount),
        // M&P itemises its invoice lines per parcel (CNTrackingInvDetail), not by kind: one total.
        charges: (shipment.CNTrackingInvDetail ?? []).reduce((sum, line) => sum + rupees(line.AmountInvoiced), 0),
        netPaid: rupees(shipment.AmountPaid),
        payoutReference: shipment.PaymentID.trim(),
        payoutDate: day === "blank" || day === "unreadable" ? undefined : day,
      });
    }
    return paid;
  }

  /** 5.2 Close Shipper Advice: M&P's answer to its own question on an undelivered parcel. */
  async function advise(trackingNumber: string, advice: ShipperAdvice) {
    const query: Record<string, string> = {
      username,
      password,
      accountno: accountNumber,
      consignment: trackingNumber,
      adviceoption: advice.kind === "return" ? "2" : "3",
      remarks: advice.remark.slice(0, 400),
    };
    if (advice.kind === "reattempt") query.reattempt = "1";
    if (advice.kind === "correct") {
      query.reattempt = advice.address ? "2" : "1";
      if (advice.address) query.consigneeaddress = advice.address.slice(0, 255);
      if (advice.phone) query.consigneeno = mpMobile(advice.phone);
    }
    const result = await call("the shipper advice", "ShipperAdvice/CloseShipperAdvice", RESULT, { query });
    if (!result.isSuccess) throw refused("the shipper advice", result.message);
  }

  return { kind: "mp", book, cancel, track, payments, advise, trackBatch: 200 };
}

export const mpApi: CourierApiDescriptor = {
  kind: "mp",
  label: "M&P",
  credentials: [
    {
      key: "username",
      label: "API user name",
      hint: "The COD API user name M&P gives with your account (often like NAME_4B459).",
    },
    { key: "password", label: "API password", hint: "The password of that M&P API user." },
    {
      key: "accountNumber",
      label: "Account number",
      hint: "Your M&P COD account number, on M&P's invoices and its COD portal (e.g. 4B459).",
    },
    {
      key: "locationId",
      label: "Pickup location ID",
      hint: "The ID of your pickup location in M&P's COD portal (Locations); ask M&P if unsure.",
    },
  ],
  productionUrl: "https://mnpcourier.com/mycodapi/api",
  stagingUrl: null,
  sources: [
    "M&P COD API MANUAL v2025022404 (not public), sections 1.1, 1.2, 4.3, 5.2, 6.2 as followed by github.com/BaigInBinary/RKT-Server src/services/mnpService.ts",
    "Bulk tracking answer fields: github.com/ashar-farooqui1/Courier_Web_App lib/types/mnp.ts",
    "Not found published: a staging host, a label URL, M&P's status word list, the words of a refused login",
  ],
  create: createMp,
};
