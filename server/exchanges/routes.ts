// The exchange calls (issue 33): the policy's numbers for everyone, a customer's photo and request,
// and the owner's queue with its answers and rules. After every change the catalogue's caches hear
// of stock that moved, and the sender of the mails the change queued (server/exchanges/service.ts) is woken.
import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import { orderIdParamsSchema } from "#shared/admin.ts";
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
import type { Auth } from "../accounts/auth.ts";
import type { Db } from "../db/client.ts";
import { HttpError, notFound, parseOr400 } from "../http/errors.ts";
import { photoTypeOf, registerPhotoUploads } from "../http/photo-upload.ts";
import type { MailWaker } from "../mail/queue.ts";
import { loadOrder } from "../orders/service.ts";
import type { PhotoWorker } from "./photo-worker.ts";
import type { ExchangePhotoService } from "./photos.ts";
import type { ExchangeChange, ExchangeService } from "./service.ts";

export interface ExchangeRouteDeps {
  db: Db;
  auth: Auth;
  /** Sends the mails an exchange's change queued (the service queues them in its transaction). */
  outbox: MailWaker;
  exchanges: ExchangeService;
  photos: ExchangePhotoService;
  /** Decodes the photos kept by uploads, outside their requests. */
  photoWorker: PhotoWorker;
  /** How long a photo's body may take to arrive (server/exchanges/upload-budget.ts). */
  photoUploadMs: number;
}

const photoParamsSchema = exchangeIdParamsSchema.extend({
  photoId: z.uuid({ error: "No photo has that id." }),
});

export function registerExchangeRoutes(app: FastifyInstance, deps: ExchangeRouteDeps): void {
  const { auth, exchanges, photos } = deps;
  /** Stock that moved reaches every instance's caches; the mails the change queued leave now. */
  function announce(change: ExchangeChange): void {
    if (change.productIds.length > 0) app.catalogChanges.publish({ productIds: change.productIds });
    deps.outbox.wake();
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
    announce(change);
    return reply.code(201).send({ message: EXCHANGE_MESSAGES.requested, order: await loadOrder(deps.db, id) });
  });

  // A photo is its own request (the raw picture as the body), before the request that uses it, and
  // names the order whose pair it shows (issue 45: only an order inside its exchange window takes photos).
  // Its body may arrive slowly, over a phone's link: the upload scope (server/http/photo-upload.ts)
  // waits only for a signed-in customer.
  registerPhotoUploads(
    app,
    {
      types: EXCHANGE_PHOTO_TYPES,
      maxBytes: EXCHANGE_PHOTO_MAX_BYTES,
      budgetMs: deps.photoUploadMs,
      messages: { tooBig: EXCHANGE_MESSAGES.photoTooBig, type: EXCHANGE_MESSAGES.photoType },
      signedIn: (request) => auth.user(request),
    },
    (upload, photoRoute) => {
      upload.post("/api/orders/:id/exchange-photos", photoRoute, async (request, reply) => {
        const user = await auth.user(request);
        const { id } = parseOr400(orderIdParamsSchema, request.params);
        const type = photoTypeOf(request, EXCHANGE_PHOTO_TYPES, EXCHANGE_MESSAGES.photoType);
        if (!Buffer.isBuffer(request.body)) throw new HttpError(400, "The upload is empty: send the photo's bytes.");
        const photoId = await photos.add(user.id, id, { type, data: request.body });
        deps.photoWorker.wake();
        // Accepted: kept as sent, decoded shortly by the photo worker; the request may name it at once.
        return reply.code(202).send({ _id: photoId });
      });
    },
  );

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
      const file = await photos.file(id, photoId);
      if (!file) throw notFound("No photo has that id.");
      // A customer's photo: private like every answer under /api (no-store, server/plugins/private-answers.ts).
      return reply.type("image/webp").send(createReadStream(file));
    });

    scope.post("/api/admin/exchanges/:id/approve", async (request) => {
      const admin = await auth.admin(request);
      const { id } = parseOr400(exchangeIdParamsSchema, request.params);
      const input = parseOr400(exchangeApproveInputSchema, request.body);
      app.orderSignals.publish();
      announce(await exchanges.approve(admin.id, id, input));
      return exchanges.get(id);
    });

    scope.post("/api/admin/exchanges/:id/refuse", async (request) => {
      const admin = await auth.admin(request);
      const { id } = parseOr400(exchangeIdParamsSchema, request.params);
      const { message } = parseOr400(exchangeRefuseInputSchema, request.body);
      announce(await exchanges.refuse(admin.id, id, message));
      return exchanges.get(id);
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

/**
 * After an expiry sweep: the pairs it released reach the caches, and the lapse notices it queued (one
 * per request, in the sweep's transaction) leave; a refused one is tried again by the outbox.
 */
export function exchangeExpiryAnnouncer(app: FastifyInstance, deps: Pick<ExchangeRouteDeps, "outbox">) {
  return (changes: ExchangeChange[]): void => {
    const productIds = [...new Set(changes.flatMap((c) => c.productIds))];
    if (productIds.length > 0) app.catalogChanges.publish({ productIds });
    deps.outbox.wake();
  };
}
