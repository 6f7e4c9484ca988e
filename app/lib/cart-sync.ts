// The server copy of the cart (SPEC.md section 3: "kept locally and on the server"). At sign-in the
// lines added as a visitor are sent up, then the server's cart (which holds what this customer
// added on other devices) becomes the local cart, with today's prices.
import type { Cart } from "#shared/cart.ts";
import { cartStore, type StoredCartLine } from "./cart-store.ts";

const authorised = (token: string) => ({ Authorization: `Bearer ${token}` });

async function readServerCart(token: string): Promise<StoredCartLine[] | undefined> {
  const response = await fetch("/api/user/cart", { headers: authorised(token) });
  if (!response.ok) return undefined;
  return ((await response.json()) as Cart).items;
}

export async function mergeCartAfterSignIn(token: string): Promise<void> {
  try {
    const server = (await readServerCart(token)) ?? [];
    const onServer = (line: StoredCartLine) =>
      server.some((s) => s.productId === line.productId && s.size === line.size);
    for (const line of cartStore.get().filter((l) => !onServer(l))) {
      const response = await fetch("/api/user/cart/add", {
        method: "POST",
        headers: { ...authorised(token), "Content-Type": "application/json" },
        body: JSON.stringify(line),
      });
      if (!response.ok) console.error(`Could not keep a cart line (${response.status})`);
    }
    const merged = await readServerCart(token);
    if (merged) cartStore.set(merged);
  } catch (error) {
    console.error("Could not merge the cart", error);
  }
}

/** Brings the local cart's names and prices up to date with the server (the server is the authority). */
export async function refreshCart(token: string): Promise<void> {
  try {
    const server = await readServerCart(token);
    if (server) cartStore.set(server);
  } catch (error) {
    console.error("Could not refresh the cart", error);
  }
}
