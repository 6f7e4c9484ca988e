// What PostEx's status words and history codes mean for an order (issue 49), kept apart from the
// adapter so a test can walk every entry against the stand-in.
//
// Words: a parcel's `transactionStatus`. The guide's Order Status list (section 3.15, the ids its
// List All Orders call takes: 1 Unbooked, 2 Booked, 3 PostEx WareHouse, 4 Out For Delivery,
// 5 Delivered, 6 Returned, 7 Un-Assigned By Me, 8 Expired, 9 Delivery Under Review, 15 Picked By
// PostEx, 16 Out For Return, 17 Attempted, 18 En-Route to PostEx warehouse) as
// github.com/macworldgithub/GlimmerBackend src/postex/postex.controller.ts copies it. The live host
// also answers the list's other spellings (In Stock, Transferred, Delivery En-Route, Under
// Verification, Return In-Transit, Return, Return Requested, "En-Route to <city> warehouse"):
// github.com/AI-CodeBrew/OMS backend/integrations/postex/services.py, checked on a merchant account.
// That file pairs each of them with the guide's status it spells (its status-mapping table: tracking's
// "Out For Delivery" is the order list's "Delivery En-Route", "PostEx WareHouse" is "In Stock",
// "Delivery Under Review" is "Under Verification", "Out For Return" is "Return In-Transit"), and its
// Shipments screen (frontend/app/(tenant)/integrations/postex/_components/ShipmentsTab.jsx: the
// guide's status filter, "each one checked against the account's real orders") labels Order Status 4
// "Out For Delivery (Delivery En-Route)". So both spellings of status 4 are the rider's (issue 53).
//
// Codes: a history step's `transactionStatusMessageCode`. The guide lists 0001-0013 (GlimmerBackend's
// postex.service.ts copies its table); AI-CodeBrew/OMS saw 0031-0040 on live parcels too. A code is
// read only when the word is one neither source names.
//
// PostEx publishes no word for a lost or a damaged parcel: none maps there; the owner settles those
// by hand. A cancelled or expired booking never left the shop: noChange.
import type { ApiOutcome } from "./courier-api.ts";

/** Each word PostEx writes in `transactionStatus`, exactly as it writes it, and what it means. */
export const POSTEX_STATUS_WORDS: readonly (readonly [word: string, outcome: ApiOutcome])[] = [
  ["Unbooked", "noChange"],
  ["Booked", "noChange"],
  ["Picked By PostEx", "noChange"],
  ["PostEx WareHouse", "noChange"],
  ["In Stock", "noChange"],
  ["En-Route to PostEx warehouse", "noChange"],
  ["Transferred", "noChange"],
  // Order Status 4 of the guide's list (section 3.15), as tracking and as the order list spell it:
  // with the rider, the customer told once (issue 53).
  ["Out For Delivery", "outForDelivery"],
  ["Delivery En-Route", "outForDelivery"],
  // The rider could not deliver; PostEx holds the parcel for the shop's advice (advise()).
  ["Attempted", "attemptFailed"],
  ["Delivery Under Review", "attemptFailed"],
  ["Under Verification", "attemptFailed"],
  ["Delivered", "delivered"],
  // Once a return is asked for or under way the parcel will not be delivered: the order is refused,
  // as a courier file's 'Returning' is (csv-adapter.ts).
  ["Return Requested", "refused"],
  ["Out For Return", "refused"],
  ["Return In-Transit", "refused"],
  ["Returned", "refused"],
  ["Return", "refused"],
  ["Un-Assigned By Me", "noChange"],
  ["Expired", "noChange"],
];

/** Each history code, what the guide (or the live host) words it as, and what it means. */
export const POSTEX_HISTORY_CODES: readonly (readonly [code: string, words: string, outcome: ApiOutcome])[] = [
  ["0001", "At Merchant's Warehouse", "noChange"],
  ["0002", "Returned", "refused"],
  ["0003", "At PostEx Warehouse", "noChange"],
  ["0004", "Package on Route", "noChange"],
  ["0005", "Delivered", "delivered"],
  ["0006", "Returned", "refused"],
  ["0007", "Returned", "refused"],
  ["0008", "Delivery Under Review", "attemptFailed"],
  ["0013", "Attempt Made", "attemptFailed"],
  // Seen on live parcels only (AI-CodeBrew/OMS).
  ["0031", "Departed to PostEx Warehouse", "noChange"],
  ["0032", "En Route to Merchant Warehouse", "refused"],
  ["0033", "Departed to <city>", "noChange"],
  ["0035", "Arrived at Transit Hub", "noChange"],
  ["0037", "Return to <city>", "refused"],
  ["0038", "Waiting for Delivery", "noChange"],
  ["0039", "Waiting for Return", "refused"],
  ["0040", "Return Process Initiated", "refused"],
];

const normal = (words: string) => words.trim().toLowerCase().replace(/\s+/g, " ");
const BY_WORD = new Map(POSTEX_STATUS_WORDS.map(([word, outcome]) => [normal(word), outcome]));
const BY_CODE = new Map(POSTEX_HISTORY_CODES.map(([code, , outcome]) => [code, outcome]));

/**
 * The outcome of PostEx's status word, or of its latest history code when the word is one PostEx
 * has not published; noChange when neither is known (the owner sees the words as they are).
 */
export function postexOutcome(status: string, latestCode?: string): ApiOutcome {
  const word = normal(status);
  const known = BY_WORD.get(word);
  if (known) return known;
  // The live host names the city: 'En-Route to Lahore warehouse'.
  if (word.startsWith("en-route to ")) return "noChange";
  return (latestCode && BY_CODE.get(latestCode)) || "noChange";
}
