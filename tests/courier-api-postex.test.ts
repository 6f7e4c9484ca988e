// The PostEx adapter (server/couriers/api/postex.ts) as the booking, the sync job and the delivery
// attempts will use it, against a stand-in that answers as PostEx's guide says
// (tests/support/couriers/postex-stand-in.ts). No database, nothing leaves 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingRequest, CourierApi, CourierApiSettings } from "../server/couriers/api/courier-api.ts";
import { postexApi } from "../server/couriers/api/postex.ts";
import { POSTEX_HISTORY_CODES, POSTEX_STATUS_WORDS } from "../server/couriers/api/postex-statuses.ts";
import { apiFailure } from "./support/couriers/api-failure.ts";
import { type PostExStandIn, startPostExStandIn } from "./support/couriers/postex-stand-in.ts";

let standIn: PostExStandIn;
beforeAll(async () => {
  standIn = await startPostExStandIn();
});
afterAll(() => standIn.close());

const settings = (over: Partial<CourierApiSettings> = {}): CourierApiSettings => ({
  baseUrl: standIn.url,
  credentials: { token: standIn.token, pickupAddressCode: "001" },
  timeoutMs: 2_000,
  ...over,
});
const postex = (over: Partial<CourierApiSettings> = {}): CourierApi => postexApi.create(settings(over));

let orders = 0;
const parcel = (over: Partial<BookingRequest> = {}): BookingRequest => {
  orders += 1;
  return {
    reference: `71B8${String(orders).padStart(4, "0")}`,
    customerName: "Ayesha Khan",
    phone: "+923001234567",
    address: "House 12, Street 4, Block 5, Gulshan-e-Iqbal, near Disco Bakery",
    area: "Gulshan-e-Iqbal",
    landmark: "near Disco Bakery",
    city: "Karachi",
    codAmount: 4590,
    weightGrams: 1200,
    pieces: 2,
    contents: "2 pairs: Black Oxford 42, Brown Loafer 41",
    note: "Call before coming",
    ...over,
  };
};

/** The error a call throws, for its failure and message. */

const bookedAs = (reference: string) => standIn.bookings.filter((b) => b.orderRefNumber === reference);

describe("booking", () => {
  it("books the parcel with our reference and answers PostEx's tracking number", async () => {
    const request = parcel();
    const booked = await postex().book(request);
    const [booking] = bookedAs(request.reference);
    expect(booked).toEqual({ trackingNumber: booking?.trackingNumber, labelUrl: null });
    expect(booking?.request).toEqual({
      orderRefNumber: request.reference,
      orderType: "Normal",
      invoicePayment: "4590",
      orderDetail: "2 pairs: Black Oxford 42, Brown Loafer 41",
      customerName: "Ayesha Khan",
      customerPhone: "03001234567",
      deliveryAddress: "House 12, Street 4, Block 5, Gulshan-e-Iqbal, near Disco Bakery",
      cityName: "KARACHI",
      transactionNotes: "Call before coming",
      invoiceDivision: 1,
      items: 2,
      bookingWeight: 1.2,
      pickupAddressCode: "001",
    });
  });

  it("a refused booking is 'refused' with PostEx's own words", async () => {
    const noName = await apiFailure(postex().book(parcel({ customerName: " " })));
    expect(noName.failure).toBe("refused");
    expect(noName.retryable).toBe(false);
    expect(noName.message).toBe("PostEx refused the booking: Customer Name is required");

    const badPhone = await apiFailure(postex().book(parcel({ phone: "+92300123" })));
    expect(badPhone.failure).toBe("refused");
    expect(badPhone.message).toContain("Invalid Customer Phone");

    const badCode = await apiFailure(
      postex({ credentials: { token: standIn.token, pickupAddressCode: "009" } }).book(parcel()),
    );
    expect(badCode.message).toBe("PostEx refused the booking: Invalid Pickup Address Code");
  });

  it("a city PostEx does not list is refused before anything is booked", async () => {
    standIn.cities.splice(standIn.cities.indexOf("KARACHI"), 1);
    try {
      const request = parcel();
      const error = await apiFailure(postex().book(request));
      expect(error.failure).toBe("refused");
      expect(error.message).toContain("Karachi");
      expect(bookedAs(request.reference)).toEqual([]);
    } finally {
      standIn.cities.push("KARACHI");
    }
  });

  it("wrong credentials are 'credentials', and the message never carries the token", async () => {
    const secret = "wrong-token-91d2c4e8ab";
    const error = await apiFailure(postex({ credentials: { token: secret, pickupAddressCode: "001" } }).book(parcel()));
    expect(error.failure).toBe("credentials");
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain(standIn.token);

    const none = await apiFailure(postex({ credentials: {} }).track(["26704560000001"]));
    expect(none.failure).toBe("credentials");
  });

  it("a booking whose answer was lost, asked again with its reference, is the same one booking", async () => {
    const api = postex({ timeoutMs: 300 });
    const request = parcel();
    standIn.hangNext(1, "/v3/create-order");
    const lost = await apiFailure(api.book(request));
    expect(lost.failure).toBe("timeout");
    expect(lost.retryable).toBe(true);
    expect(bookedAs(request.reference)).toHaveLength(1);

    const again = await api.book(request);
    const again2 = await postex().book(request);
    expect(bookedAs(request.reference)).toHaveLength(1);
    expect(again.trackingNumber).toBe(bookedAs(request.reference)[0]?.trackingNumber);
    expect(again2.trackingNumber).toBe(again.trackingNumber);
  });

  it("PostEx failing (500) is 'unavailable', worth trying again, and books nothing", async () => {
    const request = parcel();
    standIn.failNext(1, "/v3/create-order");
    const error = await apiFailure(postex().book(request));
    expect(error.failure).toBe("unavailable");
    expect(error.retryable).toBe(true);
    expect(bookedAs(request.reference)).toEqual([]);
    expect((await postex().book(request)).trackingNumber).toBe(bookedAs(request.reference)[0]?.trackingNumber);
  });
});

describe("tracking", () => {
  it("maps every status word PostEx writes, keeping its words, its reason and its time", async () => {
    const api = postex();
    const numbers: string[] = [];
    for (const [word] of POSTEX_STATUS_WORDS) {
      const { trackingNumber } = await api.book(parcel());
      const reason = word === "Attempted" ? "Attempt Made: CNA" : undefined;
      standIn.setStatus(trackingNumber, word, { message: reason, at: "2026-11-28 14:05:00" });
      numbers.push(trackingNumber);
    }
    expect(numbers.length).toBeLessThanOrEqual(api.trackBatch);
    const statuses = await api.track([...numbers, "99999999999999"]);
    expect(statuses.map((s) => [s.status, s.outcome])).toEqual(POSTEX_STATUS_WORDS.map(([w, o]) => [w, o]));
    expect(statuses.map((s) => s.trackingNumber)).toEqual(numbers);
    expect(statuses.filter((s) => s.outcome === "attemptFailed").length).toBeGreaterThanOrEqual(2);
    const attempted = statuses.find((s) => s.status === "Attempted");
    expect(attempted).toMatchObject({ remark: "Attempt Made: CNA", statusDate: "2026-11-28T09:05:00.000Z" });
  });

  it("reads the latest history code where the word is one PostEx has not published", async () => {
    const api = postex();
    const numbers: string[] = [];
    for (const [code, words] of POSTEX_HISTORY_CODES) {
      const { trackingNumber } = await api.book(parcel());
      standIn.setStatus(trackingNumber, "Booked", { code: "0001", at: "2026-11-27 10:00:00" });
      standIn.setStatus(trackingNumber, "Held at Hub", { code, message: words, at: "2026-11-28 09:30:00" });
      numbers.push(trackingNumber);
    }
    const statuses = await api.track(numbers);
    expect(statuses.map((s) => s.outcome)).toEqual(POSTEX_HISTORY_CODES.map(([, , outcome]) => outcome));
    expect(statuses[0]).toMatchObject({ status: "Held at Hub", statusDate: "2026-11-28T04:30:00.000Z" });
  });

  it("reads 'En-Route to <city> warehouse' as still on its way", async () => {
    const api = postex();
    const { trackingNumber } = await api.book(parcel());
    standIn.setStatus(trackingNumber, "En-Route to Lahore warehouse");
    expect(await api.track([trackingNumber])).toMatchObject([{ outcome: "noChange" }]);
  });
});

describe("payments", () => {
  it("answers each settled parcel with PostEx's charges and receipts, leaving out the unpaid", async () => {
    const api = postex();
    const [delivered, returned, unpaid] = [
      await api.book(parcel({ codAmount: 3000 })),
      await api.book(parcel({ codAmount: 2000 })),
      await api.book(parcel({ codAmount: 1500 })),
    ].map((b) => b.trackingNumber) as [string, string, string];
    standIn.setStatus(delivered, "Delivered", { code: "0005" });
    standIn.setAmounts(delivered, {
      transactionFee: 180,
      transactionTax: 28.8,
      upfrontPayment: 2200,
      reservePayment: 591.2,
    });
    standIn.setPayment(delivered, {
      settle: true,
      upfrontPaymentDate: "2026-11-20",
      cprNumber_1: "CPR-1101",
      reservePaymentDate: "2026-11-27 16:00:00",
      cprNumber_2: "CPR-1188",
      settlementDate: "2026-11-27 16:00:00",
    });
    standIn.setStatus(returned, "Returned", { code: "0006" });
    standIn.setAmounts(returned, { reversalFee: 120, reversalTax: 19.2, reservePayment: -139.2 });
    standIn.setPayment(returned, { settle: true, reservePaymentDate: "2026-11-27", cprNumber_2: "CPR-1188" });
    standIn.setStatus(unpaid, "Delivered", { code: "0005" });

    const lines = await api.payments([delivered, returned, unpaid, "99999999999999"]);
    expect(lines).toEqual([
      {
        trackingNumber: delivered,
        collected: 3000,
        deliveryCharge: 180,
        returnCharge: undefined,
        salesTax: 29,
        netPaid: 2791,
        payoutReference: "CPR-1101, CPR-1188",
        payoutDate: "2026-11-27",
      },
      {
        trackingNumber: returned,
        collected: 0,
        deliveryCharge: undefined,
        returnCharge: 120,
        salesTax: 19,
        netPaid: -139,
        payoutReference: "CPR-1188",
        payoutDate: "2026-11-27",
      },
    ]);
  });
});

describe("cancelling", () => {
  it("cancels a parcel PostEx has not picked up, and says PostEx's words for one it has", async () => {
    const api = postex();
    const { trackingNumber } = await api.book(parcel());
    await api.cancel(trackingNumber);
    expect(standIn.cancelled).toContain(trackingNumber);
    expect(await api.track([trackingNumber])).toMatchObject([{ status: "Un-Assigned By Me", outcome: "noChange" }]);

    const picked = (await api.book(parcel())).trackingNumber;
    standIn.setStatus(picked, "Picked By PostEx");
    const late = await apiFailure(api.cancel(picked));
    expect(late.failure).toBe("refused");
    expect(late.message).toContain("can no longer be cancelled");
    expect(standIn.cancelled).not.toContain(picked);

    const unknown = await apiFailure(api.cancel("99999999999999"));
    expect(unknown.failure).toBe("refused");
  });
});

describe("shipper advice", () => {
  it("sends a reattempt, a return and a correction as PostEx's statusId and remarks", async () => {
    const api = postex();
    const numbers = [await api.book(parcel()), await api.book(parcel()), await api.book(parcel())].map(
      (b) => b.trackingNumber,
    ) as [string, string, string];
    for (const number of numbers)
      standIn.setStatus(number, "Attempted", { code: "0013", message: "Attempt Made: CNA" });
    const advise = api.advise;
    if (!advise) throw new Error("PostEx publishes shipper advice: advise must be there.");
    await advise(numbers[0], { kind: "reattempt", remark: "Customer will be home after 5 pm" });
    await advise(numbers[1], { kind: "return", remark: "Customer cancelled on the phone" });
    await advise(numbers[2], {
      kind: "correct",
      remark: "Wrong block",
      address: "House 12, Street 4, Block 7, Gulshan-e-Iqbal",
      phone: "+923211234567",
    });
    expect(standIn.adviceReceived).toEqual([
      { trackingNumber: numbers[0], statusId: 2, remarks: "Customer will be home after 5 pm" },
      { trackingNumber: numbers[1], statusId: 1, remarks: "Customer cancelled on the phone" },
      {
        trackingNumber: numbers[2],
        statusId: 2,
        remarks: "Wrong block. Deliver to: House 12, Street 4, Block 7, Gulshan-e-Iqbal. Call: 03211234567",
      },
    ]);

    const delivered = (await api.book(parcel())).trackingNumber;
    const refused = await apiFailure(advise(delivered, { kind: "reattempt", remark: "Try again" }));
    expect(refused.failure).toBe("refused");
    expect(standIn.adviceReceived).toHaveLength(3);
  });
});

describe("credentials", () => {
  it("travel only in the token header, never in a URL or a body", () => {
    const right = standIn.requests.filter((r) => r.headers.token === standIn.token);
    expect(right.length).toBeGreaterThan(20);
    for (const request of standIn.requests) {
      expect(request.headers.token).toBeDefined();
      expect(request.headers.authorization).toBeUndefined();
      const seen = JSON.stringify([request.path, request.query, request.body]);
      expect(seen).not.toContain(standIn.token);
    }
  });
});

describe("the descriptor", () => {
  it("names what the owner enters, PostEx's host and where each shape comes from", () => {
    expect(postexApi).toMatchObject({ kind: "postex", label: "PostEx", stagingUrl: null });
    expect(postexApi.productionUrl).toBe("https://api.postex.pk/services/integration/api/order");
    expect(postexApi.credentials.map((c) => c.key)).toEqual(["token", "pickupAddressCode"]);
    expect(postexApi.sources.length).toBeGreaterThanOrEqual(3);
  });
});
