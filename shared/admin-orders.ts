// The owner's day with an order (issue 18): parcels that come back, internal notes and delivery
// details edited before delivery (the customer's history and its warning signs are the order's risk,
// shared/order-risk.ts). Request schemas the admin API parses with and the screens validate with,
// and the answers both sides read.

import { type OrderStatus, RETURN_KIND_LABELS, RETURN_KINDS, type ReturnKind, statusLabel } from "./order-life.ts";
import { shippingAddressSchema } from "./orders.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

/** How the owner reads a status: a cancelled order whose parcel came back says how it came back. */
export function adminStatusLabel(status: OrderStatus, returnedAs: ReturnKind | null): string {
  return returnedAs ? RETURN_KIND_LABELS[returnedAs] : statusLabel(status);
}

export const REASON_MAX = 300;
export const NOTE_MAX = 1000;

export const ORDER_DAY_MESSAGES = {
  notReturnable: (status: OrderStatus, returnedAs: ReturnKind | null) =>
    returnedAs
      ? `This parcel already came back (${RETURN_KIND_LABELS[returnedAs]}).`
      : `Only a confirmed order or one on its way can come back from delivery; this one is ${statusLabel(status)}.`,
  notEditable: (status: OrderStatus) =>
    `This order is ${statusLabel(status)}: its address and phone can no longer change.`,
} as const;

const kindError = `as must be one of: ${RETURN_KINDS.join(", ")}.`;
/** POST /api/admin/orders/:id/return */
export const orderReturnInputSchema = strictBody({
  as: z.enum(RETURN_KINDS, { error: kindError }),
  reason: z
    .string({ error: "The reason must be text." })
    .trim()
    .max(REASON_MAX, { error: `The reason can be at most ${REASON_MAX} characters long.` })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type OrderReturnInput = z.output<typeof orderReturnInputSchema>;

/** POST /api/admin/orders/:id/notes */
export const orderNoteInputSchema = strictBody({
  text: z
    .string({ error: "The note must be text." })
    .trim()
    .min(1, { error: "Please write the note." })
    .max(NOTE_MAX, { error: `A note can be at most ${NOTE_MAX} characters long.` }),
});

/**
 * PUT /api/admin/orders/:id/address: the checkout's own rules for each field (city stays Karachi).
 * The whole set each time: an optional field left out or empty is cleared. The area must be in the
 * list, unless it is the one the order already has (the owner may have hidden it since).
 */
export const orderAddressInputSchema = strictBody({
  fullName: shippingAddressSchema.shape.fullName,
  addressLine: shippingAddressSchema.shape.addressLine,
  phoneNumber: shippingAddressSchema.shape.phoneNumber,
  postalCode: shippingAddressSchema.shape.postalCode,
  area: shippingAddressSchema.shape.area,
  landmark: shippingAddressSchema.shape.landmark,
});
export type OrderAddressInput = z.output<typeof orderAddressInputSchema>;
export type OrderAddressField = keyof OrderAddressInput;
export const ADDRESS_FIELD_LABELS: Record<OrderAddressField, string> = {
  fullName: "name",
  addressLine: "address",
  phoneNumber: "phone",
  postalCode: "postal code",
  area: "area",
  landmark: "landmark",
};
/** Every field an edit records, in the order the owner's form shows them. */
export const ORDER_ADDRESS_FIELDS = Object.keys(ADDRESS_FIELD_LABELS) as [OrderAddressField, ...OrderAddressField[]];

// ---- Answers ----

export interface OrderNote {
  _id: string;
  text: string;
  at: string;
  author: { username: string };
}

export interface OrderEdit {
  at: string;
  actor: { username: string };
  changes: { field: OrderAddressField; from: string | null; to: string | null }[];
}
