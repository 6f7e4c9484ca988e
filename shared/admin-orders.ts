// The owner's day with an order (issue 18): parcels that come back, the customer's history and
// its warning signs, internal notes and delivery details edited before delivery. Request schemas
// the admin API parses with and the screens validate with, and the answers both sides read.

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
/** This many open orders (pending or confirmed) from one account or phone number raise a flag. */
export const SEVERAL_OPEN_ORDERS = 2;

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

/** Every order of this order's account or of its phone number (on any account), this one included. */
export interface CustomerHistory {
  orders: number;
  delivered: number;
  /** Cancelled before they went out (parcels that came back are counted in `returned`). */
  cancelled: number;
  /** Parcels refused at the door or returned. */
  returned: number;
  /** Pending, confirmed or on the road. */
  open: number;
  /** Parcels that came back on the account's other orders to other phone numbers (not in returnedByPhone). */
  returnedByAccount: number;
  /** Parcels that came back on other orders to this phone number, whichever account placed them. */
  returnedByPhone: number;
  /** Other accounts that have ordered with this phone number. */
  otherAccounts: number;
}

/** The warnings an owner should read before sending a parcel out; empty when nothing stands out. */
export function historyFlags(history: CustomerHistory): string[] {
  const flags: string[] = [];
  const times = (n: number) => (n === 1 ? "once" : `${n} times`);
  if (history.returnedByPhone > 0)
    flags.push(`This phone number refused or returned a parcel before (${times(history.returnedByPhone)}).`);
  if (history.returnedByAccount > 0) {
    flags.push(
      `This account refused or returned a parcel before, with another phone number (${times(history.returnedByAccount)}).`,
    );
  }
  if (history.open >= SEVERAL_OPEN_ORDERS) flags.push(`${history.open} open orders from this account or phone number.`);
  if (history.otherAccounts > 0) {
    flags.push(
      `This phone number was used on ${history.otherAccounts} other account${history.otherAccounts === 1 ? "" : "s"}.`,
    );
  }
  return flags;
}

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
