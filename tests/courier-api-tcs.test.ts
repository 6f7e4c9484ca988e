// The TCS adapter (server/couriers/api/tcs.ts) against a stand-in that answers as TCS's API User Guide
// v1.0 prints (tests/support/couriers/tcs-stand-in.ts): booking, its refusals, a lost answer retried
// with the same reference, tracking through every status word the adapter knows, payments,
// cancelling, and where each credential travels. No database, no network beyond 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingRequest, CourierApi } from "../server/couriers/api/courier-api.ts";
import { tcsApi } from "../server/couriers/api/tcs.ts";
import { TCS_STATUSES } from "../server/couriers/api/tcs-statuses.ts";
import { apiFailure } from "./support/couriers/api-failure.ts";
import { startTcsStandIn, TCS_ACCOUNT, type TcsStandIn } from "./support/couriers/tcs-stand-in.ts";

let standIn: TcsStandIn;
let api: CourierApi;
let serial = 0;

const settings = (credentials: Record<string, string> = TCS_ACCOUNT) => ({
  baseUrl: standIn.url,
  credentials,
  timeoutMs: 300,
});

/** A new order each time: its own reference, as the shop's order numbers are. */
function order(changes: Partial<BookingRequest> = {}): BookingRequest {
  serial += 1;
  return {
    reference: `71B8${String(serial).padStart(4, "0")}`,
    customerName: "Ayesha Khan",
    phone: "+923001234567",
    address: "House 12, Street 4, Block 7",
    area: "Gulshan-e-Iqbal",
    landmark: "Near Baitul Mukarram Masjid",
    city: "Karachi",
    codAmount: 4_500,
    weightGrams: 850,
    pieces: 1,
    contents: "1 pair: Black Oxford 42",
    note: "Call before coming",
    ...changes,
  };
}

/** The CourierApiError a promise fails with. */

beforeAll(async () => {
  standIn = await startTcsStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  api = tcsApi.create(settings());
});

describe("booking", () => {
  it("books the order and answers TCS's consignment number, our number as TCS's reference", async () => {
    const request = order();
    const booked = await api.book(request);
    expect(booked).toEqual({ trackingNumber: expect.stringMatching(/^7794\d{8}$/), labelUrl: null });
    const sent = standIn.bookings.find((b) => b.consignmentNo === booked.trackingNumber)?.body;
    expect(sent?.shipmentinfo).toMatchObject({
      referenceno: request.reference,
      costcentercode: "001",
      codamount: 4_500,
      weightinkg: 0.85,
      pieces: 1,
      contentdesc: "1 pair: Black Oxford 42",
      remarks: "Call before coming",
      currency: "PKR",
    });
    expect(sent?.consigneeinfo).toMatchObject({
      firstname: "Ayesha Khan",
      mobile: "03001234567",
      address1: "House 12, Street 4, Block 7",
      address3: "Gulshan-e-Iqbal",
      areaname: "Gulshan-e-Iqbal",
      landmark: "Near Baitul Mukarram Masjid",
      citycode: "KHI",
      cityname: "Karachi",
    });
    // The shipper is the owner's cost center as TCS keeps it.
    expect(sent?.shipperinfo).toMatchObject({
      tcsaccount: "04011K1",
      shippername: "Shoe Shop Karachi",
      mobile: "03001112233",
    });
  });

  it.each([
    ["a bad phone", { phone: "+9230012" }, "consigneeinfo.mobile must be 11 digits"],
    ["a city TCS does not serve", { city: "Atlantis" }, "'Atlantis' is not a TCS city"],
    ["a missing name", { customerName: "" }, "consigneeinfo.firstname must be 3 to 50"],
  ])("refuses %s with TCS's own message", async (_, changes, words) => {
    const before = standIn.bookings.length;
    const error = await apiFailure(api.book(order(changes)));
    expect(error.failure).toBe("refused");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain(words);
    expect(standIn.bookings).toHaveLength(before);
  });

  it("a booking whose answer was lost, retried with the same reference, is the one booking", async () => {
    const request = order();
    standIn.hangNext(1, { path: "/ecom/api/booking/create", ms: 1_000 });
    const lost = await apiFailure(api.book(request));
    expect(lost.failure).toBe("timeout");
    expect(lost.retryable).toBe(true);
    const made = standIn.bookings.filter((b) => b.referenceno === request.reference);
    expect(made).toHaveLength(1);

    // The booking service retries, perhaps from another process: the adapter remembers nothing.
    const again = await tcsApi.create(settings()).book(request);
    expect(again.trackingNumber).toBe(made[0]?.consignmentNo);
    expect(standIn.bookings.filter((b) => b.referenceno === request.reference)).toHaveLength(1);
  });
});

describe("credentials", () => {
  it.each([
    ["bearer token", { ...TCS_ACCOUNT, bearerToken: "eyJ-wrong-bearer-secret" }, "eyJ-wrong-bearer-secret"],
    ["password", { ...TCS_ACCOUNT, password: "wrong-pa55-secret" }, "wrong-pa55-secret"],
  ])("a wrong %s is 'credentials', and the message does not carry it", async (_, credentials, secret) => {
    const error = await apiFailure(tcsApi.create(settings(credentials)).book(order()));
    expect(error.failure).toBe("credentials");
    expect(error.message).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
  });

  it("a missing credential is named, without any value", async () => {
    const error = await apiFailure(tcsApi.create(settings({ ...TCS_ACCOUNT, costCenterCode: " " })).track(["1"]));
    expect(error.failure).toBe("credentials");
    expect(error.message).toBe("TCS needs costCenterCode in its settings.");
  });

  it("each secret travels only where TCS's guide puts it", async () => {
    const from = standIn.requests.length;
    const { trackingNumber } = await api.book(order());
    standIn.scan(trackingNumber, { words: "Out For Delivery" });
    await api.track([trackingNumber]);
    await api.payments([trackingNumber]);
    const sent = standIn.requests.slice(from);
    expect(sent.every((r) => r.authorization === `Bearer ${TCS_ACCOUNT.bearerToken}`)).toBe(true);
    // The password goes to the sign-in only; the access token it gives goes to the e-commerce calls.
    const withPassword = sent.filter((r) => JSON.stringify([r.query, r.body]).includes(TCS_ACCOUNT.password));
    expect(withPassword.map((r) => r.path)).toEqual(["/ecom/api/authentication/token"]);
    const ecom = sent.filter((r) => r.path.startsWith("/ecom/api/") && !r.path.endsWith("/token"));
    expect(ecom.every((r) => r.query.accesstoken ?? (r.body as { accesstoken?: string }).accesstoken)).toBe(true);
    const tracking = sent.filter((r) => r.path.startsWith("/tracking/"));
    expect(tracking).toHaveLength(1);
    expect(tracking[0]?.query).toEqual({ consignee: trackingNumber });
    // One sign-in and one cost-center read serve every call of the adapter.
    expect(sent.filter((r) => r.path.endsWith("/token"))).toHaveLength(1);
  });
});

describe("tracking", () => {
  it("maps every status word of the table, failed attempts among them", async () => {
    expect(TCS_STATUSES.filter((s) => s.outcome === "attemptFailed").length).toBeGreaterThanOrEqual(2);
    for (const status of TCS_STATUSES) {
      const { trackingNumber } = await api.book(order());
      standIn.scan(trackingNumber, { code: status.code ?? undefined, words: status.words });
      const [tracked] = await api.track([trackingNumber]);
      expect(tracked, status.words).toMatchObject({ trackingNumber, outcome: status.outcome });
      expect(tracked?.status).toContain(status.words);
      if (status.code) expect(tracked?.status).toContain(status.code);
    }
  });

  it("reads the newest scan of either list, its Karachi time as an instant, and leaves out numbers TCS does not know", async () => {
    const { trackingNumber } = await api.book(order());
    standIn.scan(trackingNumber, { words: "Arrived at TCS Facility", datetime: "Wednesday Oct 16, 2024 10:52" });
    standIn.scan(trackingNumber, {
      code: "SC",
      words: "Awaiting Receiver Collection",
      datetime: "Wednesday Oct 16, 2024 11:58",
    });
    expect(await api.track([trackingNumber, "779400000000"])).toEqual([
      {
        trackingNumber,
        status: "Awaiting Receiver Collection (SC)",
        outcome: "attemptFailed",
        statusDate: "2024-10-16T06:58:00.000Z",
      },
    ]);
    standIn.scan(trackingNumber, { words: "Out For Delivery", datetime: "Thursday Oct 17, 2024 09:35" });
    const [out] = await api.track([trackingNumber]);
    expect(out).toMatchObject({
      status: "Out For Delivery",
      outcome: "outForDelivery",
      statusDate: "2024-10-17T04:35:00.000Z",
    });
  });

  it("an unknown word is never a delivery", async () => {
    const { trackingNumber } = await api.book(order());
    standIn.scan(trackingNumber, { words: "Undelivered Due To Incorrect Address" });
    const [tracked] = await api.track([trackingNumber]);
    expect(tracked?.outcome).toBe("attemptFailed");
  });
});

describe("payments", () => {
  it("answers settled parcels with TCS's charge and payout, and leaves out unpaid ones", async () => {
    const delivered = (await api.book(order())).trackingNumber;
    const returned = (await api.book(order())).trackingNumber;
    const unpaid = (await api.book(order())).trackingNumber;
    standIn.pay(delivered, {
      paymentStatus: "Y",
      cnStatus: "OK",
      amountPaid: 4_290,
      deliveryCharges: 210,
      paymentDate: "30/11/2026",
    });
    standIn.pay(returned, {
      paymentStatus: "Y",
      cnStatus: "RO",
      amountPaid: -210,
      deliveryCharges: 210,
      paymentDate: "30/11/2026",
    });
    standIn.pay(unpaid, { paymentStatus: "N", cnStatus: "OK", amountPaid: 0, deliveryCharges: 210, paymentDate: null });
    expect(await api.payments([delivered, returned, unpaid, "779400000000"])).toEqual([
      { trackingNumber: delivered, collected: 4_500, deliveryCharge: 210, netPaid: 4_290, payoutDate: "2026-11-30" },
      { trackingNumber: returned, collected: 0, deliveryCharge: 210, netPaid: -210, payoutDate: "2026-11-30" },
    ]);
  });
});

describe("cancelling and advice", () => {
  it("cancels a booking not yet picked up; TCS's refusal of a second cancel is the owner's to read", async () => {
    const { trackingNumber } = await api.book(order());
    await api.cancel(trackingNumber);
    expect(standIn.bookings.find((b) => b.consignmentNo === trackingNumber)?.cancelled).toBe(true);
    const error = await apiFailure(api.cancel(trackingNumber));
    expect(error.failure).toBe("refused");
    expect(error.message).toContain("Failure: No Record Founds");
  });

  it("has no shipper advice: TCS publishes no such call", () => {
    expect(api.advise).toBeUndefined();
    expect(standIn.adviceReceived).toEqual([]);
    expect(tcsApi.sources.join(" ")).toContain("Not published by TCS: shipper advice");
  });
});

describe("TCS having a bad minute", () => {
  it("a 500 is 'unavailable', worth trying again", async () => {
    standIn.failNext(1);
    const error = await apiFailure(api.track(["779412326902"]));
    expect(error.failure).toBe("unavailable");
    expect(error.retryable).toBe(true);
  });
});
