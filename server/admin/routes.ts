// The admin API under /api/admin (issue 6). Every route lives in one scope whose first hook is
// `auth.admin`: it runs before the body is read, so a visitor gets 401 and a customer 403 on any
// admin route, including routes added later, and never makes the server read an upload.
import type { FastifyInstance } from "fastify";
import { adminCustomersQuerySchema, customerBlockInputSchema, customerIdParamsSchema } from "#shared/admin.ts";
import { adminOf, requireAdmin } from "../accounts/admin-guard.ts";
import { registerAdminAreaRoutes } from "../areas/routes.ts";
import { registerCourierApiRoutes } from "../couriers/api-routes.ts";
import { registerDeliveryReportRoutes } from "../couriers/report-routes.ts";
import { registerCourierRoutes } from "../couriers/routes.ts";
import { registerShortPaymentRoutes } from "../couriers/short-payment-routes.ts";
import { parseOr400 } from "../http/errors.ts";
import { registerAdminPaymentAccountRoutes } from "../payments/accounts-routes.ts";
import { registerCodeRoutes } from "../promotions/code-routes.ts";
import { registerOfferRoutes } from "../promotions/offer-routes.ts";
import { registerPromotionsReportRoutes } from "../promotions/report-routes.ts";
import { registerSaleRoutes } from "../promotions/sale-routes.ts";
import { registerBlockListRoutes } from "./block-list-routes.ts";
import { listCustomers, setCustomerBlocked } from "./customers.ts";
import { loadDashboard } from "./dashboard.ts";
import type { AdminDeps } from "./deps.ts";
import { registerNewOrderRoutes } from "./new-orders-routes.ts";
import { registerAdminOrderRoutes } from "./orders-routes.ts";
import { registerOwnerToolRoutes } from "./owner-tools-routes.ts";
import { registerAdminProductRoutes } from "./products-routes.ts";
import { registerRiskRuleRoutes } from "./risk-rules-routes.ts";
import { registerAdminSearchesRoutes } from "./searches-routes.ts";
import { registerAdminSynonymRoutes } from "./synonyms-routes.ts";

export function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  app.register(async (scope) => {
    scope.addHook("onRequest", async (request) => {
      await requireAdmin(deps.auth, request);
    });

    scope.get("/api/admin/dashboard", async () => loadDashboard(deps.db));

    scope.get("/api/admin/customers", async (request) => {
      const query = parseOr400(adminCustomersQuerySchema, request.query);
      return listCustomers(deps.db, query);
    });

    // Blocking stops a customer's new orders (their open ones stay for the owner to handle).
    scope.put("/api/admin/customers/:id/blocked", async (request) => {
      const admin = adminOf(request);
      const { id } = parseOr400(customerIdParamsSchema, request.params);
      const { blocked } = parseOr400(customerBlockInputSchema, request.body);
      const customer = await setCustomerBlocked(deps.db, id, blocked, admin.id);
      request.log.info({ customerId: id, adminId: admin.id, blocked }, "customer block changed");
      return customer;
    });

    await registerAdminProductRoutes(scope, deps);
    registerAdminOrderRoutes(scope, deps);
    registerNewOrderRoutes(scope, deps);
    registerAdminSynonymRoutes(scope, deps);
    registerAdminSearchesRoutes(scope, deps);
    registerOwnerToolRoutes(scope, deps);
    registerAdminAreaRoutes(scope, deps.areas);
    registerCourierRoutes(scope, deps);
    registerCourierApiRoutes(scope, deps);
    registerDeliveryReportRoutes(scope, deps);
    registerShortPaymentRoutes(scope, deps);
    registerBlockListRoutes(scope, deps);
    registerRiskRuleRoutes(scope, deps);
    registerAdminPaymentAccountRoutes(scope, deps);
    registerSaleRoutes(scope, deps);
    registerCodeRoutes(scope, deps);
    registerOfferRoutes(scope, deps);
    registerPromotionsReportRoutes(scope, deps);
  });
}
