// The customer's confirmation under /api/orders (docs/product.md section 7): the mailed link's read
// and press (no session: the signed token is the permission), the signed-in customer's press; and
// the owner's side under /api/admin: the times, and holding an order.
import type { FastifyInstance } from "fastify";
import { orderIdParamsSchema } from "#shared/admin.ts";
import {
  answerBodySchema,
  type ConfirmationAnswer,
  confirmationQuerySchema,
  confirmationSettingsSchema,
  confirmByTokenSchema,
  holdBodySchema,
} from "#shared/confirmation.ts";
import type { Auth } from "../accounts/auth.ts";
import { parseOr400 } from "../http/errors.ts";
import type { AnswerOutcome, ConfirmationService } from "./service.ts";

export function registerConfirmationRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; confirmation: ConfirmationService },
): void {
  const { auth, confirmation } = deps;

  /** After an answer commits: a cancellation returned stock; the admins' count of new orders changed. */
  function announce(outcome: AnswerOutcome): ConfirmationAnswer {
    if (outcome.restockedProductIds.length > 0) app.catalogChanges.publish({ productIds: outcome.restockedProductIds });
    app.orderSignals.publish();
    return { order: outcome.order, message: outcome.message };
  }

  // Reading acts on nothing: mail scanners open links, so only the page's button press (a POST) answers.
  app.get("/api/orders/confirmation", async (request) => {
    const { token } = parseOr400(confirmationQuerySchema, request.query);
    return confirmation.view(token);
  });

  app.post("/api/orders/confirmation", async (request) => {
    const { token, action } = parseOr400(confirmByTokenSchema, request.body);
    return announce(await confirmation.answerByToken(token, action, "link"));
  });

  app.post("/api/orders/:id/answer", async (request) => {
    const user = await auth.user(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const { action } = parseOr400(answerBodySchema, request.body);
    return announce(await confirmation.answerOwn(user.id, id, action));
  });

  app.register(async (scope) => {
    scope.addHook("onRequest", async (request) => {
      await auth.admin(request);
    });
    scope.get("/api/admin/confirmation-settings", async () => confirmation.settings());
    scope.put("/api/admin/confirmation-settings", async (request) =>
      confirmation.saveSettings(parseOr400(confirmationSettingsSchema, request.body)),
    );
    scope.put("/api/admin/orders/:id/held", async (request) => {
      const admin = await auth.admin(request);
      const { id } = parseOr400(orderIdParamsSchema, request.params);
      const { held } = parseOr400(holdBodySchema, request.body);
      await confirmation.hold(id, admin.id, held);
      return { held, history: await confirmation.history(id) };
    });
  });
}
