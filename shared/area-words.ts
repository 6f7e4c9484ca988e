// How an address's area and landmark read (the checkout's Area field, every page, slip and message) and
// the area list's limits and words, without zod: the cart's checkout and Track Your Order import them,
// and the schemas beside them (shared/areas.ts, which re-exports them for the server) would bring
// zod's 25 KB to those pages' first load (issue 54, decision 045).
import { ORDER_MESSAGES } from "./order-words.ts";
import type { ShippingAddress } from "./orders.ts";

/** The table's own limit on a name (migration 0016, karachi_areas_name_check). */
export const AREA_NAME_MIN = 2;
export const AREA_NAME_MAX = 80;
export const AREA_DISTRICT_MAX = 60;

/** "A", "A or B", "A, B or C". */
const orList = (names: readonly string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

export const AREA_MESSAGES = {
  name: `The area's name is ${AREA_NAME_MIN} to ${AREA_NAME_MAX} characters, as a rider would say it, e.g. Gulshan-e-Iqbal Block 13-D.`,
  district: `Say which district the area is in, in 1 to ${AREA_DISTRICT_MAX} characters, e.g. Karachi East.`,
  active: "active must be true (shown at checkout) or false (hidden).",
  notFound: "There is no such area in the list.",
  duplicate: (name: string) => `“${name}” is already in the list.`,
  /** An order's or an address's area that is not one listed area, with the closest names when any (issue 46). */
  notListed: (closest: readonly string[]) =>
    closest.length === 0 ? ORDER_MESSAGES.area : `${ORDER_MESSAGES.area} Did you mean: ${orList(closest)}?`,
  /** Shown under the checkout's Area field. */
  areaHint: "Type a few letters of your area, e.g. Gulshan or DHA, and pick it from the list.",
  /** Shown under the checkout's landmark field. */
  landmarkHint: "A famous place near you the rider can ask for, e.g. a mosque, a school or a shop.",
} as const;

type Place = Pick<ShippingAddress, "addressLine" | "city"> &
  Partial<Pick<ShippingAddress, "postalCode" | "area" | "landmark">>;

/** Words a typed landmark often starts with ("opposite Aladin Park"): such a landmark is written as typed. */
const SAYS_WHERE = /^(near|nr|opp|opposite|behind|beside|next to|in front of|across|close to|facing|adjacent to)\b/i;

/**
 * "Near Dolmen Mall" ("Opposite Aladin Park" as typed), or undefined when the customer gave no
 * landmark (and on orders from before).
 */
export function landmarkLine(a: Place): string | undefined {
  if (!a.landmark) return undefined;
  return SAYS_WHERE.test(a.landmark) ? a.landmark : `Near ${a.landmark}`;
}

/** "Clifton Block 5, Karachi 75600": the area when there is one, the city, the postal code when given. */
export function areaCityLine(a: Place): string {
  return [a.area, a.postalCode ? `${a.city} ${a.postalCode}` : a.city].filter(Boolean).join(", ");
}

/**
 * Where the parcel goes, one line each, as every page, slip and message writes it: the address, the
 * landmark, then the area with the city. An order from before areas reads as it always did.
 */
export function deliveryLines(a: Place): string[] {
  const landmark = landmarkLine(a);
  return [a.addressLine, ...(landmark ? [landmark] : []), areaCityLine(a)];
}
