// The M&P adapter (server/couriers/api/mp.ts) against a stand-in that answers as the public clients of
// M&P's COD API read it (tests/support/couriers/mp-stand-in.ts): booking, its refusals, a lost answer
// retried with the same reference, tracking through the status table, payments, voiding, and the
// shop's advice on a failed delivery. No database, no network beyond 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingRequest, CourierApi } from "../server/couriers/api/courier-api.ts";
import { mpApi } from "../server/couriers/api/mp.ts";
import { MP_STATUSES } from "../server/couriers/api/mp-statuses.ts";
import { apiFailure } from "./support/couriers/api-failure.ts";
import { MP_ACCOUNT, type MpStandIn, startMpStandIn } from "./support/couriers/mp-stand-in.ts";

let standIn: MpStandIn;
let api: CourierApi;
let serial = 0;

const settings = (credentials: Record<string, string> = MP_ACCOUNT) => ({
  baseUrl: standIn.url,
  credentials,
  timeoutMs: 300,
});

/** A new order each time: its own reference, as the shop's order numbers are. */
function order(changes: Partial<BookingRequest> = {}): BookingRequest {
  serial += 1;
  return {
    reference: `9C2D${String(serial).padStart(4, "0")}`,
    customerName: "Bilal Ahmed",
    phone: "+923211234567",
    address: "Flat 3, Block B, Clifton Heights",
    area: "Clifton Block 5",
    landmark: "Near Teen Talwar",
    city: "Karachi",
    codAmount: 6_200,
    weightGrams: 1_200,
    pieces: 2,
    contents: "2 pairs: Brown Loafer 41, Sandal 41",
    note: "Evening only",
    ...changes,
  };
}

beforeAll(async () => {
  standIn = await startMpStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  api = mpApi.create(settings());
});

describe("booking", () => {
  it("books the order with our number as M&P's reference and answers the consignment number", async () => {
    const request = order();
    const booked = await api.book(request);
    expect(booked).toEqual({ trackingNumber: expect.stringMatching(/^5440\d{8}$/), labelUrl: null });
    expect(standIn.bookings.find((b) => b.consignmentNumber === booked.trackingNumber)?.body).toMatchObject({
      custRefNo: request.reference,
      AccountNo: "4B459",
      locationID: "8812",
      consigneeName: "Bilal Ahmed",
      consigneeMobNo: "03211234567",
      consigneeAddress: "Flat 3, Block B, Clifton Heights, Clifton Block 5, Near Teen Talwar",
      destinationCityName: "Karachi",
      codAmount: 6_200,
      weight: 1.2,
      pieces: 2,
      productDetails: "2 pairs: Brown Loafer 41, Sandal 41",
      remarks: "Evening only",
    });
  });

  it.each([
    ["a bad phone", { phone: "+92321" }, "Invalid consigneeMobNo"],
    ["a city M&P does not serve", { city: "Atlantis" }, "Invalid destinationCityName"],
    ["a missing name", { customerName: " " }, "consigneeName is required"],
  ])("refuses %s with M&P's message", async (_, changes, words) => {
    const error = await apiFailure(api.book(order(changes)));
    expect(error.failure).toBe("refused");
    expect(error.message).toContain(words);
  });

  it("a booking whose answer was lost, retried with the same reference, is the one booking", async () => {
    const request = order();
    standIn.hangNext(1, { path: "Booking/InsertBookingData", ms: 1_000 });
    expect((await apiFailure(api.book(request))).failure).toBe("timeout");
    const made = standIn.bookings.filter((b) => b.custRefNo === request.reference);
    expect(made).toHaveLength(1);
    const again = await mpApi.create(settings()).book(request);
    expect(again.trackingNumber).toBe(made[0]?.consignmentNumber);
    expect(standIn.bookings.filter((b) => b.custRefNo === request.reference)).toHaveLength(1);
  });

  it("wrong credentials are 'credentials', and the message does not carry the password", async () => {
    const error = await apiFailure(
      mpApi.create(settings({ ...MP_ACCOUNT, password: "wrong-secret-99" })).book(order()),
    );
    expect(error.failure).toBe("credentials");
    expect(error.message).not.toContain("wrong-secret-99");
  });
});

describe("tracking and payments", () => {
  it("maps every word of the status table, failed attempts among them, with M&P's narration as the remark", async () => {
    expect(
      MP_STATUSES.filter((s) => s.outcome === "attemptFailed").flatMap((s) => s.examples).length,
    ).toBeGreaterThanOrEqual(2);
    for (const status of MP_STATUSES) {
      for (const words of status.examples) {
        const { trackingNumber } = await api.book(order());
        standIn.scan(trackingNumber, { TrackingStatus: words, TrackingNarration: `Rider: ${words}` });
        const [tracked] = await api.track([trackingNumber]);
        expect(tracked, words).toMatchObject({
          trackingNumber,
          status: words,
          outcome: status.outcome,
          remark: `Rider: ${words}`,
        });
      }
    }
  });

  it("reads the latest event whatever M&P's order, its Karachi time as an instant", async () => {
    const { trackingNumber } = await api.book(order());
    standIn.scan(trackingNumber, { TrackingStatus: "Arrived at Hub", TransactionTime: "2026-11-28 10:00:00" });
    standIn.scan(trackingNumber, {
      TrackingStatus: "Undelivered",
      TrackingNarration: "Consignee not available",
      TransactionTime: "2026-11-28 16:30:00",
    });
    standIn.scan(trackingNumber, { TrackingStatus: "Out for Delivery", TransactionTime: "2026-11-28 11:00:00" });
    expect(await api.track([trackingNumber, "544000000000"])).toEqual([
      {
        trackingNumber,
        status: "Undelivered",
        outcome: "attemptFailed",
        statusDate: "2026-11-28T11:30:00.000Z",
        remark: "Consignee not available",
      },
    ]);
  });

  it("answers settled parcels with M&P's invoice and payout, and leaves out unpaid ones", async () => {
    const delivered = (await api.book(order())).trackingNumber;
    const returned = (await api.book(order())).trackingNumber;
    const unpaid = (await api.book(order())).trackingNumber;
    standIn.scan(delivered, { TrackingStatus: "Delivered" });
    standIn.scan(returned, { TrackingStatus: "Returned to Shipper" });
    standIn.scan(unpaid, { TrackingStatus: "Delivered" });
    standIn.pay(delivered, {
      PaymentID: "PAY-7781",
      PaymentDate: "2026-12-02",
      AmountPaid: 5_950,
      invoiced: [220, 30],
    });
    standIn.pay(returned, { PaymentID: "PAY-7781", PaymentDate: "2026-12-02", AmountPaid: -250, invoiced: [250] });
    expect(await api.payments([delivered, returned, unpaid])).toEqual([
      {
        trackingNumber: delivered,
        collected: 6_200,
        charges: 250,
        netPaid: 5_950,
        payoutReference: "PAY-7781",
        payoutDate: "2026-12-02",
      },
      {
        trackingNumber: returned,
        collected: 0,
        charges: 250,
        netPaid: -250,
        payoutReference: "PAY-7781",
        payoutDate: "2026-12-02",
      },
    ]);
  });
});

describe("voiding, advice, and M&P having a bad minute", () => {
  it("voids a booking not yet scanned; M&P's refusal of another is the owner's to read", async () => {
    const { trackingNumber } = await api.book(order());
    await api.cancel(trackingNumber);
    expect(standIn.bookings.find((b) => b.consignmentNumber === trackingNumber)?.voided).toBe(true);
    const error = await apiFailure(api.cancel(trackingNumber));
    expect(error.failure).toBe("refused");
    expect(error.message).toContain("Consignment cannot be voided");
  });

  it("sends the shop's advice as M&P's Close Shipper Advice", async () => {
    const { trackingNumber } = await api.book(order());
    await api.advise?.(trackingNumber, { kind: "reattempt", remark: "Customer will be home after 6" });
    await api.advise?.(trackingNumber, { kind: "return", remark: "Customer cancelled" });
    await api.advise?.(trackingNumber, {
      kind: "correct",
      remark: "New address",
      address: "House 9, Street 2, DHA Phase 6",
      phone: "+923339876543",
    });
    const base = { accountno: "4B459", consignment: trackingNumber };
    expect(standIn.adviceReceived.slice(-3)).toEqual([
      { ...base, adviceoption: "3", reattempt: "1", remarks: "Customer will be home after 6" },
      { ...base, adviceoption: "2", remarks: "Customer cancelled" },
      {
        ...base,
        adviceoption: "3",
        reattempt: "2",
        remarks: "New address",
        consigneeaddress: "House 9, Street 2, DHA Phase 6",
        consigneeno: "03339876543",
      },
    ]);
  });

  it("a 500 is 'unavailable', worth trying again", async () => {
    standIn.failNext(1);
    const error = await apiFailure(api.track(["544012345678"]));
    expect(error.failure).toBe("unavailable");
    expect(error.retryable).toBe(true);
  });
});
