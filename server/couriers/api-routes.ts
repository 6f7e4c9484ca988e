// Couriers by API (issue 49), inside the admin scope (server/admin/routes.ts), whose hook answers 401
// or 403 first: a courier's API account (credentials in, never out), a sync on demand, booking one
// order or a batch in one press, cancelling a booking, and the Attempts queue.
import type { FastifyInstance } from "fastify";
import { orderIdParamsSchema } from "#shared/admin.ts";
import {
  type BookingAnswer,
  batchBookInputSchema,
  bookInputSchema,
  courierApiInputSchema,
} from "#shared/courier-api.ts";
import { courierIdParamsSchema } from "#shared/couriers.ts";
import { attemptIdParamsSchema, ownerAttemptAnswerSchema } from "#shared/delivery-attempts.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import { parseOr400 } from "../http/errors.ts";
import { createOrderAnnouncer } from "../orders/life/after-commit.ts";
import { loadCourierApiSettings, removeCourierApi, saveCourierApi } from "./api/accounts.ts";
import { listAttempts } from "./attempts/queue.ts";
import { bookParcels } from "./booking.ts";
import { cancelBooking, orderBooking } from "./booking-record.ts";
import type { CourierApis } from "./deliveries.ts";
import type { CourierRouteDeps } from "./routes.ts";

export function registerCourierApiRoutes(
  scope: FastifyInstance,
  deps: CourierRouteDeps & { couriers: CourierApis },
): void {
  const { db } = deps;
  const { config, attempts, booking } = deps.couriers;
  const announcer = createOrderAnnouncer(scope, deps);

  scope.get("/api/admin/couriers/:id/api", async (request) => {
    const { id } = parseOr400(courierIdParamsSchema, request.params);
    return loadCourierApiSettings(db, config, id);
  });

  // The body holds credentials: the log line names the courier and the API, never the body.
  scope.put("/api/admin/couriers/:id/api", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(courierIdParamsSchema, request.params);
    const input = parseOr400(courierApiInputSchema, request.body);
    const saved = await saveCourierApi(db, config, id, input, admin.id);
    request.log.info({ courierId: id, api: input.api, adminId: admin.id }, "courier API saved");
    return saved;
  });

  scope.delete("/api/admin/couriers/:id/api", async (request, reply) => {
    const { id } = parseOr400(courierIdParamsSchema, request.params);
    await removeCourierApi(db, id);
    return reply.code(204).send();
  });

  scope.post("/api/admin/couriers/sync", async () => {
    const outcome = await deps.couriers.syncNow();
    return {
      synced: outcome.synced,
      moved: outcome.moved.length,
      attempts: outcome.attempts.length,
      told: outcome.told.length,
    };
  });

  scope.get("/api/admin/orders/:id/booking", async (request) => {
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    return { booking: await orderBooking(db, id) };
  });

  scope.post("/api/admin/orders/:id/book", async (request): Promise<BookingAnswer> => {
    const admin = adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const input = parseOr400(bookInputSchema, request.body);
    const results = await bookParcels(booking, input.courierId, [{ orderId: id, ...input }], admin.id);
    announcer.moved([]);
    return answerOf(results);
  });

  scope.post("/api/admin/orders/book", async (request): Promise<BookingAnswer> => {
    const admin = adminOf(request);
    const input = parseOr400(batchBookInputSchema, request.body);
    const results = await bookParcels(booking, input.courierId, input.orders, admin.id);
    announcer.moved([]);
    request.log.info({ courierId: input.courierId, ...answerOf(results), results: undefined }, "parcels booked");
    return answerOf(results);
  });

  scope.post("/api/admin/orders/:id/booking/cancel", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    await cancelBooking(booking, id, admin.id);
    announcer.moved([]);
    return { booking: await orderBooking(db, id) };
  });

  scope.get("/api/admin/attempts", async () => listAttempts(db));

  scope.post("/api/admin/attempts/:id/answer", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(attemptIdParamsSchema, request.params);
    const input = parseOr400(ownerAttemptAnswerSchema, request.body);
    await attempts.ownerAnswer(id, input, admin.id);
    return listAttempts(db);
  });

  // Sends the advice again (after the courier's API failed it).
  scope.post("/api/admin/attempts/:id/advise", async (request) => {
    const { id } = parseOr400(attemptIdParamsSchema, request.params);
    await attempts.advise(id);
    return listAttempts(db);
  });

  scope.post("/api/admin/attempts/:id/close", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(attemptIdParamsSchema, request.params);
    await attempts.close(id, admin.id);
    return listAttempts(db);
  });
}

function answerOf(results: BookingAnswer["results"]): BookingAnswer {
  const booked = results.filter((r) => r.ok).length;
  return { results, booked, failed: results.length - booked };
}
