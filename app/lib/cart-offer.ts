// The automatic offer a cart gets now (issue 51), asked of the server whenever the cart's pairs change
// (POST /api/offers/for-cart), so "Buy 2 pairs, get 10% off" shows as the second pair goes in, for a
// visitor's cart too. The server reckons it (shared/promotions.ts): the page only shows its answer.
import { useEffect, useState } from "react";
import type { CartOfferAnswer, DiscountLine } from "#shared/promotions.ts";
import { api } from "./api-client.ts";
import type { StoredCartLine } from "./cart-store.ts";

const WAIT_MS = 250;

export function useCartOffer(lines: readonly StoredCartLine[]): DiscountLine | null {
  const [offer, setOffer] = useState<DiscountLine | null>(null);
  // What the offer depends on: the products and their pairs (not the sizes).
  const key = lines.map((l) => `${l.productId}:${l.quantity}`).join(",");
  useEffect(() => {
    const items =
      key === ""
        ? []
        : key.split(",").map((part) => {
            const [productId = "", quantity = "1"] = part.split(":");
            return { productId, quantity: Number(quantity) };
          });
    if (items.length === 0) {
      setOffer(null);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      const answer = await api<CartOfferAnswer>("/api/offers/for-cart", { method: "POST", json: { items } });
      // Unanswered, the cart shows no offer; the checkout's check still reckons it.
      if (current) setOffer(answer.ok ? answer.body.offer : null);
    }, WAIT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return offer;
}
