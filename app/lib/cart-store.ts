// The cart of SPEC.md section 4, kept in localStorage under `cart`.
import { createLocalStore } from "./local-store.ts";

export interface StoredCartLine {
  productId: string;
  size: number;
  quantity: number;
  name: string;
  description: string;
  image: string;
  price: number;
  discountPrice: number;
  discountPercentage: number;
}

const parseCart = (raw: string) => {
  const value: unknown = JSON.parse(raw);
  return Array.isArray(value) ? (value as StoredCartLine[]) : undefined;
};

export const cartStore = createLocalStore<StoredCartLine[]>("cart", [], parseCart);

export const useCart = () => cartStore.use();
