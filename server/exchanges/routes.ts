// The exchange calls (issue 33): the policy's numbers for everyone, a customer's photo and request,
// and the owner's queue with its answers and rules. After every change the catalogue's caches hear
// of stock that moved, and the mails go out in the background.
import { createReadStream } from "node:fs";
import type { FastifyError, FastifyInstance } from "fastify";
import { type AdminImageType, orderIdParamsSchema } from "#shared/admin.ts";
import {
  adminExchangesQuerySchema,
  EXCHANGE_MESSAGES,
  EXCHANGE_PHOTO_MAX_BYTES,
  EXCHANGE_PHOTO_TYPES,
  exchangeApproveInputSchema,
  exchangeIdParamsSchema,
  exchangeReceivedInputSchema,
  exchangeRefuseInputSchema,
  exchangeRequestInputSchema,
  exchangeSettingsSchema,
} from "#shared/exchanges.ts";
import { z } from "#shared/zod.ts";
import type { Db } from "../db/client.ts";
import { HttpError, notFound, parseOr400 } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { ShopContact } from "../orders/mail.ts";
import { loadOrder } from "../orders/service.ts";
import type { Auth } from "../plugins/auth.ts";
import { type ExchangeNews, exchangeAlertMail, exchangeMail } from "./mail.ts";
import type { ExchangeChange, ExchangeService } from "./service.ts";

export interface ExchangeRouteDeps {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  shop: ShopContact;
  exchanges: ExchangeService;
  /** Where the shop is told of a new request, and the admin's address for its link. */
  alert: { to: string; publicUrl: string };
}

const photoParamsSchema = exchangeIdParamsSchema.extend({
  photoId: z.uuid({ error: "No photo has that id." }),
});

export function registerExchangeRoutes(app: FastifyInstance, deps: ExchangeRouteDeps): void {
  const { auth, exchanges } = deps;
  const sending = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.all(sending);
  });

  /** Stock that moved reaches every instance's caches; the customer (and for a new request, the shop) is mailed. */
  async function announce(change: ExchangeChange, news: ExchangeNews, log: FastifyInstance["log"]) {
    if (change.productIds.length > 0) app.catalogChanges.publish({ productIds: change.productIds });
    const exchange = await exchanges.get(change.exchangeId);
    if (!exchange) return undefined;
    const mails = [exchangeMail(news, exchange, deps.shop)];
    if (news === "requested") mails.push(exchangeAlertMail(exchange, deps.alert.to, deps.alert.publicUrl));
    for (const mail of mails) {
      const send = deps.mailer
        .send(mail)
        .catch((error: unknown) => log.error({ err: error }, "exchange e-mail failed"))
        .finally(() => sending.delete(send));
      sending.add(send);
    }
    return exchange;
  }

  app.get("/api/exchange-policy", { config: { publicData: true } }, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return exchanges.settings();
  });

  app.post("/api/orders/:id/exchanges", async (request, reply) => {
    const user = await auth.user(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    const input = parseOr400(exchangeRequestInputSchema, request.body);
    const change = await exchanges.request(user.id, id, input);
    await announce(change, "requested", request.log);
    return reply.code(201).send({ message: EXCHANGE_MESSAGES.requested, order: await loadOrder(deps.db, id) });
  });

  // A photo is its own request (the raw picture as the body), before the request that uses it.
  app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser(
      [...EXCHANGE_PHOTO_TYPES],
      { parseAs: "buffer", bodyLimit: EXCHANGE_PHOTO_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    upload.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new HttpError(413, EXCHANGE_MESSAGES.photoTooBig);
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new HttpError(415, EXCHANGE_MESSAGES.photoType);
      throw error;
    });
    upload.post("/api/exchange-photos", { bodyLimit: EXCHANGE_PHOTO_MAX_BYTES }, async (request, reply) => {
      const user = await auth.user(request);
      const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (!(EXCHANGE_PHOTO_TYPES as readonly string[]).includes(type)) {
        throw new HttpError(415, EXCHANGE_MESSAGES.photoType);
      }
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, "The upload is empty: send the photo's bytes.");
      const photo = await exchanges.addPhoto(user.id, { type: type as AdminImageType, data: request.body });
      return reply.code(201).send(photo);
    });
  });

  app.register(async (scope) => {
    scope.addHook("onRequest", async (request) => {
      await auth.admin(request);
    });

    scope.get("/api/admin/exchanges", async (request) => {
      const { view, page } = parseOr400(adminExchangesQuerySchema, request.query);
      return exchanges.list(view, page);
    });

    scope.get("/api/admin/exchanges/:id", async (request) => {
      const { id } = parseOr400(exchangeIdParamsSchema, request.params);
      const exchange = await exchanges.get(id);
      if (!exchange) throw notFound(EXCHANGE_MESSAGES.notFound);
      return exchange;
    });

    scope.get("/api/admin/exchanges/:id/photos/:photoId", async (request, reply) => {
      const { id, photoId } = parseOr400(photoParamsSchema, request.params);
      const file = await exchanges.photoFile(id, photoId);
      if (!file) throw notFound("No photo has that id.");
      // A customer's photo: private like every answer under /api (no-store, server/plugins/private-answers.ts).
      return reply.type("image/webp").send(createReadStream(file));
    });

    scope.post("/api/admin/exchanges/:id/approve", async (request) => {
      const admin = await auth.admin(request);
      const { id } = parseOr400(exchangeIdParamsSchema, request.params);
      const input = parseOr400(exchangeApproveInputSchema, request.body);
      app.orderSignals.publish();
      return announce(await exchanges.approve(admin.id, id, input), "approved", request.log);
    });

    scope.post("/api/admin/exchanges/:id/refuse", async (request) => {
      const admin = await auth.admin(request);
      const { id } = parseOr400(exchangeIdParamsSchema, request.params);
      const { message } = parseOr400(exchangeRefuseInputSchema, request.body);
      return announce(await exchanges.refuse(admin.id, id, message), "refused", request.log);
    });

    scope.post("/api/admin/exchanges/:id/received", async (request) => {
      const admin = await auth.admin(request);
      const { id } = parseOr400(exchangeIdParamsSchema, request.params);
      const { restock } = parseOr400(exchangeReceivedInputSchema, request.body);
      const change = await exchanges.received(admin.id, id, restock);
      if (change.productIds.length > 0) app.catalogChanges.publish({ productIds: change.productIds });
      return exchanges.get(id);
    });

    scope.get("/api/admin/exchange-settings", async () => exchanges.settings());
    scope.put("/api/admin/exchange-settings", async (request) =>
      exchanges.saveSettings(parseOr400(exchangeSettingsSchema, request.body)),
    );
  });
}

/** The expiry sweep's announcements: the same as the owner's refusal, worded as expired. */
export function exchangeExpiryAnnouncer(app: FastifyInstance, deps: ExchangeRouteDeps) {
  return async (changes: ExchangeChange[]) => {
    const productIds = [...new Set(changes.flatMap((c) => c.productIds))];
    if (productIds.length > 0) app.catalogChanges.publish({ productIds });
    for (const change of changes) {
      const exchange = await deps.exchanges.get(change.exchangeId);
      if (exchange) await deps.mailer.send(exchangeMail("expired", exchange, deps.shop));
    }
  };
}
