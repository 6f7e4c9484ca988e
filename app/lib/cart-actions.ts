// Cart changes of SPEC.md section 4: the local cart changes at once and is saved on every change;
// the server copy is updated fire-and-forget (failures only logged, section 7).
import type { Product } from "#shared/catalog.ts";
import { tokenStore } from "./auth-store.ts";
import { cartStore, type StoredCartLine } from "./cart-store.ts";

function syncToServer(method: "POST" | "PUT" | "DELETE", path: string, body?: unknown): void {
  const token = tokenStore.get();
  if (!token) return;
  fetch(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
    .then((response) => {
      if (!response.ok) console.error(`Cart sync ${method} ${path} failed with ${response.status}`);
    })
    .catch((error: unknown) => console.error(`Cart sync ${method} ${path} failed`, error));
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
  };
}

/** Add merges quantity into a line with the same product (and size), otherwise appends a line. */
export function addToCart(line: StoredCartLine): void {
  const cart = cartStore.get();
  const existing = cart.find((l) => l.productId === line.productId && l.size === line.size);
  cartStore.set(
    existing
      ? cart.map((l) => (l === existing ? { ...l, quantity: Math.min(10, l.quantity + line.quantity) } : l))
      : [...cart, line],
  );
  syncToServer("POST", "/api/user/cart/add", line);
}

export function removeFromCart(productId: string, size?: number): void {
  cartStore.set(cartStore.get().filter((l) => !(l.productId === productId && (size === undefined || l.size === size))));
  syncToServer("DELETE", "/api/user/cart/remove", size === undefined ? { productId } : { productId, size });
}

export function updateQuantity(productId: string, size: number, quantity: number): void {
  const clamped = Math.max(1, Math.min(10, Math.trunc(quantity)));
  cartStore.set(
    cartStore.get().map((l) => (l.productId === productId && l.size === size ? { ...l, quantity: clamped } : l)),
  );
  syncToServer("PUT", "/api/user/cart/update", { productId, size, quantity: clamped });
}

export function clearCart(): void {
  cartStore.set([]);
  syncToServer("DELETE", "/api/user/cart/clear");
}
