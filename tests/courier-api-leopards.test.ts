// The Leopards adapter (server/couriers/api/leopards.ts) against a stand-in that answers as
// Leopards' document does (tests/support/couriers/leopards-stand-in.ts): no database, no network.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingRequest, CourierApi } from "../server/couriers/api/courier-api.ts";
import { leopardsApi, leopardsPhone } from "../server/couriers/api/leopards.ts";
import { LEOPARDS_STATUS_CODES, LEOPARDS_STATUSES, leopardsOutcome } from "../server/couriers/api/leopards-statuses.ts";
import { apiFailure } from "./support/couriers/api-failure.ts";
import { type LeopardsStandIn, startLeopardsStandIn } from "./support/couriers/leopards-stand-in.ts";

let standIn: LeopardsStandIn;
let leopards: CourierApi;
let orders = 0;

const apiFor = (credentials: Record<string, string>) =>
  leopardsApi.create({ baseUrl: standIn.url, credentials, timeoutMs: 300 });

function order(overrides: Partial<BookingRequest> = {}): BookingRequest {
  orders += 1;
  return {
    reference: `71B886${String(orders).padStart(2, "0")}`,
    customerName: "Ayesha Khan",
    phone: "+923001234567",
    address: "House 12, Street 4",
    area: "Gulshan-e-Iqbal Block 13",
    landmark: "near Aladin Park",
    city: "Karachi",
    codAmount: 4_500,
    weightGrams: 1_200,
    pieces: 2,
    contents: "2 pairs: Black Oxford 42, Brown Loafer 41",
    note: "Call before coming",
    ...overrides,
  };
}

beforeAll(async () => {
  standIn = await startLeopardsStandIn();
  leopards = apiFor(standIn.credentials);
});
afterAll(() => standIn.close());

describe("booking", () => {
  it("books the parcel as Leopards asks and answers its CN and slip", async () => {
    const request = order();
    const booked = await leopards.book(request);
    const booking = standIn.bookings.find((b) => b.trackNumber === booked.trackingNumber);
    expect(booked.labelUrl).toBe(`https://merchantapi.leopardscourier.com/slip/${booked.trackingNumber}`);
    expect(booking?.fields).toMatchObject({
      booked_packet_order_id: request.reference,
      booked_packet_weight: 1_200,
      booked_packet_no_piece: 2,
      booked_packet_collect_amount: 4_500,
      origin_city: "self",
      destination_city: 592,
      consignment_name_eng: "Ayesha Khan",
      consignment_phone: "03001234567",
      consignment_address: "House 12, Street 4, Gulshan-e-Iqbal Block 13, near Aladin Park",
      special_instructions: "2 pairs: Black Oxford 42, Brown Loafer 41 / Call before coming",
    });
  });

  it("writes a phone as Leopards' examples do", () => {
    expect(leopardsPhone("+923001234567")).toBe("03001234567");
    expect(leopardsPhone("+92 321 7654321")).toBe("03217654321");
  });

  it("a validation error is refused in the courier's words", async () => {
    const missing = await apiFailure(leopards.book(order({ customerName: " " })));
    expect(missing.failure).toBe("refused");
    expect(missing.message).toBe("Leopards refused the booking: Consignee Name is required");
    const phone = await apiFailure(leopards.book(order({ phone: "+92300123" })));
    expect(phone.failure).toBe("refused");
    expect(phone.message).toContain("Consignee Phone is invalid");
    const city = await apiFailure(leopards.book(order({ city: "Atlantis" })));
    expect(city.failure).toBe("refused");
    expect(city.message).toContain("no city named Atlantis");
  });

  it("wrong credentials are 'credentials', and the message carries no secret", async () => {
    const secret = "not-the-password-9d1";
    const error = await apiFailure(apiFor({ apiKey: standIn.credentials.apiKey, apiPassword: secret }).book(order()));
    expect(error.failure).toBe("credentials");
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain(standIn.credentials.apiKey);
  });

  it("a booking whose answer was lost, booked again with its reference, is one booking with one CN", async () => {
    const request = order();
    standIn.hangNext(1, "bookPacket");
    const lost = await apiFailure(leopards.book(request));
    expect(lost.failure).toBe("timeout");
    expect(lost.retryable).toBe(true);
    const again = await leopards.book(request);
    const made = standIn.bookings.filter((b) => b.orderId === request.reference);
    expect(made).toHaveLength(1);
    expect(again.trackingNumber).toBe(made[0]?.trackNumber);
    expect(
      standIn.requests.filter((r) => r.name === "bookPacket" && r.body?.booked_packet_order_id === request.reference),
    ).toHaveLength(1);
  });

  it("a booking cancelled at Leopards is booked anew", async () => {
    const request = order();
    const first = await leopards.book(request);
    await leopards.cancel(first.trackingNumber);
    const second = await leopards.book(request);
    expect(second.trackingNumber).not.toBe(first.trackingNumber);
  });

  it("a 500 is 'unavailable', worth trying again", async () => {
    standIn.failNext(1);
    const error = await apiFailure(leopards.book(order()));
    expect(error.failure).toBe("unavailable");
    expect(error.retryable).toBe(true);
  });
});

describe("tracking", () => {
  it("maps every word Leopards publishes", async () => {
    const { trackingNumber } = await leopards.book(order());
    for (const [words, outcome] of LEOPARDS_STATUSES) {
      standIn.setStatus(trackingNumber, words, "", "2026-11-28 14:05:00");
      const [status] = await leopards.track([trackingNumber]);
      expect({ words, outcome: status?.outcome }).toEqual({ words, outcome });
      expect(status?.status).toBe(words);
      expect(status?.statusDate).toBe("2026-11-28T09:05:00.000Z");
    }
  });

  it("maps every short code of the status journey, and words Leopards adds", () => {
    for (const [code, words] of Object.entries(LEOPARDS_STATUS_CODES)) {
      expect(LEOPARDS_STATUSES.some(([w]) => w.toLowerCase() === words.toLowerCase())).toBe(true);
      expect(leopardsOutcome(code)).toBe(leopardsOutcome(words));
    }
    expect(leopardsOutcome("Pending - CONSIGNEE NOT AVAILABLE")).toBe("attemptFailed");
    expect(leopardsOutcome("Being Returned")).toBe("refused");
    expect(leopardsOutcome("Undelivered")).toBe("attemptFailed");
    expect(leopardsOutcome("Shipment Lost")).toBe("lost");
    expect(leopardsOutcome("Something new")).toBe("noChange");
  });

  it("keeps the courier's words and reason for failed attempts", async () => {
    const a = await leopards.book(order());
    const b = await leopards.book(order());
    standIn.setStatus(a.trackingNumber, "Pending", "CONSIGNEE NOT AVAILABLE", "2026-11-29 11:30:00");
    standIn.setStatus(b.trackingNumber, "Second Attempt In Forward Leg", "INCOMPLETE ADDRESS");
    const statuses = await leopards.track([a.trackingNumber, b.trackingNumber, "KI99999999"]);
    expect(statuses).toHaveLength(2);
    expect(statuses[0]).toEqual({
      trackingNumber: a.trackingNumber,
      status: "Pending",
      outcome: "attemptFailed",
      statusDate: "2026-11-29T06:30:00.000Z",
      remark: "CONSIGNEE NOT AVAILABLE",
    });
    expect(statuses[1]).toMatchObject({ outcome: "attemptFailed", remark: "INCOMPLETE ADDRESS" });
    expect(await leopards.track(["KI99999999"])).toEqual([]);
  });
});

describe("payments, cancelling and advice", () => {
  it("answers the paid parcels with Leopards' charges, and leaves out the unpaid", async () => {
    const delivered = await leopards.book(order({ codAmount: 4_500 }));
    const returned = await leopards.book(order({ codAmount: 3_000 }));
    const unpaid = await leopards.book(order());
    const charges = {
      shipmentCharges: 180,
      cashHandling: 45,
      insurance: 0,
      fuelSurcharge: 9,
      gst: 35,
      chequeNo: "CHQ-20261201",
    };
    standIn.setPayment(delivered.trackingNumber, { ...charges, returnCharges: 0, chequeDate: "2026-12-01" });
    standIn.setPayment(returned.trackingNumber, { ...charges, returnCharges: 90, chequeDate: "2026-12-01" });
    const payments = await leopards.payments([
      delivered.trackingNumber,
      returned.trackingNumber,
      unpaid.trackingNumber,
    ]);
    expect(payments).toEqual([
      {
        trackingNumber: delivered.trackingNumber,
        collected: 4_500,
        deliveryCharge: 189,
        codFee: 45,
        salesTax: 35,
        returnCharge: 0,
        payoutReference: "CHQ-20261201",
        payoutDate: "2026-12-01",
      },
      expect.objectContaining({ trackingNumber: returned.trackingNumber, collected: 0, returnCharge: 90 }),
    ]);
    expect(await leopards.payments([unpaid.trackingNumber])).toEqual([]);
  });

  it("cancels a parcel not yet picked up, and a second cancel is refused in Leopards' words", async () => {
    const { trackingNumber } = await leopards.book(order());
    await leopards.cancel(trackingNumber);
    expect(standIn.bookings.find((b) => b.trackNumber === trackingNumber)?.status).toBe("Cancelled");
    const again = await apiFailure(leopards.cancel(trackingNumber));
    expect(again.failure).toBe("refused");
    expect(again.message).toBe("Leopards refused the cancellation: CN already cancelled or not found");
  });

  it("sends the shop's advice on a failed attempt as Leopards' shipper advice", async () => {
    const advise = leopards.advise;
    if (!advise) throw new Error("Leopards publishes shipper advice: the adapter must send it.");
    const reattempt = await leopards.book(order());
    const back = await leopards.book(order());
    const fix = await leopards.book(order());
    for (const { trackingNumber } of [reattempt, back, fix])
      standIn.setStatus(trackingNumber, "Pending", "CONSIGNEE NOT AVAILABLE");
    await advise(reattempt.trackingNumber, { kind: "reattempt", remark: "Customer home after 6 pm" });
    await advise(back.trackingNumber, { kind: "return", remark: "Customer cancelled" });
    await advise(fix.trackingNumber, {
      kind: "correct",
      remark: "Address was incomplete",
      address: "House 12-B, Street 4, Block 13",
      phone: "+923217654321",
    });
    expect(standIn.adviceReceived.map(({ id: _, ...advice }) => advice)).toEqual([
      { cn_number: reattempt.trackingNumber, shipper_advice_status: "RA", shipper_remarks: "Customer home after 6 pm" },
      { cn_number: back.trackingNumber, shipper_advice_status: "RT", shipper_remarks: "Customer cancelled" },
      {
        cn_number: fix.trackingNumber,
        shipper_advice_status: "RA",
        shipper_remarks:
          "Address was incomplete. Correct address: House 12-B, Street 4, Block 13. Correct phone: 03217654321",
      },
    ]);
    const delivered = await leopards.book(order());
    const none = await apiFailure(advise(delivered.trackingNumber, { kind: "reattempt", remark: "Try again" }));
    expect(none.failure).toBe("refused");
  });

  it("sends the credentials only where the document puts them: a POST's body, a GET's query", () => {
    const { apiKey, apiPassword } = standIn.credentials;
    expect(standIn.requests.length).toBeGreaterThan(0);
    for (const request of standIn.requests) {
      expect(JSON.stringify(request.headers)).not.toContain(apiPassword);
      if (request.method === "GET") {
        expect(request.query).toMatchObject({ api_key: apiKey, api_password: apiPassword });
        expect(["getPaymentDetails", "getShippingCharges"]).toContain(request.name);
      } else {
        expect(request.url).not.toContain(apiPassword);
        expect(request.body?.api_key).toBeDefined();
      }
    }
  });
});
