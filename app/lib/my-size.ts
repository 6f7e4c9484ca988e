// The shopper's own size: set once, kept in localStorage (`mySize`), and on the account when signed
// in so it follows them to another device. Lists offer 'Only my size' and cards tell its stock.
import { MAX_SIZE, MIN_SIZE } from "#shared/sizes.ts";
import { api } from "./api-client.ts";
import { tokenStore } from "./auth-store.ts";
import { createLocalStore } from "./local-store.ts";

export const isShoeSize = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= MIN_SIZE && value <= MAX_SIZE;

const parseSize = (raw: string) => {
  const value: unknown = JSON.parse(raw);
  return isShoeSize(value) ? value : undefined;
};

export const mySizeStore = createLocalStore<number | null>("mySize", null, parseSize);

/** Sets (or with null forgets) the size in this browser and, when signed in, on the account. */
export function setMySize(size: number | null): void {
  if (size === null) mySizeStore.remove();
  else mySizeStore.set(size);
  const token = tokenStore.get();
  if (token) void saveToAccount(token, size);
}

async function saveToAccount(token: string, size: number | null): Promise<void> {
  const response = await api("/api/user/my-size", { method: "PUT", auth: token, json: { size } });
  // The browser keeps it; the account catches up at the next sign-in.
  if (!response.ok) console.error(`Saving my size failed with ${response.status}`, response.error.message);
}

/**
 * After sign-in or start-up with a session: the browser adopts the account's size when it has
 * none, and the account takes the browser's when it has none. When both have one, the browser's
 * (the latest choice on this device) stays and the account keeps its own.
 */
export function reconcileMySize(token: string, accountSize: unknown): void {
  const local = mySizeStore.get();
  if (local === null && isShoeSize(accountSize)) mySizeStore.set(accountSize);
  else if (local !== null && !isShoeSize(accountSize)) void saveToAccount(token, local);
}

/** Reads the account's size (after a fresh sign-in) and reconciles it with the browser's. */
export async function syncMySizeAfterSignIn(token: string): Promise<void> {
  const response = await api<{ user?: { shoeSize?: unknown } } | undefined>("/api/user/my-details", { auth: token });
  if (response.ok && tokenStore.get() === token) reconcileMySize(token, response.body?.user?.shoeSize);
}
