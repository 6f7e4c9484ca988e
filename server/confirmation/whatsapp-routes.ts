// The WhatsApp channel on the shop's side (docs/product.md section 7, "WhatsApp"): Meta's webhook,
// `GET /api/whatsapp/webhook` (the subscription check when the owner sets the callback URL) and
// `POST /api/whatsapp/webhook` (every event: the customer's presses, a STOP or START reply to parcel
// updates (issue 53), delivery statuses, …), and
// the drainer that sends the requests (whatsapp.ts). Without config.whatsapp both answer 404 and
// nothing is sent. Shapes: https://developers.facebook.com/docs/graph-api/webhooks/getting-started.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { WhatsAppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { ConfirmationLinks } from "./links.ts";
import type { ConfirmationService } from "./service.ts";
import { startWhatsAppOutbox } from "./whatsapp.ts";
import {
  applyUpdatesReply,
  createWhatsAppInbound,
  pressesIn,
  updateRepliesIn,
  type WhatsAppInbound,
} from "./whatsapp-inbound.ts";
import { sameSecret, validSignature } from "./whatsapp-signature.ts";

export const WHATSAPP_WEBHOOK_PATH = "/api/whatsapp/webhook";

export const WHATSAPP_MESSAGES = {
  notSetUp: "WhatsApp is not set up for this shop.",
  verifyRefused: "The verify token does not match the shop's WHATSAPP_VERIFY_TOKEN.",
  signatureRefused: "The X-Hub-Signature-256 header is missing or does not match the body.",
  notJson: "The request body is not valid JSON.",
} as const;

/** Meta's events are a few kilobytes; a batch of many presses stays far below this. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

// hub.challenge is a number Meta picks; anything else is not worth echoing back.
const verificationQuery = z.object({
  "hub.mode": z.literal("subscribe"),
  "hub.verify_token": z.string().max(500),
  "hub.challenge": z.string().regex(/^[A-Za-z0-9._-]{1,200}$/),
});

export interface WhatsAppDeps {
  db: Db;
  whatsapp: WhatsAppConfig | undefined;
  links: ConfirmationLinks;
  confirmation: ConfirmationService;
}

/** The webhook's routes, and the drainer when WhatsApp is configured (to wake when rows are queued). */
export function registerWhatsApp(app: FastifyInstance, deps: WhatsAppDeps): MailOutbox | undefined {
  const { whatsapp } = deps;
  registerWebhook(
    app,
    whatsapp && { config: whatsapp, inbound: createWhatsAppInbound(deps.db, deps.confirmation), db: deps.db },
  );
  if (!whatsapp) return undefined;
  const outbox = startWhatsAppOutbox({
    db: deps.db,
    whatsapp,
    links: deps.links,
    confirmation: deps.confirmation,
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook("onClose", () => outbox.close());
  return outbox;
}

function registerWebhook(
  app: FastifyInstance,
  channel: { config: WhatsAppConfig; inbound: WhatsAppInbound; db: Db } | undefined,
) {
  const configured = () => {
    if (!channel) throw notFound(WHATSAPP_MESSAGES.notSetUp);
    return channel;
  };

  app.get(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
    const { config } = configured();
    const query = verificationQuery.safeParse(request.query);
    if (!query.success || !sameSecret(query.data["hub.verify_token"], config.verifyToken)) {
      throw new HttpError(403, WHATSAPP_MESSAGES.verifyRefused);
    }
    return reply.type("text/plain; charset=utf-8").send(query.data["hub.challenge"]);
  });

  // Its own scope: the signature is over the bytes Meta sent, so this route keeps the raw body
  // instead of the app's JSON parser's object (re-serialising could differ by one escape).
  app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(WHATSAPP_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
      const { config, inbound, db } = configured();
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers["x-hub-signature-256"];
      if (!validSignature(config.appSecret, raw, typeof header === "string" ? header : undefined)) {
        throw new HttpError(401, WHATSAPP_MESSAGES.signatureRefused);
      }
      let event: unknown;
      try {
        event = JSON.parse(raw.toString("utf8"));
      } catch {
        throw badRequest(WHATSAPP_MESSAGES.notJson);
      }
      // Applied before answering, in a few statements: a 2xx tells Meta the press is done, and an
      // error (500) makes Meta deliver it again later.
      let answered = false;
      for (const press of pressesIn(event)) {
        const result = await inbound.apply(press);
        request.log.info({ outcome: result.outcome }, "a WhatsApp press");
        if (result.restockedProductIds.length > 0)
          app.catalogChanges.publish({ productIds: result.restockedProductIds });
        if (result.outcome === "confirmed" || result.outcome === "cancelled") answered = true;
      }
      // 'STOP' (or 'START') to the shop's number: parcel updates off (or on) for that number (issue 53).
      for (const reply of updateRepliesIn(event)) {
        if (await applyUpdatesReply(db, reply)) request.log.info({ asks: reply.asks }, "a WhatsApp updates reply");
      }
      // The admins' count of orders waiting changed.
      if (answered) app.orderSignals.publish();
      return { received: true };
    });
  });
}
