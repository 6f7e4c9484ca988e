// /api/admin/orders: list, read, and move an order (the customer is e-mailed in the background).
import type { FastifyInstance } from "fastify";
import { ADMIN_MESSAGES, adminOrdersQuerySchema, orderIdParamsSchema, orderStatusInputSchema } from "#shared/admin.ts";
import { notFound, parseOr400 } from "../http/errors.ts";
import { type AdminDeps, adminOf } from "./deps.ts";
import { orderStatusMail } from "./mail.ts";
import { createAdminOrderService } from "./orders.ts";

export function registerAdminOrderRoutes(scope: FastifyInstance, deps: AdminDeps): void {
  const orders = createAdminOrderService(deps.db);
  const sending = new Set<Promise<void>>();

  scope.get("/api/admin/orders", async (request) => orders.list(parseOr400(adminOrdersQuerySchema, request.query)));

  scope.get("/api/admin/orders/:id", async (request) => {
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const order = await orders.get(id);
    if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
    return order;
  });

  scope.post("/api/admin/orders/:id/status", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const { status } = parseOr400(orderStatusInputSchema, request.body);
    const moved = await orders.move(id, status, admin.id);
    if (moved.restockedProductIds.length > 0) {
      scope.catalogChanges.publish({ productIds: moved.restockedProductIds });
    }
    const mail = orderStatusMail(moved.order, deps.shop);
    if (mail) {
      const send = deps.mailer
        .send(mail)
        .catch((error: unknown) => request.log.error({ err: error }, "order status e-mail failed"))
        .finally(() => sending.delete(send));
      sending.add(send);
    }
    return moved.order;
  });

  scope.addHook("onClose", async () => {
    await Promise.all(sending);
  });
}
