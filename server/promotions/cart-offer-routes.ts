// [Ours] POST /api/offers/for-cart (issue 51): the automatic offer a cart's lines get now, for anyone
// (a visitor's cart lives in the browser), so the cart shows "Buy 2 pairs, get 10% off" the moment a
// second pair goes in. The same reckoning the checkout takes (discounts.ts); no personal data, and
// the answer keeps /api's `no-store`, since an offer can start or end at any second. And
// GET /api/offers/for-product/{id}: the live offers a product is in, which its page names after it
// loads (the kept page itself never holds them, so an offer's start and end need no page change).
import type { FastifyInstance } from "fastify";
import {
  type CartOfferAnswer,
  cartOfferQuestionSchema,
  type ProductOffersAnswer,
  productOffersParamsSchema,
} from "#shared/promotions.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import { cartDiscount, liveOffersFor } from "./discounts.ts";

export function registerCartOfferRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.post("/api/offers/for-cart", async (request): Promise<CartOfferAnswer> => {
    const { items } = parseOr400(cartOfferQuestionSchema, request.body);
    if (items.length === 0) return { offer: null };
    const { choice } = await cartDiscount(deps.db, { userId: null, phone: null, lines: items, code: undefined });
    return { offer: choice.discount ? { amount: choice.discount.amount, label: choice.discount.label } : null };
  });

  app.get("/api/offers/for-product/:productId", async (request): Promise<ProductOffersAnswer> => {
    const { productId } = parseOr400(productOffersParamsSchema, request.params);
    return { offers: await liveOffersFor(deps.db, productId) };
  });
}
