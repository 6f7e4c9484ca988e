// The advance's calls (issue 50): the customer's view of where to pay and their receipt (a photo as
// the body, over a phone's slow link like an exchange photo, or the fields alone as JSON), and the
// owner's view, one-press verify, "not received", and the receipt's private photo. The service is
// server/payments/receipts.ts; after a change the order signals, the catalogue and the mail sender hear.
import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import { orderIdParamsSchema } from "#shared/admin.ts";
import {
  RECEIPT_MESSAGES,
  receiptInputSchema,
  receiptPhotoParamsSchema,
  receiptPhotoQuerySchema,
  receiptRejectInputSchema,
} from "#shared/advance-receipts.ts";
import { EXCHANGE_MESSAGES, EXCHANGE_PHOTO_MAX_BYTES, EXCHANGE_PHOTO_TYPES } from "#shared/exchanges.ts";
import type { Auth } from "../accounts/auth.ts";
import { conflict, notFound, parseOr400 } from "../http/errors.ts";
import { photoTypeOf, registerPhotoUploads } from "../http/photo-upload.ts";
import type { MailWaker } from "../mail/queue.ts";
import { ADVANCE_PAID_MESSAGES } from "./advance-paid.ts";
import type { ReceiptService } from "./receipts.ts";

export interface ReceiptRouteDeps {
  auth: Auth;
  receipts: ReceiptService;
  outbox: MailWaker;
  /** How long a photo's body may take to arrive (server/upload-budget.ts). */
  photoUploadMs: number;
}

export function registerReceiptRoutes(app: FastifyInstance, deps: ReceiptRouteDeps): void {
  const { auth, receipts } = deps;

  app.get("/api/orders/:id/advance", async (request) => {
    const user = await auth.user(request);
    const { id } = parseOr400(orderIdParamsSchema, request.params);
    return receipts.customerView(user.id, id);
  });

  registerPhotoUploads(
    app,
    {
      types: EXCHANGE_PHOTO_TYPES,
      maxBytes: EXCHANGE_PHOTO_MAX_BYTES,
      budgetMs: deps.photoUploadMs,
      messages: { tooBig: EXCHANGE_MESSAGES.photoTooBig, type: EXCHANGE_MESSAGES.photoType },
      signedIn: (request) => auth.user(request),
      json: true,
    },
    (upload, photoRoute) => {
      upload.post("/api/orders/:id/advance-receipts", photoRoute, async (request, reply) => {
        const user = await auth.user(request);
        const { id } = parseOr400(orderIdParamsSchema, request.params);
        if (Buffer.isBuffer(request.body)) {
          const type = photoTypeOf(request, EXCHANGE_PHOTO_TYPES, EXCHANGE_MESSAGES.photoType);
          const query = parseOr400(receiptPhotoQuerySchema, request.query);
          await receipts.send(
            user.id,
            id,
            { method: query.method, transactionId: query.transactionId ?? null },
            { type, data: request.body },
          );
        } else {
          const input = parseOr400(receiptInputSchema, request.body);
          await receipts.send(user.id, id, { method: input.method, transactionId: input.transactionId });
        }
        app.orderSignals.publish();
        return reply.code(201).send({ message: RECEIPT_MESSAGES.sent, ...(await receipts.customerView(user.id, id)) });
      });
    },
  );

  app.register(async (scope) => {
    scope.addHook("onRequest", async (request) => {
      await auth.admin(request);
    });

    scope.get("/api/admin/orders/:id/advance", async (request) => {
      const { id } = parseOr400(orderIdParamsSchema, request.params);
      return receipts.ownerView(id);
    });

    scope.post("/api/admin/orders/:id/advance/verify", async (request) => {
      const admin = await auth.admin(request);
      const { id } = parseOr400(orderIdParamsSchema, request.params);
      const outcome = await receipts.verify(admin.id, id);
      // A second press (or two tabs): said, and nothing moved.
      if (outcome === "alreadyPaid") throw conflict(ADVANCE_PAID_MESSAGES.alreadyPaid);
      app.orderSignals.publish();
      deps.outbox.wake();
      return receipts.ownerView(id);
    });

    scope.post("/api/admin/orders/:id/advance/reject", async (request) => {
      const admin = await auth.admin(request);
      const { id } = parseOr400(orderIdParamsSchema, request.params);
      const { reason } = parseOr400(receiptRejectInputSchema, request.body);
      await receipts.reject(admin.id, id, reason);
      app.orderSignals.publish();
      deps.outbox.wake();
      return receipts.ownerView(id);
    });

    scope.get("/api/admin/orders/:id/advance-receipts/:receiptId/photo", async (request, reply) => {
      const { id, receiptId } = parseOr400(receiptPhotoParamsSchema, request.params);
      const file = await receipts.photoFile(id, receiptId);
      if (!file) throw notFound(RECEIPT_MESSAGES.photoNotFound);
      // A customer's receipt: private like every answer under /api (no-store, server/plugins/private-answers.ts).
      return reply.type("image/webp").send(createReadStream(file));
    });
  });
}
