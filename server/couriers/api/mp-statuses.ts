// What M&P's tracking words mean for the order (mp.ts reads them from its bulk tracking call).
//
// M&P's "COD API MANUAL" (version 2025022404) documents its calls but no public copy of it was found,
// and no list of its status words: the public clients read (BaigInBinary/RKT-Server
// src/services/mnpService.ts, which follows that manual; ashar-farooqui1/Courier_Web_App
// lib/types/mnp.ts) take TrackingStatus as free text and read it by its words ("deliver", "return",
// "RS-", "shipper", "out for delivery", "dispatch for delivery", "undeliver", "re-attempt", "void").
// So this table is patterns, tried in order, each with words it matches for the tests to walk; the
// order matters: "Undelivered" and "Out for Delivery" hold "deliver", so the failed and pending
// readings come first, and a word no pattern knows is no change, never a delivery.
import type { ApiOutcome } from "./courier-api.ts";

export interface MpStatus {
  pattern: RegExp;
  outcome: ApiOutcome;
  /** Words this pattern reads, as M&P's answers are reported to spell them. */
  examples: readonly string[];
}

export const MP_STATUSES: readonly MpStatus[] = [
  // Back with the shop ('RS-' is how M&P's return legs are written, per RKT-Server's reading).
  {
    pattern: /return(ed)?\s+to\s+(shipper|origin)|\brs-|returned/i,
    outcome: "refused",
    examples: ["Returned to Shipper", "RS-Delivered to Shipper"],
  },
  { pattern: /\blost\b/i, outcome: "lost", examples: ["Lost"] },
  { pattern: /damage/i, outcome: "damaged", examples: ["Damaged"] },
  // The rider could not hand it over; M&P then asks the shipper's advice (ShipperAdvice calls).
  {
    pattern: /undeliver|not deliver|re-?attempt|refus|not available|incomplete|incorrect|closed/i,
    outcome: "attemptFailed",
    examples: ["Undelivered", "Re-Attempt", "Consignee Not Available", "Refused to Accept"],
  },
  {
    // With the rider (the words RKT-Server's reading of M&P's manual names): told once (issue 53).
    pattern: /out for delivery|(dispatch(ed)?|loaded) for delivery/i,
    outcome: "outForDelivery",
    examples: ["Out for Delivery", "Dispatch for Delivery"],
  },
  { pattern: /\bdelivered\b/i, outcome: "delivered", examples: ["Delivered", "Shipment Delivered"] },
  // A voided booking never left: nothing for the order's delivery (the shop cancelled it itself).
  { pattern: /void|cancel/i, outcome: "noChange", examples: ["Void"] },
  {
    pattern: /book|arriv|depart|transit|received|forward/i,
    outcome: "noChange",
    examples: ["Booked", "Arrived at Hub"],
  },
];

/** What M&P's words mean: the first pattern that reads them, else no change. */
export function mpOutcome(words: string): ApiOutcome {
  return MP_STATUSES.find((s) => s.pattern.test(words))?.outcome ?? "noChange";
}
