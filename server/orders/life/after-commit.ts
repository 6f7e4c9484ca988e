// What follows the commit of a move, whichever route made it (a status, a return, a dispatch, a
// courier file): the catalogue's caches learn of returned stock, the admins' count of new orders is
// refreshed, and the sender of the mail the move queued is woken (moves.ts names what happens inside
// the move's transaction).
import type { FastifyInstance } from "fastify";
import type { AdminOrder } from "#shared/admin.ts";
import type { MailWaker } from "../../mail/queue.ts";

export interface OrderAnnouncer {
  /** After one order's move: answers the order as moved. */
  announce(order: AdminOrder, restockedProductIds?: string[]): AdminOrder;
  /** After a move of several orders at once (a courier file). */
  moved(restockedProductIds: string[]): void;
}

export function createOrderAnnouncer(scope: FastifyInstance, deps: { outbox: MailWaker }): OrderAnnouncer {
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
