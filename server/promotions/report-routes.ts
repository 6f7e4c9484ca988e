// /api/admin/promotions/report?from=&to=: what each sale, code and offer brought and cost (issue 51), registered
// inside the admin scope (server/admin/routes.ts), whose hook answers 401 or 403 first.
import type { FastifyInstance } from "fastify";
import { type PromotionsReport, promotionsReportQuerySchema } from "#shared/promotions-report.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import { loadPromotionsReport } from "./report.ts";

export function registerPromotionsReportRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  scope.get(
    "/api/admin/promotions/report",
    async (request): Promise<PromotionsReport> =>
      loadPromotionsReport(deps.db, parseOr400(promotionsReportQuerySchema, request.query)),
  );
}
