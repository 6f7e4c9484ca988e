// What each of Trax's status words means for the order. Trax's API document (API Documentation -
// SONIC, Version 2.0, April 18, 2022) has no appendix of status words: its examples show some
// ('Shipment - Booked', 'Shipment - Arrival Service Center', 'Shipment - Arrived at Origin', 'Shipment -
// Out for Delivery', 'Shipment - Delivery Unsuccessful', 'Replacement-Exchanged', 'Shipment - Return
// Confirm', 'Re-Attempt - Requested', 'Payment - Processed'). The rest are the status table of Trax's
// own portal as published on GitHub (NajamNazar712/sonic, database/seeds/ShipmentStatusTableSeeder.php:
// name, code and Trax's one-line meaning), and a few words shippers' public client code maps that neither
// names (marked below). A word is looked up without regard to case or the spaces around its dash
// ('Replacement-Exchanged' is 'Replacement - Exchanged'); a word in no table changes nothing, except
// that every 'Return ...' word is a parcel coming back.
import type { ApiOutcome } from "./courier-api.ts";

/** Trax's words, as it writes them, and their outcome. Trax publishes no word for a damaged parcel (a damage is a CRM claim). */
export const TRAX_STATUSES: Readonly<Record<string, ApiOutcome>> = {
  // On its way: booked, picked, sorted, in transit, out with a rider.
  "Shipment - Booked": "noChange",
  "Shipment - Arrival Service Center": "noChange",
  "Shipment - Arrived at Origin": "noChange",
  "Shipment - Arrived at Origin Center": "noChange",
  "Shipment - In Transit": "noChange",
  "Shipment - Arrived at Destination": "noChange",
  "Shipment - Arrived at Destination Center": "noChange",
  // In the document's examples: with the rider, the customer told once (issue 53).
  "Shipment - Out for Delivery": "outForDelivery",
  "Shipment - Rider Exchange": "noChange",
  // Dispatched but the rider never tried (Trax: 'not attempted on route'): it goes out again, nothing to answer.
  "Shipment - Not Attempted": "noChange",
  "Shipment - Misroute": "noChange",
  "Shipment - Misrouted": "noChange",
  "Shipment - Re-Booked": "noChange",
  // The shop's own advice taken: the parcel goes out again.
  "Shipment - Re-Attempt": "noChange",
  "Re-Attempt - Requested": "noChange",
  // The customer comes to Trax's office for it.
  "Shipment - Self Collection": "noChange",
  "Shipment - On Hold for Self Collection": "noChange",
  // Cancelled by the shop before pickup: the order's own cancellation says what happened.
  "Shipment - Cancelled": "noChange",
  // A replacement's old pair, or a Try & Buy's unbought items, travelling back after the delivery.
  "Replacement - Arrived at Origin": "noChange",
  "Replacement - Arrived at Origin Center": "noChange",
  "Replacement - Dispatched": "noChange",
  "Replacement - Attempt Failed": "noChange",
  "Replacement - Delivery Unsuccessful": "noChange",
  "Replacement - Delivered to Shipper": "noChange",
  "Replacement - In Transit": "noChange",
  "Replacement - Rider Exchange": "noChange",
  "Try & Buy - In Transit": "noChange",
  "Try & Buy - Arrived at Origin": "noChange",
  "Try & Buy - Dispatched": "noChange",
  "Try & Buy - Delivery Unsuccessful": "noChange",
  "Try & Buy - Rider Exchange": "noChange",
  // Money, not the parcel (shipper tracking, type 0, lists them among the statuses; so does the payment webhook).
  "Payment - Processed": "noChange",
  "Payment - Paid": "noChange",
  "Payment - Reverted": "noChange",
  "Payment - Adjusted": "noChange",
  "Payment - Charges Deducted": "noChange",

  // Handed over and paid for: a partial delivery too (the customer kept and paid for part; the payment says how much).
  "Shipment - Delivered": "delivered",
  "Shipment - Self Collected": "delivered",
  "Shipment - Partial Delivered": "delivered",
  "Replacement - Exchanged": "delivered",
  "Replacement - Collected": "delivered",
  "Try & Buy - Delivered": "delivered",
  "Try & Buy - Partial Delivered": "delivered",

  // The rider could not deliver and the parcel waits for the shop's word (Trax's 'Return Confirmation
  // Pending' is what the shipper advice call answers): refused at the door, address wrong or closed,
  // held by the customer, outside the area served. The reason is the tracking entry's status_reason.
  "Shipment - Delivery Unsuccessful": "attemptFailed",
  "Shipment - Attempt Failed": "attemptFailed",
  "Shipment - On Hold": "attemptFailed",
  "Shipment - Non-Service Area": "attemptFailed",
  "Shipment - Pending Decision": "attemptFailed",
  "Shipment - Confirmation Pending": "attemptFailed",
  "Return - Confirmation Pending": "attemptFailed",

  // Coming back (the return is confirmed), and back.
  "Shipment - Return Confirm": "refused",
  "Return - Confirm": "refused",
  "Return - In Transit": "refused",
  "Return - Arrived at Origin": "refused",
  "Return - Arrived at Origin Center": "refused",
  "Return - Dispatched": "refused",
  "Return - Attempt Failed": "refused",
  "Return - Delivery Unsuccessful": "refused",
  "Return - Rider Exchange": "refused",
  "Return - Delivered to Shipper": "refused",
  "Try & Buy - Delivered to Shipper": "refused",

  "Shipment - Lost": "lost",

  // Words shippers' public client code maps that neither the document nor the portal's table names.
  "Shipment - Rider Picked": "noChange",
  "Shipment - Misroute Forwarded": "noChange",
  "Shipment - Waiting For Consolidation": "noChange",
  "Shipment - Consolidated": "noChange",
  "Shipment - Multiple Pieces Hold": "noChange",
  "Shipment - Re-Attempt Requested": "noChange",
  "Intercept Requested": "noChange",
  "Intercept Approved": "noChange",
  "Return - Not Attempted": "refused",
  "Return - On Hold": "refused",
};

/** 'Shipment-Arrived at origin' and 'Shipment - Arrived at Origin' are one word. */
const keyOf = (status: string) =>
  status
    .toLowerCase()
    .replace(/\s*-\s*/g, " - ")
    .replace(/\s+/g, " ")
    .trim();

const BY_KEY = new Map(Object.entries(TRAX_STATUSES).map(([word, outcome]) => [keyOf(word), outcome]));

/** The outcome of one of Trax's status words; an unknown word changes nothing unless it is a return's. */
export function traxOutcome(status: string): ApiOutcome {
  const key = keyOf(status);
  return BY_KEY.get(key) ?? (key.startsWith("return") ? "refused" : "noChange");
}
