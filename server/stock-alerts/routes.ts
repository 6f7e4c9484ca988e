// Back in stock under /api (docs/product.md section 7, "Back in stock"): a shopper asks to be told
// when a sold-out size returns, and the mail's link stops it. Also starts this instance's senders of
// the messages a restock queued (outbox.ts), woken by every catalogue change (server/catalog/changes.ts)
// so a restock made here or on another instance goes out at once rather than at the next poll.
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  STOCK_ALERT_MESSAGES,
  STOCK_ALERTS_PATH,
  STOCK_ALERTS_UNSUBSCRIBE_PATH,
  STOP_ALERTS_PAGE,
  type StockAlertAnswer,
  stockAlertInputSchema,
  stockAlertTokenSchema,
} from "#shared/stock-alerts.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { parseOr400, ValidationError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type Auth, bearerToken } from "../plugins/auth.ts";
import { registerRateLimits } from "../plugins/rate-limit.ts";
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

    // A visitor is limited per address; a signed-in customer asks only for their own e-mail, and
    // the cap on sizes waiting per e-mail (service.ts) bounds them both.
    const visitorsOnly = {
      ...limits.stockAlerts,
      allowList: (request: FastifyRequest) => request.headers.authorization !== undefined,
    };
    scope.post(STOCK_ALERTS_PATH, { config: { rateLimit: visitorsOnly } }, async (request, reply) => {
      const signedIn = bearerToken(request) === undefined ? undefined : await auth.user(request);
      const input = parseOr400(stockAlertInputSchema, request.body);
      const who = signedIn
        ? await alerts.subscriberOf(signedIn, config.whatsapp !== undefined)
        : { email: requiredEmail(input.email) };
      const outcome = await alerts.subscribe(input.productId, input.size, who);
      const told = outcome.already ? STOCK_ALERT_MESSAGES.toldAlready : STOCK_ALERT_MESSAGES.told;
      const answer: StockAlertAnswer = {
        message: `${told(who.email, input.size)}${outcome.whatsapp ? ` ${STOCK_ALERT_MESSAGES.alsoWhatsApp}` : ""}`,
        size: input.size,
        email: who.email,
        whatsapp: outcome.whatsapp,
        already: outcome.already,
      };
      return reply.code(outcome.already ? 200 : 201).send(answer);
    });

    for (const type of FORM_TYPES) {
      scope.addContentTypeParser(type, { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) => {
        done(null, {});
      });
    }
    // The page's button sends { token }; a mail program's one-click sends the form with the token
    // in the address it was given (the mail's List-Unsubscribe header).
    scope.post(STOCK_ALERTS_UNSUBSCRIBE_PATH, async (request) => {
      const body = request.body && typeof request.body === "object" ? request.body : {};
      const { token } = parseOr400(stockAlertTokenSchema, { ...(request.query as object), ...body });
      return alerts.stop(token);
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
