// The cart of docs/product.md section 4, kept in localStorage under `cart`.
import type { CartLine } from "#shared/cart.ts";
import { createLocalStore } from "./local-store.ts";

/**
 * A cart line as docs/product.md section 3 lists it, the shape the server's cart answers. The stock is
 * unknown until read (a line saved by an older page), and is read again whenever the cart opens.
 */
export type StoredCartLine = Omit<CartLine, "stock"> & { stock?: number };

const parseCart = (raw: string) => {
  const value: unknown = JSON.parse(raw);
  return Array.isArray(value) ? (value as StoredCartLine[]) : undefined;
};

export const cartStore = createLocalStore<StoredCartLine[]>("cart", [], parseCart);

export const useCart = () => cartStore.use();

/** The cart link's name, read out with its count ('Cart, 2 lines'). */
export function cartLabel(lines: number): string {
  return `Cart, ${lines} ${lines === 1 ? "line" : "lines"}`;
}
