// /api/admin/promotions/report: what each sale, code and offer brought and cost (issue 51), registered
// inside the admin scope (server/admin/routes.ts), whose hook answers 401 or 403 first.
import type { FastifyInstance } from "fastify";
import type { PromotionsReport } from "#shared/promotions-report.ts";
import type { Db } from "../db/client.ts";
import { loadPromotionsReport } from "./report.ts";

export function registerPromotionsReportRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  scope.get("/api/admin/promotions/report", async (): Promise<PromotionsReport> => loadPromotionsReport(deps.db));
}
