// The owner's review rules (issue 53): GET and PUT /api/admin/review-settings, in a scope whose first
// hook is the admin check (401 without a session, 403 for a customer) as every owner's route has.
// A body that fails reviewSettingsSchema (a day out of 1..30, a field it does not know) is a 400 with
// its message, and nothing is written.
import type { FastifyInstance } from "fastify";
import { reviewSettingsSchema } from "#shared/reviews.ts";
import { requireAdmin } from "../accounts/admin-guard.ts";
import type { Auth } from "../accounts/auth.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import { readReviewSettings, saveReviewSettings } from "./settings.ts";

export function registerReviewSettingsRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  app.register(async (scope) => {
    scope.addHook("onRequest", async (request) => {
      await requireAdmin(deps.auth, request);
    });
    scope.get("/api/admin/review-settings", async () => readReviewSettings(deps.db));
    scope.put("/api/admin/review-settings", async (request) =>
      saveReviewSettings(deps.db, parseOr400(reviewSettingsSchema, request.body)),
    );
  });
}
