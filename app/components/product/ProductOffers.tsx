// [Ours] The automatic offers a product is in (issue 51), named under its buy button once the page has
// loaded: "Offer: Buy 2 pairs, get 10% off. Taken off in your cart." Read live, not kept with the page,
// so an offer that starts or ends shows or goes without the page changing; below the button, so the
// line arriving moves nothing a shopper is about to tap.
import { useEffect, useState } from "react";
import type { ProductOffersAnswer } from "#shared/promotions.ts";
import { api } from "../../lib/api-client.ts";

export function ProductOffers({ productId }: { productId: string }) {
  const [offers, setOffers] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    setOffers([]);
    void api<ProductOffersAnswer>(`/api/offers/for-product/${encodeURIComponent(productId)}`).then((answer) => {
      if (current && answer.ok) setOffers(answer.body.offers);
    });
    return () => {
      current = false;
    };
  }, [productId]);
  if (offers.length === 0) return null;
  return (
    <ul aria-label="Offers" className="space-y-1">
      {offers.map((name) => (
        <li key={name} className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-200">
          <span className="font-semibold">Offer: {name}.</span> Taken off in your cart.
        </li>
      ))}
    </ul>
  );
}
