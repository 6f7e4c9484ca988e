// /api/admin/orders: list, read, move an order (the customer's mail is queued with the move),
// record a parcel that came back, dispatch with a courier (one order or a batch), record the own
// rider's cash, write an internal note, and correct the delivery details.
import type { FastifyInstance } from "fastify";
import { ADMIN_MESSAGES, adminOrdersQuerySchema, orderIdParamsSchema, orderStatusInputSchema } from "#shared/admin.ts";
import { orderAddressInputSchema, orderNoteInputSchema, orderReturnInputSchema } from "#shared/admin-orders.ts";
import { batchDispatchInputSchema, cashInputSchema, dispatchInputSchema } from "#shared/couriers.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import { dispatchParcels, settleByHand } from "../couriers/dispatch.ts";
import { notFound, parseOr400 } from "../http/errors.ts";
import { createOrderAnnouncer } from "../orders/life/after-commit.ts";
import type { AdminDeps } from "./deps.ts";
import { addOrderNote, editOrderAddress } from "./order-changes.ts";
import { createAdminOrderService } from "./orders.ts";

export function registerAdminOrderRoutes(scope: FastifyInstance, deps: AdminDeps): void {
  // The couriers' teller: a dispatch or delivery by hand is told on WhatsApp too (issue 53).
  const tellCustomer = deps.couriers.tellCustomer;
  const orders = createAdminOrderService(deps.db, tellCustomer);
  const announcer = createOrderAnnouncer(scope, deps);

  async function current(id: string) {
    const order = await orders.get(id);
    if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
    return order;
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
    const moved = await orders.move(id, status, admin.id);
    return announcer.announce(moved.order, moved.restockedProductIds);
  });

  scope.post("/api/admin/orders/:id/return", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const input = parseOr400(orderReturnInputSchema, request.body);
    const moved = await orders.recordReturn(id, input, admin.id);
    return announcer.announce(moved.order, moved.restockedProductIds);
  });

  scope.post("/api/admin/orders/:id/dispatch", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const input = parseOr400(dispatchInputSchema, request.body);
    await dispatchParcels(deps.db, input.courierId, [{ orderId: id, trackingNumber: input.trackingNumber }], {
      actorUserId: admin.id,
      tellCustomer,
    });
    return announcer.announce(await current(id));
  });

  // All or none: the answer is every dispatched order, as the order page reads it.
  scope.post("/api/admin/orders/dispatch", async (request) => {
    const admin = adminOf(request);
    const input = parseOr400(batchDispatchInputSchema, request.body);
    await dispatchParcels(deps.db, input.courierId, input.parcels, { actorUserId: admin.id, tellCustomer });
    const dispatched = [];
    for (const parcel of input.parcels) dispatched.push(announcer.announce(await current(parcel.orderId)));
    return { orders: dispatched };
  });

  scope.post("/api/admin/orders/:id/cash", async (request) => {
    adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const { amount } = parseOr400(cashInputSchema, request.body);
    await settleByHand(deps.db, id, amount);
    return current(id);
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
}
