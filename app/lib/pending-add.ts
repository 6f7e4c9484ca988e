// The Add to Cart a visitor pressed before being sent to sign in (docs/product.md section 6). Kept in
// sessionStorage (this tab only, gone with it) with the page it was pressed on, so that signing in
// from that page's /login, even after a reload or through sign-up, completes it; a later /login
// opened for another reason (or by hand) drops it instead.
import type { StoredCartLine } from "./cart-store.ts";

const KEY = "pendingAddToCart";
// An Add to Cart pressed long ago is no longer what the shopper is doing.
const FRESH_FOR_MS = 60 * 60 * 1000;

interface PendingAdd {
  returnTo: string;
  line: StoredCartLine;
  at: number;
}

export function savePendingAdd(returnTo: string, line: StoredCartLine): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ returnTo, line, at: Date.now() } satisfies PendingAdd));
  } catch {
    // Storage disabled: the shopper signs in and presses Add to Cart again.
  }
}

/** The line to add when signing in returns to `returnTo`; always forgets what was kept. */
export function takePendingAdd(returnTo: string | null): StoredCartLine | undefined {
  let pending: Partial<PendingAdd> | undefined;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    pending = raw ? (JSON.parse(raw) as Partial<PendingAdd>) : undefined;
  } catch {
    return undefined;
  }
  if (!pending?.line || pending.returnTo !== returnTo || returnTo === null) return undefined;
  if (typeof pending.at !== "number" || Date.now() - pending.at > FRESH_FOR_MS) return undefined;
  const { line } = pending;
  const valid = typeof line.productId === "string" && Number.isInteger(line.size) && Number.isInteger(line.quantity);
  return valid ? line : undefined;
}
