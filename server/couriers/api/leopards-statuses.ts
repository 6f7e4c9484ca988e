// Leopards' status words and what each means for the order (issue 49). Two published lists:
// - the words its tracking answers in `booked_packet_status` and a tracking detail's `Status`, as
//   the merchant portal's status filter lists them (Pickup Request not Send, Consignment Booked,
//   Shipment Picked, Drop Off at Express Center, Arrived at Station, Dispatched, Missroute, Assign to
//   Courier, Pending, Delivered, Being Return, Ready for Return, Returned to shipper, Cancelled,
//   48 Hours Auto Canceled, Pickup Request Sent) and "In Transit" in the eCom Merchant APIs V2's
//   tracking example (ecom.leopardscourier.com/eCom-Merchant-APIs-V2.pdf, as public clients copy it);
//   "Pending" with a pending_reason ("Customer not available") is a failed attempt waiting for the
//   shipper's advice (the same document's shipperAdviceList);
// - the "Shipment Journey" of LEOPARDS PUSH API DOCUMENTATION v1.0 (scribd.com/document/837052111/
//   LCS-Push-API-Documentation): sixteen names, each with a short code (RC, AC, DV, PN1, ...).
// Leopards publishes no status for a lost or a damaged parcel; FALLBACK reads such words if its
// tracking ever says them, and the other words it may add, instead of reading them as no change.
import type { ApiOutcome } from "./courier-api.ts";

/** Every documented word, as Leopards writes it, and its outcome; a test walks it against the stand-in. */
export const LEOPARDS_STATUSES: readonly (readonly [words: string, outcome: ApiOutcome])[] = [
  // Booked, not yet with the courier, or moving: nothing changes for the order.
  ["Pickup Request not Send", "noChange"],
  ["Pickup Request Sent", "noChange"],
  ["Consignment Booked", "noChange"],
  ["Shipment Picked", "noChange"],
  ["Drop Off at Express Center", "noChange"],
  ["Arrived at Station", "noChange"],
  ["Dispatched", "noChange"],
  ["In Transit", "noChange"],
  // Sent to the wrong station: late, still on its way.
  ["Missroute", "noChange"],
  // With the rider: out for delivery (the portal's filter writes "Assign to Courier", the Push API's
  // journey "Assigned To Courier", code AC): the customer is told once (issue 53).
  ["Assign to Courier", "outForDelivery"],
  ["Assigned To Courier", "outForDelivery"],
  // Cancelled by the shop (or by Leopards, unpicked after 48 hours): the shop's own doing, no outcome.
  ["Cancelled", "noChange"],
  ["48 Hours Auto Canceled", "noChange"],
  ["Delivered", "delivered"],
  // The rider could not deliver; the parcel is still out, waiting for the shop's advice.
  ["Pending", "attemptFailed"],
  ["First Attempt In Forward Leg", "attemptFailed"],
  ["Second Attempt In Forward Leg", "attemptFailed"],
  // The reverse leg: the parcel is on its way back to the shop, or back. Leopards' journey lists
  // "Delivered to Warehouse" and "Delivered to Vendor" after the reverse attempts, as terminal
  // statuses of a return: they are the parcel reaching the shipper, not the customer.
  ["Being Return", "refused"],
  ["Ready for Return", "refused"],
  ["First Attempt In Reverse Leg", "refused"],
  ["Second Attempt In Reverse Leg", "refused"],
  ["Returned to Warehouse", "refused"],
  ["Delivered to Warehouse", "refused"],
  ["Returned to shipper", "refused"],
  ["Delivered to Vendor", "refused"],
];

/** The Push API's short codes, each with the words it stands for (LEOPARDS_STATUSES has them all). */
export const LEOPARDS_STATUS_CODES: Readonly<Record<string, string>> = {
  RC: "Consignment Booked",
  AC: "Assigned To Courier",
  DV: "Delivered",
  PN1: "First Attempt In Forward Leg",
  PN2: "Second Attempt In Forward Leg",
  RO: "Being Return",
  RN1: "First Attempt In Reverse Leg",
  RN2: "Second Attempt In Reverse Leg",
  RW: "Returned to Warehouse",
  DW: "Delivered to Warehouse",
  RS: "Returned to shipper",
  DR: "Delivered to Vendor",
  AR: "Arrived at Station",
  DP: "Dispatched",
  NR: "Ready for Return",
  SP: "Shipment Picked",
};

/** Words no list above names (Leopards adds some: 'Being Returned', 'Undelivered'), checked in this order. */
const FALLBACK: readonly (readonly [RegExp, ApiOutcome])[] = [
  [/\b(return|returned|returning|refused|rts|rto)\b/, "refused"],
  [/\b(lost|missing|untraceable)\b/, "lost"],
  [/\b(damage|damaged)\b/, "damaged"],
  [/\b(undelivered|not delivered|attempt|attempted|not available)\b/, "attemptFailed"],
];

const normal = (words: string) => words.toLowerCase().replace(/\s+/g, " ").trim();
const BY_WORDS = new Map(LEOPARDS_STATUSES.map(([words, outcome]) => [normal(words), outcome]));

/**
 * What a Leopards status means for the order: its words (any case), its short code, or words with
 * a reason after ' - ' ('Pending - CONSIGNEE NOT AVAILABLE', as its portal writes them).
 */
export function leopardsOutcome(status: string): ApiOutcome {
  const words = normal(LEOPARDS_STATUS_CODES[status.trim().toUpperCase()] ?? status);
  const known = BY_WORDS.get(words) ?? BY_WORDS.get(words.split(" - ")[0]?.trim() ?? "");
  if (known) return known;
  const plain = words.replace(/[^a-z]+/g, " ");
  return FALLBACK.find(([pattern]) => pattern.test(plain))?.[1] ?? "noChange";
}
