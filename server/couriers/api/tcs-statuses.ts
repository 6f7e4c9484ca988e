// What each of TCS's status words means for the order (tcs.ts reads them from its tracking call).
//
// TCS's API User Guide v1.0 (https://ociconnect.tcscourier.com/ecom/index.html; the guide's text is
// kept in the public repository Suefyawn/YellowPink at .audit/tcs-cod-api-spec.txt) prints these:
// - Tracking (p. 32-33): deliveryinfo rows with a code and words, 'OK' "Delivered" and 'SC'
//   "Awaiting Receiver Collection"; checkpoints "Shipment Delivered", "Out For Delivery", "Arrived at
//   TCS Facility"; the summary "Current Status: DELIVERED".
// - Payment status / detail (p. 21-23): "cn status" 'OK' and 'RO'; the payment invoice (p. 15-16)
//   words the same parcels "Delivered" and "Return To Origin".
// - Setup, Delivery Status List (p. 31): 'DBC' "Delay Beyond Our Control", 'DFC' "Delay due to Flight
//   Cancelled", 'DAE' "Delay due To Airline Handling Error", 'DFM' "Delay due To Force Majeure". The
//   guide prints four rows of that list and says the call answers the whole of it: TCS publishes no
//   complete list of its words, so the rest of this table is marked as read elsewhere.
// - Words TCS's live tracking uses that the guide does not print, as a public client reports them
//   (Suefyawn/YellowPink src/lib/couriers/tcs.ts: "Recipient Refused" logged beside "Shipment
//   Returned To Origin"; shipmentsummary "Current Status: BOOKED").
// Anything else falls to `tcsOutcome`'s reading of the words, which never calls a parcel delivered.
import type { ApiOutcome } from "./courier-api.ts";

export interface TcsStatus {
  /** TCS's code for the status, where it gives one (deliveryinfo's `code`, payment's "cn status"). */
  code: string | null;
  /** TCS's words for it, as its answers spell them. */
  words: string;
  outcome: ApiOutcome;
  /** Where the pair is printed: TCS's guide, or only seen in TCS's live answers by a public client. */
  source: "guide" | "observed";
}

export const TCS_STATUSES: readonly TcsStatus[] = [
  { code: "OK", words: "Delivered", outcome: "delivered", source: "guide" },
  { code: null, words: "Shipment Delivered", outcome: "delivered", source: "guide" },
  { code: null, words: "Current Status: DELIVERED", outcome: "delivered", source: "guide" },
  // The rider came and could not hand it over; TCS keeps it at its office for the receiver: still out.
  { code: "SC", words: "Awaiting Receiver Collection", outcome: "attemptFailed", source: "guide" },
  // Came back to the shop: for the order, refused.
  { code: "RO", words: "Return To Origin", outcome: "refused", source: "guide" },
  // A tracking checkpoint the guide prints (p. 32-33): the rider has it, the customer is told once (issue 53).
  { code: null, words: "Out For Delivery", outcome: "outForDelivery", source: "guide" },
  { code: null, words: "Arrived at TCS Facility", outcome: "noChange", source: "guide" },
  { code: "DBC", words: "Delay Beyond Our Control", outcome: "noChange", source: "guide" },
  { code: "DFC", words: "Delay due to Flight Cancelled", outcome: "noChange", source: "guide" },
  { code: "DAE", words: "Delay due To Airline Handling Error", outcome: "noChange", source: "guide" },
  { code: "DFM", words: "Delay due To Force Majeure", outcome: "noChange", source: "guide" },
  // Refused at the door: the parcel is still TCS's until it is returned, so an attempt, not yet refused.
  { code: null, words: "Recipient Refused", outcome: "attemptFailed", source: "observed" },
  { code: null, words: "Shipment Returned To Origin", outcome: "refused", source: "observed" },
  { code: null, words: "Current Status: BOOKED", outcome: "noChange", source: "observed" },
];

const byCode = new Map(TCS_STATUSES.filter((s) => s.code !== null).map((s) => [s.code?.toUpperCase(), s.outcome]));
const byWords = new Map(TCS_STATUSES.map((s) => [s.words.toLowerCase(), s.outcome]));

/**
 * Words TCS does not list, read by their meaning. Order matters: "Undelivered" and "Out For Delivery"
 * hold "deliver", so the failed and the pending readings come before any delivered one, and an
 * unknown word is never taken for a delivery (money would be counted that never came).
 */
const READINGS: readonly [RegExp, ApiOutcome][] = [
  [/return|\brto\b/i, "refused"],
  [/\blost\b|missing/i, "lost"],
  [/damage/i, "damaged"],
  [
    /refus|undeliver|not deliver|attempt|unable|not available|incomplete|incorrect|wrong|closed|no answer/i,
    "attemptFailed",
  ],
];

/** What a status means: its code first (TCS's own), then its exact words, then their reading. */
export function tcsOutcome(code: string | null | undefined, words: string): ApiOutcome {
  const byItsCode = code ? byCode.get(code.trim().toUpperCase()) : undefined;
  if (byItsCode) return byItsCode;
  const text = words.trim().replace(/\s+/g, " ");
  const exact = byWords.get(text.toLowerCase());
  if (exact) return exact;
  return READINGS.find(([pattern]) => pattern.test(text))?.[1] ?? "noChange";
}
