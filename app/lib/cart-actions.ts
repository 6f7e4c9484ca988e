// Cart changes of docs/product.md section 4: the local cart changes at once and is saved on every change;
// the server copy is updated fire-and-forget (failures only logged, section 7).
import type { Product } from "#shared/catalog.ts";
import { api } from "./api-client.ts";
import { tokenStore } from "./auth-store.ts";
import { isSoldOut, lineCap } from "./cart-stock.ts";
import { cartStore, type StoredCartLine } from "./cart-store.ts";

// Counted so a read of the server's cart can tell whether its answer may predate a change the
// customer made (cart-sync.ts): one still in flight, or one sent after the read began.
let syncsStarted = 0;
let syncsInFlight = 0;

// One change at a time, in the order made: sent side by side, a quick 2 then 3 can reach the server
// as 3 then 2 (the browser spreads requests over several connections), and the server's cart would
// keep the 2 the customer had already changed.
let queue: Promise<void> = Promise.resolve();

function syncToServer(method: "POST" | "PUT" | "DELETE", path: string, json?: unknown): void {
  const token = tokenStore.get();
  if (!token) return;
  syncsStarted++;
  syncsInFlight++;
  const send = () =>
    api(path, { method, auth: token, json })
      .then((response) => {
        if (!response.ok) console.error(`Cart sync ${method} ${path} failed with ${response.status}`);
      })
      .finally(() => {
        syncsInFlight--;
      });
  queue = queue.then(send);
}

/**
 * Taken before reading the server's cart; afterwards it tells whether a cart change was on its way
 * to the server while the read ran, so the server may have answered without it.
 */
export function serverSyncMark(): () => boolean {
  const started = syncsStarted;
  const busy = syncsInFlight > 0;
  return () => busy || syncsStarted !== started;
}

export function lineFromProduct(product: Product, size: number, quantity = 1): StoredCartLine {
  return {
    productId: product._id,
    size,
    quantity,
    name: product.name,
    description: product.description,
    image: product.imageUrl[0] ?? "",
    price: product.price,
    discountPrice: product.discountPrice,
    discountPercentage: product.discountPercentage,
    stock: product.sizes.find((s) => s.size === size)?.stock ?? 0,
  };
}

/** Add merges quantity into a line with the same product (and size), otherwise appends a line. */
export function addToCart(line: StoredCartLine): void {
  addToLocalCart(line);
  syncToServer("POST", "/api/user/cart/add", line);
}

/**
 * The local half of Add to Cart, for the one a visitor pressed before signing in: the sign-in's
 * cart merge (cart-sync.ts) sends it up with the rest, so it reaches the server once.
 */
export function addToLocalCart(line: StoredCartLine): void {
  const cart = cartStore.get();
  const existing = cart.find((l) => l.productId === line.productId && l.size === line.size);
  cartStore.set(
    existing
      ? cart.map((l) => {
          if (l !== existing) return l;
          const merged = { ...l, stock: line.stock ?? l.stock };
          return { ...merged, quantity: Math.max(1, Math.min(lineCap(merged), l.quantity + line.quantity)) };
        })
      : [...cart, line],
  );
}

export function removeFromCart(productId: string, size?: number): void {
  cartStore.set(cartStore.get().filter((l) => !(l.productId === productId && (size === undefined || l.size === size))));
  syncToServer("DELETE", "/api/user/cart/remove", size === undefined ? { productId } : { productId, size });
}

/** Sets a line's quantity within 1 and its cap (the stock, at most 10); a sold-out line is left alone. */
export function updateQuantity(productId: string, size: number, quantity: number): void {
  const line = cartStore.get().find((l) => l.productId === productId && l.size === size);
  if (!line || isSoldOut(line)) return;
  const clamped = Math.max(1, Math.min(lineCap(line), Math.trunc(quantity)));
  cartStore.set(
    cartStore.get().map((l) => (l.productId === productId && l.size === size ? { ...l, quantity: clamped } : l)),
  );
  sendQuantity(productId, size, clamped);
}

/** The server copy of a quantity the local cart already holds (also used when stock lowered it). */
export function sendQuantity(productId: string, size: number, quantity: number): void {
  syncToServer("PUT", "/api/user/cart/update", { productId, size, quantity });
}
