// Sign-out as docs/product.md section 4 says: clear the server cart first and sign out locally only when
// that worked; on failure the error is only logged and the user stays signed in.

import { api } from "./api-client.ts";
import { type StoredUser, tokenStore, userStore } from "./auth-store.ts";
import { cartStore } from "./cart-store.ts";
import { cartCheckoutStore } from "./checkout-key.ts";
import { reconcileMySize } from "./my-size.ts";
import { toast } from "./toast.ts";

export const SIGNED_OUT = "Signed out successfully";

export async function signOut(): Promise<boolean> {
  const token = tokenStore.get();
  if (token) {
    const cleared = await api("/api/user/cart/clear", { method: "DELETE", auth: token });
    // 401: the session already ended on the server, so there is nothing left to clear.
    if (!cleared.ok && cleared.status !== 401) {
      console.error("Could not clear the cart before signing out", cleared.status, cleared.error.message);
      return false;
    }
    // Ends the session on the server; the local sign-out happens whatever it answers.
    const ended = await api("/api/user/logout", { method: "POST", auth: token });
    if (!ended.ok) console.error("Could not end the session on the server", ended.status, ended.error.message);
  }
  signOutLocally();
  toast.success(SIGNED_OUT);
  return true;
}

/**
 * Load-from-token of docs/product.md section 4, run once when the app starts in the browser: with a stored
 * token, fetch the user's details; set the user on success and sign out locally when the server
 * refuses the token. A network failure or a server error keeps the state (it is only logged), so a
 * brief outage does not sign everyone out.
 */
export async function loadFromToken(): Promise<void> {
  const token = tokenStore.get();
  if (!token) return;
  const response = await api<{ user?: Partial<StoredUser> & { shoeSize?: unknown } } | undefined>(
    "/api/user/my-details",
    { auth: token },
  );
  // The user may have signed out or in meanwhile; this answer is about the old token.
  if (tokenStore.get() !== token) return;
  if (response.status === 401 || response.status === 403) {
    signOutLocally();
    return;
  }
  if (!response.ok) {
    console.error(`Checking the stored session failed with ${response.status}`, response.error.message);
    return;
  }
  const body = response.body;
  if (typeof body?.user?._id === "string") {
    const { shoeSize, ...user } = body.user;
    userStore.set(user as StoredUser);
    reconcileMySize(token, shoeSize);
  }
}

/** Clears user, token and cart (with its checkout key) from storage (also used when my-details fails). */
export function signOutLocally(): void {
  tokenStore.remove();
  userStore.remove();
  cartStore.remove();
  cartCheckoutStore.remove();
}
