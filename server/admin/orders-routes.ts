// /api/admin/orders: list, read, move an order (the customer is e-mailed in the background),
// record a parcel that came back, write an internal note, and correct the delivery details.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ADMIN_MESSAGES, adminOrdersQuerySchema, orderIdParamsSchema, orderStatusInputSchema } from "#shared/admin.ts";
import { orderAddressInputSchema, orderNoteInputSchema, orderReturnInputSchema } from "#shared/admin-orders.ts";
import { notFound, parseOr400 } from "../http/errors.ts";
import { type AdminDeps, adminOf } from "./deps.ts";
import { orderStatusMail } from "./mail.ts";
import { addOrderNote, editOrderAddress } from "./order-changes.ts";
import { createAdminOrderService, type OrderMove } from "./orders.ts";

export function registerAdminOrderRoutes(scope: FastifyInstance, deps: AdminDeps): void {
  const orders = createAdminOrderService(deps.db);
  const sending = new Set<Promise<void>>();

  async function current(id: string) {
    const order = await orders.get(id);
    if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
    return order;
  }

  /**
   * After a move commits: tell the catalogue's caches about returned stock, the admins' count of
   * new orders that an order may have left pending, and mail the customer.
   */
  function announce(request: FastifyRequest, moved: OrderMove) {
    scope.orderSignals.publish();
    if (moved.restockedProductIds.length > 0) {
      scope.catalogChanges.publish({ productIds: moved.restockedProductIds });
    }
    const mail = orderStatusMail(moved.order, moved.order.customer.email, deps.shop);
    if (mail) {
      const send = deps.mailer
        .send(mail)
        .catch((error: unknown) => request.log.error({ err: error }, "order status e-mail failed"))
        .finally(() => sending.delete(send));
      sending.add(send);
    }
    return moved.order;
  }

  scope.get("/api/admin/orders", async (request) => orders.list(parseOr400(adminOrdersQuerySchema, request.query)));

  scope.get("/api/admin/orders/:id", async (request) => {
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    return current(id);
  });

  scope.post("/api/admin/orders/:id/status", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const { status } = parseOr400(orderStatusInputSchema, request.body);
    return announce(request, await orders.move(id, status, admin.id));
  });

  scope.post("/api/admin/orders/:id/return", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const input = parseOr400(orderReturnInputSchema, request.body);
    return announce(request, await orders.recordReturn(id, input, admin.id));
  });

  scope.post("/api/admin/orders/:id/notes", async (request, reply) => {
    const admin = adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const { text } = parseOr400(orderNoteInputSchema, request.body);
    await addOrderNote(deps.db, id, admin.id, text);
    return reply.code(201).send(await current(id));
  });

  scope.put("/api/admin/orders/:id/address", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const input = parseOr400(orderAddressInputSchema, request.body);
    await editOrderAddress(deps.db, id, admin.id, input);
    return current(id);
  });

  scope.addHook("onClose", async () => {
    await Promise.all(sending);
  });
}
