// The review calls (issue 53): the buyer's form from the signed link (read, send, its photos), the
// published photos for everyone, and the owner's moderation. What changes a product page publishes a
// catalogue change, so every instance's caches and kept pages drop that product at once.
import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import { EXCHANGE_PHOTO_MAX_BYTES, EXCHANGE_PHOTO_TYPES } from "#shared/exchanges.ts";
import {
  REVIEW_MESSAGES,
  REVIEW_STATUSES,
  reviewAnswerSchema,
  reviewDecisionSchema,
  reviewInputSchema,
} from "#shared/reviews.ts";
import { z } from "#shared/zod.ts";
import type { Auth } from "../accounts/auth.ts";
import { HttpError, notFound, parseOr400 } from "../http/errors.ts";
import { photoTypeOf, registerPhotoUploads } from "../http/photo-upload.ts";
import type { ReviewModeration } from "./moderation.ts";
import type { ReviewPhotoService } from "./photos.ts";
import type { ReviewService } from "./service.ts";

export interface ReviewRouteDeps {
  auth: Auth;
  reviews: ReviewService;
  photos: ReviewPhotoService;
  moderation: ReviewModeration;
  /** Decodes the photos kept by uploads, outside their requests. */
  photoWorker: { wake(): void };
  photoUploadMs: number;
}

const tokenQuerySchema = z.object({
  token: z.string({ error: REVIEW_MESSAGES.badLink }).min(1, { error: REVIEW_MESSAGES.badLink }).max(200),
});
const idSchema = z.uuid({ error: REVIEW_MESSAGES.reviewNotFound });
const reviewParamsSchema = z.object({ id: idSchema });
const photoParamsSchema = z.object({ photoId: z.uuid({ error: "No photo has that id." }) });
const photoQuerySchema = z.strictObject(
  { size: z.enum(["thumb"], { error: "The size can only be thumb." }).optional() },
  { error: "Only ?size=thumb is understood." },
);
const productParamsSchema = z.object({ productId: z.uuid({ error: "No product has that id." }) });
const adminListQuerySchema = z.object({
  status: z
    .enum(REVIEW_STATUSES, { error: `Status must be one of: ${REVIEW_STATUSES.join(", ")}.` })
    .default("pending"),
  page: z.coerce.number().int().min(1, { error: "The page must be 1 or more." }).max(1000).default(1),
});

export function registerReviewRoutes(app: FastifyInstance, deps: ReviewRouteDeps): void {
  const { auth, reviews, photos, moderation } = deps;
  const published = (productIds: string[]) => {
    if (productIds.length > 0) app.catalogChanges.publish({ productIds });
  };

  app.get("/api/reviews/form", async (request) => {
    const { token } = parseOr400(tokenQuerySchema, request.query);
    return reviews.form(token);
  });

  app.post("/api/reviews", async (request, reply) => {
    const input = parseOr400(reviewInputSchema, request.body);
    const { productIds, ...sent } = await reviews.submit(input);
    published(productIds);
    return reply.code(201).send(sent);
  });

  // A photo is its own request (the raw picture as the body), right after the review it belongs to.
  // Its body may be slow to arrive over a phone's link: the link's token is checked from the address
  // before a byte of it is read, as an exchange photo's session is.
  registerPhotoUploads(
    app,
    {
      types: EXCHANGE_PHOTO_TYPES,
      maxBytes: EXCHANGE_PHOTO_MAX_BYTES,
      budgetMs: deps.photoUploadMs,
      messages: {
        tooBig: "The photo is too big: send one of at most 10 MB.",
        type: "Send a JPEG, PNG or WebP photo.",
      },
      signedIn: async (request) => reviews.orderOf(parseOr400(tokenQuerySchema, request.query).token),
    },
    (upload, photoRoute) => {
      upload.post("/api/reviews/:id/photos", photoRoute, async (request, reply) => {
        const { id } = parseOr400(reviewParamsSchema, request.params);
        const orderId = await reviews.orderOf(parseOr400(tokenQuerySchema, request.query).token);
        const type = photoTypeOf(request, EXCHANGE_PHOTO_TYPES, "Send a JPEG, PNG or WebP photo.");
        if (!Buffer.isBuffer(request.body)) throw new HttpError(400, "The upload is empty: send the photo's bytes.");
        const photoId = await photos.add(orderId, id, { type, data: request.body });
        deps.photoWorker.wake();
        return reply.code(202).send({ _id: photoId });
      });
    },
  );

  // A published review's photo: the same for everyone, and never changes under its id.
  app.get("/api/reviews/photos/:photoId", { config: { publicData: true } }, async (request, reply) => {
    const { photoId } = parseOr400(photoParamsSchema, request.params);
    const { size } = parseOr400(photoQuerySchema, request.query);
    const file = await photos.file(photoId, { owner: false, thumb: size === "thumb" });
    // Not kept anywhere: a photo still waiting for the owner answers this until it is published.
    if (!file) return reply.code(404).header("cache-control", "no-store").send({ message: "No photo has that id." });
    reply.header("cache-control", "public, max-age=86400");
    return reply.type("image/webp").send(createReadStream(file));
  });

  app.register(async (scope) => {
    scope.addHook("onRequest", async (request) => {
      await auth.admin(request);
    });

    scope.get("/api/admin/reviews", async (request) => {
      const { status, page } = parseOr400(adminListQuerySchema, request.query);
      return moderation.list(status, page);
    });

    scope.post("/api/admin/reviews/:id/decision", async (request) => {
      const { id } = parseOr400(reviewParamsSchema, request.params);
      const decision = parseOr400(reviewDecisionSchema, request.body);
      published(await moderation.decide(id, decision));
      return moderation.get(id);
    });

    scope.put("/api/admin/reviews/:id/answer", async (request) => {
      const { id } = parseOr400(reviewParamsSchema, request.params);
      const { answer } = parseOr400(reviewAnswerSchema, request.body);
      published(await moderation.answer(id, answer));
      return moderation.get(id);
    });

    // Any review's photo, waiting ones included: private like every answer under /api.
    scope.get("/api/admin/reviews/photos/:photoId", async (request, reply) => {
      const { photoId } = parseOr400(photoParamsSchema, request.params);
      const file = await photos.file(photoId, { owner: true });
      if (!file) throw notFound("No photo has that id.");
      return reply.type("image/webp").send(createReadStream(file));
    });

    scope.get("/api/admin/review-fit-hints", async () => moderation.fitHints());
    scope.post("/api/admin/review-fit-hints/:productId/take", async (request) => {
      const { productId } = parseOr400(productParamsSchema, request.params);
      published(await moderation.takeBuyersFit(productId));
      return moderation.fitHints();
    });
  });
}
