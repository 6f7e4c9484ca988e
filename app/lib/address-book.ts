// Browser calls to the address book (issue 29): the addresses the customer last ordered to, kept
// on the account. Every answer becomes a plain result (api-client.ts).
import type { SavedAddress } from "#shared/addresses.ts";
import type { ShippingAddress } from "#shared/orders.ts";
import type { FieldMessages } from "#shared/validation.ts";
import { api } from "./api-client.ts";

export type AddressResult<T> = { ok: true; value: T } | { ok: false; message: string; fields: FieldMessages };

async function call<T>(token: string, method: "GET" | "PUT" | "DELETE", path: string, json?: unknown) {
  const result = await api<T>(path, { method, auth: token, json });
  return result.ok
    ? ({ ok: true, value: result.body } satisfies AddressResult<T>)
    : ({ ok: false, ...result.error } satisfies AddressResult<T>);
}

/** The customer's saved addresses, most recently used first. */
export const fetchAddresses = (token: string) => call<SavedAddress[]>(token, "GET", "/api/user/addresses");

export const saveAddress = (token: string, id: string, address: ShippingAddress) =>
  call<SavedAddress>(token, "PUT", `/api/user/addresses/${encodeURIComponent(id)}`, address);

/** Answers the addresses left. */
export const removeAddress = (token: string, id: string) =>
  call<SavedAddress[]>(token, "DELETE", `/api/user/addresses/${encodeURIComponent(id)}`);
