// What the cart tells before checkout (issue 29): the shop's limits on open orders and pairs
// (MAX_OPEN_ORDERS, MAX_OPEN_PAIRS) and what the customer already holds, read from
// GET /api/user/order-limits each time the cart opens. The server checks again at Place Order;
// until the answer comes (or when it fails) the cart limits nothing of its own.
import { useEffect, useState } from "react";
import { type OrderLimitsAnswer, openOrdersFull, pairsStillAllowed } from "#shared/cart-limits.ts";
import { groupThousands } from "#shared/money.ts";
import { api } from "./api-client.ts";
import type { StoredCartLine } from "./cart-store.ts";

export function useOrderLimits(token: string | null, hydrated: boolean): OrderLimitsAnswer | undefined {
  const [limits, setLimits] = useState<OrderLimitsAnswer>();
  useEffect(() => {
    if (!hydrated || !token) {
      setLimits(undefined);
      return;
    }
    let open = true;
    api<OrderLimitsAnswer>("/api/user/order-limits", { auth: token }).then((response) => {
      if (!response.ok) console.error("Could not read the order limits", response.status, response.error.message);
      else if (open) setLimits(response.body);
    });
    return () => {
      open = false;
    };
  }, [token, hydrated]);
  return limits;
}

const pairs = (n: number) => `${groupThousands(n)} ${n === 1 ? "pair" : "pairs"}`;

export const cartPairs = (lines: readonly StoredCartLine[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** What the cart may still take, and what to say about it. */
export interface CartRoom {
  /** Pairs that may still be added to this cart (0 at the limit, negative when over it). */
  room: number;
  /** Why + stops, said under a line whose + is disabled by the limit. */
  limitReached: string;
  /** The summary's line: how many pairs may still be ordered. */
  summary: string;
  /** Why checkout is refused, or undefined while it is allowed. */
  refusal: string | undefined;
}

export function cartRoom(limits: OrderLimitsAnswer, lines: readonly StoredCartLine[]): CartRoom {
  const allowed = pairsStillAllowed(limits);
  const inCart = cartPairs(lines);
  const room = allowed - inCart;
  const held =
    limits.openPairs > 0 ? ` You already have ${pairs(limits.openPairs)} on open orders waiting for delivery.` : "";
  const limitReached = `One customer can have at most ${pairs(limits.maxOpenPairs)} on open orders at once.${held}`;
  let refusal: string | undefined;
  if (openOrdersFull(limits)) {
    refusal = `You already have ${limits.openOrders} open ${limits.openOrders === 1 ? "order" : "orders"} waiting for delivery, the most one customer can hold at once (${limits.maxOpenOrders}). You can order again once one is delivered.`;
  } else if (room < 0) {
    refusal = `You can order ${pairs(allowed)} now, and this cart has ${pairs(inCart)}. Please lower the quantities.${held}`;
  }
  const summary =
    room > 0
      ? `You can add ${groupThousands(room)} more ${room === 1 ? "pair" : "pairs"} to this order.`
      : "This order has the most pairs you can order now.";
  return { room, limitReached, summary, refusal };
}
