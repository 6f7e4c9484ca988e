// The customers' side of the cluster test: sign up and sign in, then bounded rounds of browsing,
// cart changes and checkouts through the load balancer. A checkout carries an Idempotency-Key and
// is sent again with the same key when no answer came or the answer was a 5xx, as the web
// checkout does (app/components/cart/CheckoutDialog.tsx keeps one key per checkout).
import { randomBytes } from "node:crypto";
import { orderSummary } from "#shared/cart.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import type { Order } from "#shared/orders.ts";
import { ADDRESS } from "../../support/shoppers.ts";
import { type Answer, Failed, Visitor } from "./visitor.ts";

export interface Pair {
  productId: string;
  size: number;
  price: number;
  discountPrice: number;
}

export interface Customer {
  visitor: Visitor;
  userId: string;
  email: string;
}

/** One exchange as the customer saw it. */
export interface Outcome {
  what: string;
  method: string;
  afterKill: boolean;
  status: number | "failed";
  body: string;
}

export interface Checkout {
  key: string;
  customer: Customer;
  lines: { productId: string; size: number; quantity: number }[];
  attempts: Outcome[];
  /** The last answer (none when every attempt failed). */
  final: Answer | undefined;
  orderId: string | undefined;
}

export interface Load {
  outcomes: Outcome[];
  checkouts: Checkout[];
  /** Set by the test when it has killed the instance. */
  killed: boolean;
}

const MAX_CHECKOUT_ATTEMPTS = 8;
const SEARCHES = ["chappal", "sandal", "loafer", "sneaker", "kolhapuri", "heels"];
const PASSWORD = "Correct-Horse-Battery-7";

export async function signUp(base: string, count: number): Promise<Customer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const visitor = new Visitor(base);
      const username = `cluster${i}_${randomBytes(4).toString("hex")}`;
      const email = `${username}@example.pk`;
      await visitor.json("POST", "/api/user/signup", 201, { email, username, password: PASSWORD });
      const session = await visitor.json<{ token: string; user: { _id: string } }>("POST", "/api/user/login", 200, {
        email,
        password: PASSWORD,
      });
      visitor.token = session.token;
      return { visitor, userId: session.user._id, email };
    }),
  );
}

/** One exchange, recorded; a failed one is recorded too (and answered as undefined). */
async function exchange(
  load: Load,
  customer: Customer,
  what: string,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; via?: Visitor } = {},
): Promise<Answer | undefined> {
  const afterKill = load.killed;
  try {
    const answer = await (options.via ?? customer.visitor).send(method, url, options);
    load.outcomes.push({ what, method, afterKill, status: answer.status, body: answer.body.slice(0, 300) });
    return answer;
  } catch (error) {
    if (!(error instanceof Failed)) throw error;
    load.outcomes.push({ what, method, afterKill, status: "failed", body: error.message });
    return undefined;
  }
}

const retryable = (answer: Answer | undefined) =>
  answer === undefined || answer.status >= 500 || (answer.status === 409 && /still being placed/.test(answer.body));

/**
 * A checkout of `pairs` (one pair each), sent again with the same key until it has an answer.
 * `first` sends the first attempt another way (straight to one instance); retries go through nginx.
 */
export async function checkout(
  load: Load,
  customer: Customer,
  pairs: Pair[],
  key: string,
  first?: Visitor,
): Promise<Checkout> {
  const lines = pairs.map((p) => ({ productId: p.productId, size: p.size, quantity: 1 }));
  const body = {
    userId: customer.userId,
    items: lines,
    shippingAddress: { ...ADDRESS, email: customer.email },
    totalAmount: orderSummary(pairs.map((p) => ({ ...p, quantity: 1 }))).total,
  };
  const record: Checkout = { key, customer, lines, attempts: [], final: undefined, orderId: undefined };
  load.checkouts.push(record);
  for (let attempt = 1; attempt <= MAX_CHECKOUT_ATTEMPTS; attempt++) {
    const answer = await exchange(load, customer, "checkout", "POST", "/api/orders/new-order", {
      body,
      headers: { "idempotency-key": key, authorization: `Bearer ${customer.visitor.token}` },
      ...(attempt === 1 && first ? { via: first } : {}),
    });
    record.attempts.push(load.outcomes.at(-1) as Outcome);
    record.final = answer;
    if (!retryable(answer)) break;
    await new Promise((r) => setTimeout(r, 50 * attempt));
  }
  if (record.final && (record.final.status === 200 || record.final.status === 201)) {
    record.orderId = (JSON.parse(record.final.body) as Order)._id;
  }
  return record;
}

export interface Catalogue {
  hot: Pair[];
  cold: Pair[];
}

/** `rounds` of: a category, a product, a search, a cart add and update, and a checkout. */
export async function shop(load: Load, customer: Customer, index: number, rounds: number, catalogue: Catalogue) {
  const { hot, cold } = catalogue;
  for (let round = 0; round < rounds; round++) {
    const n = index * 7 + round;
    const coldPair = cold[n % cold.length] as Pair;
    const hotPair = hot[n % hot.length] as Pair;
    const slug = CATEGORY_SLUGS[n % CATEGORY_SLUGS.length];
    await exchange(load, customer, "category", "GET", `/api/products?category=${slug}`);
    await exchange(load, customer, "product", "GET", `/api/products/${hotPair.productId}`);
    await exchange(load, customer, "search", "GET", `/api/products/search?query=${SEARCHES[n % SEARCHES.length]}`);
    const line = { productId: coldPair.productId, size: coldPair.size };
    const added = await exchange(load, customer, "cart add", "POST", "/api/user/cart/add", {
      body: { ...line, quantity: 1 },
    });
    // An add cut off by a dying instance (nginx's 503) never reached the cart: nothing to update.
    if (added?.status === 200) {
      await exchange(load, customer, "cart update", "PUT", "/api/user/cart/update", { body: { ...line, quantity: 2 } });
    }
    // Every other checkout also wants a pair of the few that sell out.
    const pairs = round % 2 === 0 ? [coldPair, hotPair] : [coldPair];
    await checkout(load, customer, pairs, `c${index}-r${round}-${randomBytes(4).toString("hex")}`);
  }
}
