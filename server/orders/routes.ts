// The order calls of docs/product.md section 7, under /api: place an order and track your own.
import type { FastifyInstance } from "fastify";
import type { ShippingAddress } from "#shared/orders.ts";
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  newOrderSchema,
  ORDER_MESSAGES,
  type OrderPlacedWithKey,
  placedOrderAnswer,
} from "#shared/orders.ts";
import { orderCheckSchema } from "#shared/risk-rules.ts";
import type { Auth } from "../accounts/auth.ts";
import type { Db } from "../db/client.ts";
import { CHECKOUT_DEADLINE_MS } from "../db/timeouts.ts";
import { forbidden, parseOr400 } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import { type OutboxEntry, startMailOutbox } from "../mail/outbox.ts";
import type { OrderAlertOptions } from "./alert-mail.ts";
import type { CheckoutSlots } from "./checkout-slots.ts";
import { type OrderLimits, orderLimitsOf } from "./order-limits.ts";
import { checkOrder } from "./order-rules.ts";
import { createOrderService } from "./service.ts";

export function registerOrderRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    auth: Auth;
    mailer: Mailer;
    shop: ShopContact;
    alert: OrderAlertOptions;
    limits: OrderLimits;
    /** Runs once an order has committed (the address book saves its address); a failure is only logged. */
    afterOrder?: (userId: string, address: ShippingAddress) => Promise<void>;
    /** The history of what was sent, and the order's own wait (server/confirmation/service.ts). */
    confirmation: {
      timesOf(orderId: string): Promise<{ cancelAfterMinutes: number }>;
      recordSent(entries: OutboxEntry[]): Promise<void>;
    };
    /** The signed link a confirmation request carries (server/confirmation/links.ts). */
    links: { urlFor(orderId: string, placedAt: Date): Promise<string> };
    whatsapp: boolean;
    /** An order queued messages for another channel's drainer too (WhatsApp): send them now. */
    wakeOtherChannels?: () => void;
    /** Bounds the checkouts holding a connection at once, below the pool (checkout-slots.ts). */
    checkoutSlots: CheckoutSlots;
  },
): void {
  const { auth, confirmation, links } = deps;
  const orders = createOrderService(deps.db, {
    shop: deps.shop,
    alert: deps.alert,
    limits: deps.limits,
    whatsapp: deps.whatsapp,
    confirmRequest: async (order) => ({
      url: await links.urlFor(order._id, new Date(order.createdAt)),
      // The order's own wait, the one its first mail named, even if the owner changed the times since.
      cancelAfterMinutes: (await confirmation.timesOf(order._id)).cancelAfterMinutes,
    }),
  });
  // Confirmations and the shop's alerts are queued by the order statement itself; this instance sends its share.
  const outbox = startMailOutbox({
    db: deps.db,
    mailer: deps.mailer,
    render: (entries) => orders.queuedMails(entries),
    sent: (entries) => confirmation.recordSent(entries),
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook("onClose", () => outbox.close());

  app.post("/api/orders/new-order", async (request, reply) => {
    const user = await auth.user(request);
    const input = parseOr400(newOrderSchema, request.body);
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    const key = header === undefined ? undefined : parseOr400(idempotencyKeySchema, header);
    if (input.userId !== user.id) throw forbidden(ORDER_MESSAGES.notYourAccount);
    // Still answerable: the customer (or nginx for them) is connected, and the answer comes before
    // the checkout's deadline, which is shorter than nginx's wait (server/db/timeouts.ts).
    const canStillAnswer = (msNeeded: number) =>
      !request.raw.socket?.destroyed && reply.elapsedTime + msNeeded <= CHECKOUT_DEADLINE_MS;
    const { order, created } = await deps.checkoutSlots.run(() => orders.place(user.id, input, key, canStillAnswer));
    // The order's fields and, for the original system's client, the same under `order` (shared/orders.ts).
    if (!created) return reply.code(200).header("idempotent-replayed", "true").send(placedOrderAnswer(order));
    // The order took stock: whatever keeps a copy of these products must read them again.
    app.catalogChanges.publish({ productIds: [...new Set(order.items.map((item) => item.productId))] });
    // A new order: the admins' count of new orders goes up, on every instance.
    app.orderSignals.publish();
    outbox.wake();
    deps.wakeOtherChannels?.();
    // After the commit, outside the order's locks; the order stands whatever happens here. The address
    // as the order stored it: the area spelt as the list has it.
    await deps.afterOrder?.(user.id, order.shippingAddress).catch((error: unknown) => {
      request.log.error({ err: error }, "could not run the after-order work (the address book)");
    });
    return reply.code(201).send(placedOrderAnswer(order));
  });

  // The limits and what the customer holds open, so the cart can say so before checkout.
  app.get("/api/user/order-limits", async (request) => {
    const user = await auth.user(request);
    return orderLimitsOf(deps.db, user.id, deps.limits);
  });

  // What the owner's rules would do with this cart and address, so the checkout says it before the
  // Place order button (a cap's refusal, or that the order waits for the customer's confirmation).
  app.post("/api/orders/check", async (request) => {
    const user = await auth.user(request);
    const input = parseOr400(orderCheckSchema, request.body);
    return checkOrder(deps.db, user.id, input.items, input.shippingAddress, input.discountCode);
  });

  app.get("/api/orders/track", async (request) => {
    const user = await auth.user(request);
    return orders.track(user.id);
  });

  // The order a checkout placed with this key, whose answer the browser may never have read (issue 45).
  app.get("/api/orders/by-key", async (request): Promise<OrderPlacedWithKey> => {
    const user = await auth.user(request);
    const key = parseOr400(idempotencyKeySchema, request.headers[IDEMPOTENCY_KEY_HEADER]);
    return { order: (await orders.placedWithKey(user.id, key)) ?? null };
  });
}
