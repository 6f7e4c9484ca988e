// The Add to Cart a visitor pressed before being sent to sign in (docs/product.md section 6). Kept in
// sessionStorage (this tab only, gone with it) with the page it was pressed on, so that signing in
// from that page's /login, even after a reload or through sign-up, completes it; a later /login
// opened for another reason (or by hand) drops it instead. The login and sign-up pages read it
// to say why they ask (issue 46: "Sign in to add Black Stiletto Sandals, size 38, to your cart.").
import { useSyncExternalStore } from "react";
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
  const line = peekPendingAdd(returnTo);
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
  return line;
}

/** The line that signing in with this `returnTo` would add, left in place. */
function peekPendingAdd(returnTo: string | null): StoredCartLine | undefined {
  let pending: Partial<PendingAdd> | undefined;
  try {
    const raw = window.sessionStorage.getItem(KEY);
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

const noChanges = () => () => {};

/**
 * What the sign-in this page asks for will add, as words ("Black Stiletto Sandals, size 38"), or
 * undefined when it adds nothing. Only the browser knows (sessionStorage): the server's HTML and
 * the hydrating render have none, the render right after has it.
 */
export function usePendingAddWords(returnTo: string | null): string | undefined {
  return useSyncExternalStore(
    noChanges,
    () => {
      const line = peekPendingAdd(returnTo);
      return line && typeof line.name === "string" ? `${line.name}, size ${line.size}` : undefined;
    },
    () => undefined,
  );
}

/** Why /login asks, when a visitor's Add to Cart sent them there. */
export const signInToAdd = (words: string) => `Sign in to add ${words}, to your cart.`;

/** Why /sign-up is on the way: the same Add to Cart, once the new account signs in. */
export const signUpToAdd = (words: string) => `Create your account, then sign in to add ${words}, to your cart.`;
