// The server copy of the cart (docs/product.md section 3: "kept locally and on the server"). At sign-in the
// lines added as a visitor are sent up, then the server's cart (which holds what this customer
// added on other devices) becomes the local cart, with today's prices. Whenever the cart opens its
// stock is read again (issue 14), from the server's cart or, for a visitor, from the catalogue.
import type { Cart } from "#shared/cart.ts";
import type { ProductAnswer } from "#shared/catalog.ts";
import { api } from "./api-client.ts";
import { sendQuantity, serverSyncMark } from "./cart-actions.ts";
import { capToStock, type LoweredLine, lineKey, withServerCart, withStock } from "./cart-stock.ts";
import { cartStore, type StoredCartLine } from "./cart-store.ts";

async function readServerCart(token: string): Promise<StoredCartLine[] | undefined> {
  const response = await api<Cart>("/api/user/cart", { auth: token });
  return response.ok ? response.body.items : undefined;
}

/**
 * The stock of each line's size, from the product's own page data (kept fresh by the catalogue's
 * change events). A product gone from the shop, or a size it no longer offers, reads as sold out;
 * a product that could not be read is left out, so its lines keep what they knew.
 */
async function readCatalogueStock(lines: readonly StoredCartLine[]): Promise<Map<string, number>> {
  const stock = new Map<string, number>();
  const productIds = [...new Set(lines.map((line) => line.productId))];
  await Promise.all(
    productIds.map(async (productId) => {
      const response = await api<ProductAnswer>(`/api/products/${encodeURIComponent(productId)}`);
      if (!response.ok && response.status !== 404) return;
      const sizes = response.ok ? response.body.product.sizes : [];
      for (const line of lines.filter((l) => l.productId === productId)) {
        stock.set(lineKey(line), sizes.find((s) => s.size === line.size)?.stock ?? 0);
      }
    }),
  );
  return stock;
}

export async function mergeCartAfterSignIn(token: string): Promise<void> {
  try {
    const server = (await readServerCart(token)) ?? [];
    const onServer = (line: StoredCartLine) =>
      server.some((s) => s.productId === line.productId && s.size === line.size);
    for (const line of cartStore.get().filter((l) => !onServer(l))) {
      const response = await api("/api/user/cart/add", { method: "POST", auth: token, json: line });
      if (!response.ok) console.error(`Could not keep a cart line (${response.status})`, response.error.message);
    }
    const merged = await readServerCart(token);
    if (merged) cartStore.set(merged);
  } catch (error) {
    console.error("Could not merge the cart", error);
  }
}

/**
 * Brings the cart up to date: signed in, with the server's cart (the server is the authority on
 * names, prices and stock); as a visitor, with the catalogue's stock. Lines over their stock come
 * down to it, on the server too; the answer lists them so the cart can say so.
 */
export async function refreshCart(token: string | null): Promise<LoweredLine[]> {
  try {
    const before = JSON.stringify(cartStore.get());
    const syncedMeanwhile = serverSyncMark();
    let fresh: StoredCartLine[];
    if (token) {
      const server = await readServerCart(token);
      if (!server) return [];
      // A change made while the read ran (a + right after the cart opened) must not be undone by it.
      const changed = syncedMeanwhile() || JSON.stringify(cartStore.get()) !== before;
      fresh = withServerCart(cartStore.get(), server, changed);
    } else {
      const stock = await readCatalogueStock(cartStore.get());
      fresh = withStock(cartStore.get(), stock);
    }
    const { lines, lowered } = capToStock(fresh);
    cartStore.set(lines);
    if (token) for (const line of lowered) sendQuantity(line.productId, line.size, line.to);
    return lowered;
  } catch (error) {
    console.error("Could not refresh the cart", error);
    return [];
  }
}
