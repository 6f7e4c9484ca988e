// What follows a committed move of an order, whichever route made it (a status, a return, a
// dispatch, a courier file): the catalogue's caches learn of returned stock, the admins' count of
// new orders is refreshed, and the customer is e-mailed in the background.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { AdminOrder } from "#shared/admin.ts";
import type { AdminDeps } from "./deps.ts";
import { orderStatusMail } from "./mail.ts";

export interface OrderAnnouncer {
  announce(log: FastifyBaseLogger, order: AdminOrder, restockedProductIds?: string[]): AdminOrder;
}

export function createOrderAnnouncer(scope: FastifyInstance, deps: AdminDeps): OrderAnnouncer {
  const sending = new Set<Promise<void>>();
  scope.addHook("onClose", async () => {
    await Promise.all(sending);
  });
  return {
    announce(log, order, restockedProductIds = []) {
      scope.orderSignals.publish();
      if (restockedProductIds.length > 0) scope.catalogChanges.publish({ productIds: restockedProductIds });
      const { email: to, emailVerified: proven } = order.customer;
      const mail = orderStatusMail(order, { to, proven }, deps.shop, deps.publicUrl);
      if (mail) {
        const send = deps.mailer
          .send(mail)
          .catch((error: unknown) => log.error({ err: error }, "order status e-mail failed"))
          .finally(() => sending.delete(send));
        sending.add(send);
      }
      return order;
    },
  };
}
