// Back in stock under /api (docs/product.md section 7, "Back in stock"): a shopper asks to be told
// when a sold-out size returns, the mail's link stops it, and the confirm mail's link starts it again
// for an address that had stopped it. Also starts this instance's senders of the messages a restock
// (or an ask) queued (outbox.ts), woken by every catalogue change (server/catalog/changes.ts) so a
// restock made here or on another instance goes out at once rather than at the next poll.
import type { FastifyInstance } from "fastify";
import {
  STOCK_ALERT_MESSAGES,
  STOCK_ALERTS_CONFIRM_PATH,
  STOCK_ALERTS_PATH,
  STOCK_ALERTS_UNSUBSCRIBE_PATH,
  STOP_ALERTS_PAGE,
  type StockAlertAnswer,
  stockAlertInputSchema,
  stockAlertStopSchema,
  stockAlertTokenSchema,
} from "#shared/stock-alerts.ts";
import type { Auth } from "../accounts/auth.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { bearerToken } from "../http/bearer-token.ts";
import { parseOr400, ValidationError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { exceptLiveSessions, registerRateLimits } from "../plugins/rate-limit.ts";
import { createStockAlertLinks } from "./links.ts";
import { startStockAlertOutboxes } from "./outbox.ts";
import { createStockAlertService, type StockAlertService } from "./service.ts";

export interface StockAlertDeps {
  db: Db;
  auth: Auth;
  config: Config;
  mailer: Mailer;
}

/** RFC 8058's one-click body is a form; nothing in it matters beyond the token in the address. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export async function registerStockAlerts(app: FastifyInstance, deps: StockAlertDeps): Promise<StockAlertService> {
  const { db, auth, config } = deps;
  const links = createStockAlertLinks(db, { publicUrl: config.publicUrl, secret: config.confirmLinkSecret });
  const alerts = createStockAlertService(db, links);
  const outbox = startStockAlertOutboxes({
    db,
    mailer: deps.mailer,
    links,
    publicUrl: config.publicUrl,
    whatsapp: config.whatsapp,
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  const stopListening = app.catalogChanges.subscribe(() => outbox.wake());
  app.addHook("onClose", async () => {
    stopListening();
    await outbox.close();
  });

  await app.register(async (scope) => {
    const limits = await registerRateLimits(scope, config);

    // Every request but a live session is limited per address; a signed-in customer asks only for
    // their own e-mail, and the cap on sizes waiting per e-mail (service.ts) bounds them both.
    const limit = exceptLiveSessions(limits.stockAlerts, auth);
    scope.post(STOCK_ALERTS_PATH, { config: { rateLimit: limit } }, async (request, reply) => {
      // A bearer token that is no session is refused (401); any other Authorization is no sign-in.
      const signedIn = bearerToken(request) === undefined ? undefined : await auth.user(request);
      const input = parseOr400(stockAlertInputSchema, request.body);
      const who = signedIn
        ? await alerts.subscriberOf(signedIn, config.whatsapp !== undefined)
        : { email: requiredEmail(input.email) };
      const outcome = await alerts.subscribe(input.productId, input.size, who);
      outbox.wake();
      // One status and one message whether the address is new, waits already or had stopped the
      // mails (issue 45): only the address's own proven account is told plainly.
      const said = who.proven ? STOCK_ALERT_MESSAGES.told : STOCK_ALERT_MESSAGES.asked;
      const answer: StockAlertAnswer = {
        message: `${said(who.email, input.size)}${outcome.whatsapp ? ` ${STOCK_ALERT_MESSAGES.alsoWhatsApp}` : ""}`,
        size: input.size,
        email: who.email,
        whatsapp: outcome.whatsapp,
      };
      return reply.code(202).send(answer);
    });

    for (const type of FORM_TYPES) {
      scope.addContentTypeParser(type, { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) => {
        done(null, {});
      });
    }
    // The page's buttons send { token } with the product and size of the one size they stop, or
    // without to stop them all (issue 46); a mail program's one-click sends the form with the token
    // in the address it was given (the mail's List-Unsubscribe header), and stops them all.
    scope.post(STOCK_ALERTS_UNSUBSCRIBE_PATH, async (request) => {
      const body = request.body && typeof request.body === "object" ? request.body : {};
      const { token, only } = parseOr400(stockAlertStopSchema, { ...(request.query as object), ...body });
      return alerts.stop(token, only);
    });

    // The confirm mail's page's button: the address's own press starts its mails again.
    scope.post(STOCK_ALERTS_CONFIRM_PATH, async (request) => {
      const { token } = parseOr400(stockAlertTokenSchema, request.body);
      const answer = await alerts.confirm(token);
      outbox.wake();
      return answer;
    });

    // A mail program without one-click opens the List-Unsubscribe address: the page with the button.
    scope.get(STOCK_ALERTS_UNSUBSCRIBE_PATH, async (request, reply) => {
      const { token } = parseOr400(stockAlertTokenSchema, request.query);
      return reply.redirect(`${STOP_ALERTS_PAGE}?token=${encodeURIComponent(token)}`, 303);
    });
  });
  return alerts;
}

function requiredEmail(email: string | undefined): string {
  const missing = "Please enter your email, or sign in.";
  if (email === undefined) throw new ValidationError(missing, { email: missing });
  return email;
}
