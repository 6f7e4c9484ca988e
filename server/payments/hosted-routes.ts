// The hosted checkout's two routes (issue 50; docs/decisions/039-jazzcash-hosted-checkout.md), thin
// over server/payments/jazzcash/service.ts:
// - POST /api/orders/:id/advance/jazzcash: the signed-in customer's order; answers the signed form
//   ({ action, fields }, shared/hosted-payments.ts) that the browser posts to JazzCash.
// - POST /payments/jazzcash/return: JazzCash's answer, a form that JazzCash's page has the customer's
//   browser post back here; then to Track Your Order with ?advance=paid|failed.
import type { FastifyInstance } from "fastify";
import { orderIdParamsSchema } from "#shared/admin.ts";
import { ADVANCE_RETURN_PARAM } from "#shared/hosted-payments.ts";
import { orderAnchor } from "#shared/order-words.ts";
import { z } from "#shared/zod.ts";
import type { Auth } from "../accounts/auth.ts";
import { parseOr400 } from "../http/errors.ts";
import type { MailWaker } from "../mail/queue.ts";
import { JAZZCASH_RETURN_PATH } from "./jazzcash/request.ts";
import type { JazzCashPayments } from "./jazzcash/service.ts";

export interface HostedPaymentRouteDeps {
  auth: Auth;
  /** Sends the status mail the advancePaid move queued in its transaction. */
  outbox: MailWaker;
  jazzcash: JazzCashPayments;
}

/** Track Your Order, where the customer's orders are (app/routes/track-order.tsx). */
const TRACK_ORDER_PATH = "/TrackOrder";
/** JazzCash's answer is a few hundred bytes; nothing larger is read. */
const RETURN_BODY_LIMIT = 16 * 1024;
const FORM = "application/x-www-form-urlencoded";

const returnFieldsSchema = z.record(z.string(), z.string(), { error: "Send JazzCash's answer as a form." });

export function registerHostedPaymentRoutes(app: FastifyInstance, deps: HostedPaymentRouteDeps): void {
  app.post("/api/orders/:id/advance/jazzcash", async (request) => {
    const user = await deps.auth.user(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    return deps.jazzcash.start(id, user.id);
  });

  // A cross-site form post, on purpose: JazzCash's page (another origin) has the customer's browser post
  // its answer here, so neither an Origin check (server/web/no-script/cookie-session.ts fromOwnPage)
  // nor the API's JSON-only rule (server/plugins/request-guards.ts; this path is outside /api) may
  // stand in its way. That is safe because nothing here rests on who posts: no cookie or session is
  // read, and the service acts only on fields whose pp_SecureHash is the HMAC of the Integrity Salt,
  // which only JazzCash and this server hold. A forged or altered answer is a 400 that changes nothing,
  // and posting a genuine answer again (from anywhere) finds it applied and changes nothing either.
  app.register(async (scope) => {
    scope.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: RETURN_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(JAZZCASH_RETURN_PATH, async (request, reply) => {
      const fields = parseOr400(returnFieldsSchema, request.body ?? {});
      const { orderId, outcome } = await deps.jazzcash.applyReturn(fields);
      if (outcome === "paid") {
        // As after any move: the admins' count of orders refreshes, the status mail leaves.
        app.orderSignals.publish();
        deps.outbox.wake();
      }
      const query = new URLSearchParams({ [ADVANCE_RETURN_PARAM]: outcome });
      return reply
        .header("cache-control", "no-store")
        .redirect(`${TRACK_ORDER_PATH}?${query}#${orderAnchor(orderId)}`, 303);
    });
  });
}
