// /api/admin/reports/delivery: the delivery report of the last 30 or 90 days, registered inside the
// admin scope (server/admin/routes.ts), whose hook answers 401 or 403 first.
import type { FastifyInstance } from "fastify";
import { deliveryReportQuerySchema } from "#shared/delivery-report.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import { loadDeliveryReport } from "./report.ts";

export function registerDeliveryReportRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  scope.get("/api/admin/reports/delivery", async (request) => {
    const { days } = parseOr400(deliveryReportQuerySchema, request.query);
    return loadDeliveryReport(deps.db, days);
  });
}
