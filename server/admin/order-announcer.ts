// What follows a move of an order, whichever route made it (a status, a return, a dispatch, a courier
// file). Inside the move's transaction, the customer's mail is queued in the outbox (`tellCustomer`),
// so a mail server that refuses delays it and never loses it (docs/decisions/007-mail-outbox.md).
// After the commit, the catalogue's caches learn of returned stock, the admins' count of new orders
// is refreshed, and the sender of the queued mail is woken.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AdminOrder } from "#shared/admin.ts";
import { orders, users } from "../db/schema.ts";
import { exchangeDeadline } from "../exchanges/window.ts";
import { queueMails } from "../mail/queue.ts";
import type { ShopContact } from "../orders/mail.ts";
import { loadOrder } from "../orders/service.ts";
import type { TellCustomer } from "../orders/workflow.ts";
import type { AdminDeps } from "./deps.ts";
import { orderStatusMail } from "./mail.ts";

export interface OrderAnnouncer {
  /** After one order's move: answers the order as moved. */
  announce(order: AdminOrder, restockedProductIds?: string[]): AdminOrder;
  /** After a move of several orders at once (a courier file). */
  moved(restockedProductIds: string[]): void;
}

/**
 * Queues the mail of the order's new status (none for a status without one), as the order reads in
 * the move's transaction: to the account's own e-mail, with what was typed only once it is proven.
 */
export function statusMailTeller(deps: { shop: ShopContact; publicUrl: string }): TellCustomer {
  return async (tx, orderId) => {
    const order = await loadOrder(tx, orderId);
    const [customer] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId));
    if (!order || !customer) return;
    const recipient = { to: customer.email, proven: customer.verifiedAt !== null };
    const until = order.status === "delivered" ? (await exchangeDeadline(tx, orderId))?.until : undefined;
    const mail = orderStatusMail(order, recipient, deps.shop, deps.publicUrl, until);
    if (mail) await queueMails(tx, [mail]);
  };
}

export function createOrderAnnouncer(scope: FastifyInstance, deps: Pick<AdminDeps, "outbox">): OrderAnnouncer {
  const moved = (restockedProductIds: string[]) => {
    scope.orderSignals.publish();
    const productIds = [...new Set(restockedProductIds)];
    if (productIds.length > 0) scope.catalogChanges.publish({ productIds });
    deps.outbox.wake();
  };
  return {
    announce(order, restockedProductIds = []) {
      moved(restockedProductIds);
      return order;
    },
    moved,
  };
}
