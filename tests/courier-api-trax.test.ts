// The Trax adapter (server/couriers/api/trax.ts) against a stand-in that answers as Trax's document
// says (tests/support/couriers/trax-stand-in.ts): no database, nothing leaves 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BookingRequest, type CourierApi, CourierApiError } from "../server/couriers/api/courier-api.ts";
import { traxApi } from "../server/couriers/api/trax.ts";
import { TRAX_STATUSES, traxOutcome } from "../server/couriers/api/trax-statuses.ts";
import { parseTraxWebhook, signTraxWebhook, TRAX_SIGNATURE_HEADER } from "../server/couriers/api/trax-webhook.ts";
import { apiFailure } from "./support/couriers/api-failure.ts";
import { startTraxStandIn, type TraxStandIn } from "./support/couriers/trax-stand-in.ts";

let trax: TraxStandIn;
const adapter = (overrides: { apiKey?: string; timeoutMs?: number } = {}): CourierApi =>
  traxApi.create({
    baseUrl: trax.url,
    credentials: { apiKey: overrides.apiKey ?? trax.apiKey, pickupAddressId: "3015", email: "orders@shop.example" },
    timeoutMs: overrides.timeoutMs ?? 5000,
  });

let serial = 0;
const parcel = (overrides: Partial<BookingRequest> = {}): BookingRequest => {
  serial += 1;
  return {
    reference: `71B886C${serial}`,
    customerName: "Ayesha Khan",
    phone: "+923001234567",
    address: "House 12, Street 4, Block 7",
    area: "Gulshan-e-Iqbal",
    landmark: "near Maskan Chowrangi",
    city: "Karachi",
    codAmount: 4500,
    weightGrams: 1200,
    pieces: 1,
    contents: "1 pair: Black Oxford 42",
    note: "Call before coming",
    ...overrides,
  };
};

beforeAll(async () => {
  trax = await startTraxStandIn();
});
afterAll(async () => {
  await trax.close();
});

describe("booking", () => {
  it("books a Karachi cash-on-delivery parcel and answers Trax's tracking number", async () => {
    const request = parcel();
    const booked = await adapter().book(request);
    const made = trax.bookings.find((b) => b.trackingNumber === booked.trackingNumber);
    expect(booked.labelUrl).toBeNull();
    expect(made?.body).toMatchObject({
      order_id: request.reference,
      consignee_name: "Ayesha Khan",
      consignee_phone_number_1: "03001234567",
      consignee_address: "House 12, Street 4, Block 7, Gulshan-e-Iqbal, near Maskan Chowrangi",
      consignee_city_id: 202,
      pickup_address_id: 3015,
      amount: 4500,
      estimated_weight: 1.2,
      pieces_quantity: 1,
      item_product_type_id: 12,
      item_description: "1 pair: Black Oxford 42",
      special_instructions: "Call before coming",
      payment_mode_id: 1,
    });
  });

  it("a refused booking is 'refused' with Trax's own words", async () => {
    const badPhone = await apiFailure(adapter().book(parcel({ phone: "+9230012" })));
    expect(badPhone.failure).toBe("refused");
    expect(badPhone.message).toBe("Trax refused the booking: The consignee phone number 1 format is invalid.");
    const noName = await apiFailure(adapter().book(parcel({ customerName: "" })));
    expect(noName.failure).toBe("refused");
    expect(noName.message).toContain("The consignee name field is required.");
    expect(noName.retryable).toBe(false);
  });

  it("a wrong key is 'credentials', and the message does not carry it", async () => {
    const wrongKey = "d3Jvbmcta2V5LW5vdC10aGUtc2hvcHM0e91";
    const error = await apiFailure(adapter({ apiKey: wrongKey }).book(parcel()));
    expect(error.failure).toBe("credentials");
    expect(error.message).not.toContain(wrongKey);
    expect(error.message).not.toContain(trax.apiKey);
  });

  it("a booking whose answer was lost, tried again with the same reference, is one booking with one number", async () => {
    const request = parcel();
    trax.hangNext(1, "/api/shipment/book");
    const lost = await apiFailure(adapter({ timeoutMs: 300 }).book(request));
    expect(lost.failure).toBe("timeout");
    expect(lost.retryable).toBe(true);
    const again = await adapter({ timeoutMs: 300 }).book(request);
    const made = trax.bookings.filter((b) => b.body.order_id === request.reference);
    expect(made).toHaveLength(1);
    expect(again.trackingNumber).toBe(made[0]?.trackingNumber);
  });

  it("a 500 is 'unavailable', worth trying again", async () => {
    trax.failNext(1);
    const error = await apiFailure(adapter().book(parcel()));
    expect(error.failure).toBe("unavailable");
    expect(error.retryable).toBe(true);
  });
});

describe("tracking", () => {
  it("reads every one of Trax's status words as its outcome", async () => {
    const api = adapter();
    const { trackingNumber } = await api.book(parcel());
    let parcelWord = "Shipment - Booked";
    for (const [word, outcome] of Object.entries(TRAX_STATUSES)) {
      expect(traxOutcome(word), word).toBe(outcome);
      trax.setStatus(trackingNumber, word);
      const [status] = await api.track([trackingNumber]);
      // Payment words are shipper tracking's (type 0): the parcel's tracking (type 1) keeps its own word.
      if (word.startsWith("Payment")) {
        expect(status?.status, word).toBe(parcelWord);
        continue;
      }
      parcelWord = word;
      expect(status, word).toMatchObject({ trackingNumber, status: word, outcome });
    }
  });

  it("a failed attempt carries Trax's reason and when it happened", async () => {
    const api = adapter();
    const { trackingNumber } = await api.book(parcel());
    for (const [word, reason] of [
      ["Shipment - Delivery Unsuccessful", "Address Incomplete"],
      ["Shipment - On Hold", "Consignee asked to deliver on Monday"],
      ["Shipment - Attempt Failed", "Consignee not responding"],
    ] as const) {
      trax.setStatus(trackingNumber, word, reason);
      const [status] = await api.track([trackingNumber]);
      expect(status).toMatchObject({ status: word, outcome: "attemptFailed", remark: reason });
      expect(status?.statusDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    }
  });

  it("leaves out a number Trax does not know and spellings vary only in case and dashes", async () => {
    const api = adapter();
    const { trackingNumber } = await api.book(parcel());
    expect(await api.track(["999999999999", trackingNumber])).toHaveLength(1);
    expect(traxOutcome("Replacement-Exchanged")).toBe("delivered");
    expect(traxOutcome("Shipment-Arrived at origin")).toBe("noChange");
    expect(traxOutcome("Return - Some New Leg")).toBe("refused");
    expect(api.trackBatch).toBeGreaterThan(0);
  });
});

describe("payments, cancellation and advice", () => {
  it("answers the payments of paid parcels and leaves out the others", async () => {
    const api = adapter();
    const paid = await api.book(parcel());
    const unpaid = await api.book(parcel());
    trax.setPayment(paid.trackingNumber, {
      id: 5457,
      amount: 4500,
      charges: "250.00",
      gst: "45.00",
      payable: "4205.00",
    });
    expect(await api.payments([paid.trackingNumber, unpaid.trackingNumber])).toEqual([
      {
        trackingNumber: paid.trackingNumber,
        collected: 4500,
        charges: 250,
        salesTax: 45,
        netPaid: 4205,
        payoutReference: "5457",
        payoutDate: "2022-01-07",
      },
    ]);
  });

  it("cancels a booked parcel, and Trax's refusal of a second cancellation is 'refused'", async () => {
    const api = adapter();
    const { trackingNumber } = await api.book(parcel());
    await api.cancel(trackingNumber);
    expect(trax.bookings.find((b) => b.trackingNumber === trackingNumber)?.history[0]?.status).toBe(
      "Shipment - Cancelled",
    );
    const again = await apiFailure(api.cancel(trackingNumber));
    expect(again.failure).toBe("refused");
    expect(again.message).toContain("Shipment cannot be Cancelled");
  });

  it("sends each advice as Trax's request type with its fields", async () => {
    const api = adapter();
    const { trackingNumber } = await api.book(parcel());
    await api.advise?.(trackingNumber, { kind: "reattempt", remark: "Customer will be home after 5 pm" });
    await api.advise?.(trackingNumber, {
      kind: "correct",
      remark: "New number",
      address: null,
      phone: "+923211234567",
    });
    await api.advise?.(trackingNumber, { kind: "return", remark: "Customer refused" });
    expect(trax.adviceReceived.filter((advice) => advice.tracking_number === trackingNumber)).toEqual([
      { tracking_number: trackingNumber, type: 2, remarks: "Customer will be home after 5 pm" },
      {
        tracking_number: trackingNumber,
        type: 3,
        remarks: "New number",
        consignee_type: 1,
        consignee_address: "House 12, Street 4, Block 7, Gulshan-e-Iqbal, near Maskan Chowrangi",
        consignee_phone_number_1: "03211234567",
      },
      { tracking_number: trackingNumber, type: 1, remarks: "Customer refused" },
    ]);
    const [status] = await api.track([trackingNumber]);
    expect(status).toMatchObject({ status: "Shipment - Return Confirm", outcome: "refused" });
  });

  it("the key travels in the Authorization header only", () => {
    expect(trax.requests.length).toBeGreaterThan(10);
    for (const request of trax.requests) {
      const { authorization, ...rest } = request;
      expect(JSON.stringify(rest)).not.toContain(trax.apiKey);
      expect([trax.apiKey, "d3Jvbmcta2V5LW5vdC10aGUtc2hvcHM0e91"]).toContain(authorization);
    }
  });
});

describe("webhooks", () => {
  const secret = "webhook-secret-of-the-shop";

  it("reads a signed status webhook, form-encoded as Trax posts it", () => {
    const body = new URLSearchParams({
      tracking_number: "2232231721462",
      status: "Shipment - Delivery Unsuccessful",
      date_time: "2021-06-11 17:29:36",
      reason: "Consignee not available",
    }).toString();
    const headers = {
      "content-type": "application/x-www-form-urlencoded",
      [TRAX_SIGNATURE_HEADER]: signTraxWebhook(body, secret),
    };
    expect(parseTraxWebhook(body, headers, secret)).toEqual([
      {
        trackingNumber: "2232231721462",
        status: "Shipment - Delivery Unsuccessful",
        outcome: "attemptFailed",
        statusDate: "2021-06-11T12:29:36.000Z",
        remark: "Consignee not available",
      },
    ]);
  });

  it("reads a signed payment webhook in JSON as a payment status", () => {
    const body = JSON.stringify({
      tracking_number: "2232231721462",
      status: "Payment-Processed",
      date_time: "2021-06-11 17:29:36",
      payment_id: "123456",
    });
    const headers = {
      "Content-Type": "application/json",
      "X-Trax-Signature": `sha256=${signTraxWebhook(body, secret)}`,
    };
    expect(parseTraxWebhook(body, headers, secret)).toEqual([
      expect.objectContaining({ status: "Payment-Processed", outcome: "noChange", remark: "payment 123456" }),
    ]);
  });

  it("refuses a forged or unsigned webhook as 'credentials'", () => {
    const body = "tracking_number=2232231721462&status=Shipment+-+Delivered&date_time=2021-06-11+17%3A29%3A36";
    const forged = { [TRAX_SIGNATURE_HEADER]: signTraxWebhook(body, "someone-elses-secret") };
    for (const headers of [forged, {}]) {
      let caught: unknown;
      try {
        parseTraxWebhook(body, headers, secret);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CourierApiError);
      expect((caught as CourierApiError).failure).toBe("credentials");
      expect((caught as CourierApiError).message).not.toContain(secret);
    }
  });
});
