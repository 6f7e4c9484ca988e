// [Ours] Karachi's areas a rider knows (GET /api/areas, the owner's /api/admin/areas and /admin/areas):
// the list the checkout's Area field offers and the owner's request schemas. How an address's area and
// landmark read on every page, slip and message is in shared/area-words.ts (re-exported here), without zod.
import { AREA_DISTRICT_MAX, AREA_MESSAGES, AREA_NAME_MAX, AREA_NAME_MIN } from "./area-words.ts";
import { ORDER_MESSAGES, shippingAddressSchema } from "./orders.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export * from "./area-words.ts";

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
