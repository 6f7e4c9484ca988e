// The address book half of the API contract (issue 29): the shipping addresses a customer last
// ordered to, kept on the account and offered at the next checkout. An address is edited with the
// order's own rules (shippingAddressSchema), so a saved one can always be ordered to.
import { type ShippingAddress, shippingAddressSchema } from "./orders.ts";
import { z } from "./zod.ts";

/** How many addresses an account keeps: the most recently used ones. */
export const ADDRESS_BOOK_SIZE = 5;

export const ADDRESS_MESSAGES = {
  notFound: "That address is not in your address book any more.",
  duplicate: "That address is already in your address book.",
  badId: "That is not a valid address id.",
} as const;

/** A saved address: the order's shipping address and the id that edits or removes it. */
export interface SavedAddress extends ShippingAddress {
  id: string;
}

export const addressIdParamsSchema = z.object({ id: z.uuid({ error: ADDRESS_MESSAGES.badId }) });

/** An edit sends the whole address, checked exactly as an order's shipping address is. */
export const addressInputSchema = shippingAddressSchema;
