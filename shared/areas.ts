// [Ours] Karachi's areas a rider knows (GET /api/areas, the owner's /api/admin/areas and /admin/areas):
// the list the checkout's Area field offers, the owner's request schemas, and how an address's area and
// landmark read on every page, slip and message, so they read the same everywhere.
import { ORDER_MESSAGES, type ShippingAddress, shippingAddressSchema } from "./orders.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

/** An area the checkout offers, with the district that tells two similar names apart. */
export interface KarachiArea {
  name: string;
  district: string;
}

/** GET /api/areas: the active areas, by district then name. */
export interface AreaList {
  areas: KarachiArea[];
}

/** What the owner reads (GET /api/admin/areas): every area, hidden ones included. */
export interface AdminArea extends KarachiArea {
  active: boolean;
}

export interface AdminAreaList {
  areas: AdminArea[];
}

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

/** Spaces collapsed, so "DHA  Phase 1" and "DHA Phase 1" are one name. */
const tidy = (text: string) => text.trim().replace(/\s+/g, " ");

/** Letters (any script), digits, spaces and the punctuation area names use: "Korangi No. 1½", "Jaffar-e-Tayyar". */
const AREA_TEXT = /^[\p{L}\p{N} .,'()&/½-]+$/u;

export const areaNameSchema = z
  .string({ error: AREA_MESSAGES.name })
  .transform(tidy)
  .pipe(
    z
      .string()
      .min(AREA_NAME_MIN, { error: AREA_MESSAGES.name })
      .max(AREA_NAME_MAX, { error: AREA_MESSAGES.name })
      .regex(AREA_TEXT, { error: AREA_MESSAGES.name }),
  );

const districtSchema = z
  .string({ error: AREA_MESSAGES.district })
  .transform(tidy)
  .pipe(
    z
      .string()
      .min(1, { error: AREA_MESSAGES.district })
      .max(AREA_DISTRICT_MAX, { error: AREA_MESSAGES.district })
      .regex(AREA_TEXT, { error: AREA_MESSAGES.district }),
  );

/** POST /api/admin/areas */
export const newAreaSchema = strictBody({ name: areaNameSchema, district: districtSchema });
export type NewArea = z.output<typeof newAreaSchema>;

/** PUT /api/admin/areas/:name */
export const areaParamsSchema = z.object({ name: areaNameSchema });
export const areaActiveSchema = strictBody({ active: z.boolean({ error: AREA_MESSAGES.active }) });

/**
 * The address our checkout and address book send: the order's own rules, with the area asked for.
 * The API itself keeps the area optional (shared/orders.ts), so the original system's client orders.
 */
export const checkoutAddressSchema = shippingAddressSchema.extend({
  area: z
    .string({ error: ORDER_MESSAGES.areaRequired })
    .trim()
    .min(1, { error: ORDER_MESSAGES.areaRequired })
    .max(AREA_NAME_MAX, { error: ORDER_MESSAGES.area }),
});

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
