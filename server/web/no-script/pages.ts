// What the pages a plain form leads to (the cart, the order placed, Track Your Order) read for a
// shopper without JavaScript (issue 46): the cart and orders of the cookie session
// (cookie-session.ts), through the same API routes the app calls. Set only for pages rendered for
// one visitor, never for a page kept for everyone (server/web/react-router.ts, page-cache.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createContext, type RouterContext } from "react-router";
import type { Cart } from "#shared/cart.ts";
import type { Order } from "#shared/orders.ts";
import type { OrderCheck } from "#shared/risk-rules.ts";
import { findSessionUser } from "../../accounts/sessions.ts";
import type { Db } from "../../db/client.ts";
import { cookieToken } from "./cookie-session.ts";
import { postedAddress } from "./forms.ts";

export type Signed<T> = { signedIn: false } | ({ signedIn: true } & T);

export interface NoScriptPages {
  cart(): Promise<Signed<{ cart: Cart }>>;
  orders(): Promise<Signed<{ orders: Order[] }>>;
  /**
   * What the owner's rules add to this cart for the address a checkout post typed (issue 50: a COD
   * fee, an advance, and why), so the page shown again carries the total the next post is taken at;
   * null when it cannot be told (no session, an address the check refuses).
   */
  check(cart: Cart, fields: Record<string, string>): Promise<OrderCheck | null>;
  /** Whether a live cookie session was read: the page is then the shopper's own (private, no-store). */
  readonly personal: boolean;
}

const KEY = Symbol.for("shoe-shop.no-script-pages");
type WithKey = typeof globalThis & { [KEY]?: RouterContext<NoScriptPages | null> };
const registry = globalThis as WithKey;
registry[KEY] ??= createContext<NoScriptPages | null>(null);
/** The cookie session's reads; null for pages kept for everyone (the loaders then read nothing). */
export const noScriptPagesContext: RouterContext<NoScriptPages | null> = registry[KEY];

export function noScriptPages(app: FastifyInstance, db: Db, request: FastifyRequest): NoScriptPages {
  let personal = false;
  let user: Promise<string | undefined> | undefined;
  const token = () => {
    user ??= (async () => {
      const found = cookieToken(request);
      if (!found || !(await findSessionUser(db, found))) return undefined;
      personal = true;
      return found;
    })();
    return user;
  };
  const read = async <T>(url: string): Promise<{ token: string; body: T } | undefined> => {
    const bearer = await token();
    if (!bearer) return undefined;
    const answer = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${bearer}` } });
    if (answer.statusCode !== 200) return undefined;
    return { token: bearer, body: answer.json<T>() };
  };
  return {
    async cart() {
      const found = await read<Cart>("/api/user/cart");
      return found ? { signedIn: true, cart: found.body } : { signedIn: false };
    },
    async orders() {
      const found = await read<Order[]>("/api/orders/track");
      return found ? { signedIn: true, orders: found.body } : { signedIn: false };
    },
    async check(cart, fields) {
      const bearer = await token();
      if (!bearer || cart.items.length === 0) return null;
      const answer = await app.inject({
        method: "POST",
        url: "/api/orders/check",
        headers: { authorization: `Bearer ${bearer}` },
        payload: {
          items: cart.items.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
          shippingAddress: postedAddress((name) => fields[name]?.trim() ?? ""),
          // The code the form typed (issue 51), so the total shown again holds its discount.
          ...(fields.discountCode?.trim() ? { discountCode: fields.discountCode.trim() } : {}),
        },
      });
      return answer.statusCode === 200 ? answer.json<OrderCheck>() : null;
    },
    get personal() {
      return personal;
    },
  };
}
