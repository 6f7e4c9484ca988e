// The admin API under /api/admin (issue 6). Every route lives in one scope whose first hook is
// `auth.admin`: it runs before the body is read, so a visitor gets 401 and a customer 403 on any
// admin route, including routes added later, and never makes the server read an upload.
import type { FastifyInstance } from "fastify";
import { adminCustomersQuerySchema } from "#shared/admin.ts";
import { parseOr400 } from "../http/errors.ts";
import { listCustomers } from "./customers.ts";
import { loadDashboard } from "./dashboard.ts";
import { type AdminDeps, requireAdmin } from "./deps.ts";
import { registerAdminOrderRoutes } from "./orders-routes.ts";
import { registerAdminProductRoutes } from "./products-routes.ts";

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

    await registerAdminProductRoutes(scope, deps);
    registerAdminOrderRoutes(scope, deps);
  });
}
