// Browser calls to the address book (issue 29): the addresses the customer last ordered to, kept
// on the account. Every answer becomes a plain result, like account-api.ts.
import type { SavedAddress } from "#shared/addresses.ts";
import type { ShippingAddress } from "#shared/orders.ts";
import type { FieldMessages } from "#shared/validation.ts";
import { NETWORK_ERROR } from "./account-api.ts";

export type AddressResult<T> = { ok: true; value: T } | { ok: false; message: string; fields: FieldMessages };

async function call<T>(token: string, method: "GET" | "PUT" | "DELETE", path: string, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    console.error(`${method} ${path} failed`, error);
    return { ok: false, message: NETWORK_ERROR, fields: {} } satisfies AddressResult<T>;
  }
  const answer = (await response.json().catch(() => undefined)) as
    | (T & { message?: string; fields?: FieldMessages })
    | undefined;
  if (response.ok && answer !== undefined) return { ok: true, value: answer as T } satisfies AddressResult<T>;
  return {
    ok: false,
    message: answer?.message ?? "Something went wrong. Please try again.",
    fields: answer?.fields ?? {},
  } satisfies AddressResult<T>;
}

/** The customer's saved addresses, most recently used first. */
export const fetchAddresses = (token: string) => call<SavedAddress[]>(token, "GET", "/api/user/addresses");

export const saveAddress = (token: string, id: string, address: ShippingAddress) =>
  call<SavedAddress>(token, "PUT", `/api/user/addresses/${encodeURIComponent(id)}`, address);

/** Answers the addresses left. */
export const removeAddress = (token: string, id: string) =>
  call<SavedAddress[]>(token, "DELETE", `/api/user/addresses/${encodeURIComponent(id)}`);
