// /api/admin/short-payments (issue 48): the list the owner chases and the owner's decision on one.
// Registered inside the admin scope (server/admin/routes.ts), whose hook answers 401 or 403 first.
import type { FastifyInstance } from "fastify";
import {
  SHORT_PAYMENT_MESSAGES,
  shortPaymentDecisionSchema,
  shortPaymentIdParamsSchema,
  shortPaymentsQuerySchema,
} from "#shared/short-payments.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import type { Db } from "../db/client.ts";
import { notFound, parseOr400 } from "../http/errors.ts";
import { decideShortPayment, listShortPayments } from "./short-payments.ts";

export function registerShortPaymentRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  scope.get("/api/admin/short-payments", async (request) => {
    const query = parseOr400(shortPaymentsQuerySchema, request.query);
    return listShortPayments(deps.db, query);
  });

  scope.put("/api/admin/short-payments/:id", async (request) => {
    const admin = adminOf(request);
    // An id that is not even a uuid names no short payment, as an unknown one does.
    const params = shortPaymentIdParamsSchema.safeParse(request.params);
    if (!params.success) throw notFound(SHORT_PAYMENT_MESSAGES.notFound);
    const input = parseOr400(shortPaymentDecisionSchema, request.body);
    const decided = await decideShortPayment(deps.db, params.data.id, input, admin.id);
    request.log.info(
      { shortPaymentId: decided._id, status: decided.status, adminId: admin.id },
      "short payment decided",
    );
    return decided;
  });
}
