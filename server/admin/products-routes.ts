// /api/admin/products: the catalogue, its stock and its pictures. Every write publishes the
// change after it commits, so catalogue caches drop what they kept.
import type { FastifyError, FastifyInstance } from "fastify";
import {
  ADMIN_IMAGE_MAX_BYTES,
  ADMIN_IMAGE_TYPES,
  ADMIN_MESSAGES,
  type AdminImageType,
  type AdminProduct,
  adminIdParamsSchema,
  adminProductsQuerySchema,
  imageOrderInputSchema,
  imageParamsSchema,
  imageUploadQuerySchema,
  productInputSchema,
} from "#shared/admin.ts";
import type { ProductTagCount } from "#shared/product-tags.ts";
import { HttpError, notFound, parseOr400 } from "../http/errors.ts";
import type { AdminDeps } from "./deps.ts";
import { createAdminImageService } from "./product-images.ts";
import { createAdminProductService, productTagCounts } from "./products.ts";

export async function registerAdminProductRoutes(scope: FastifyInstance, deps: AdminDeps): Promise<void> {
  const products = createAdminProductService(deps.db);
  const images = createAdminImageService(deps.db, { images: deps.images });

  const changed = (product: AdminProduct): AdminProduct => {
    scope.catalogChanges.publish({ productIds: [product._id] });
    return product;
  };
  const current = async (id: string): Promise<AdminProduct> => {
    const product = await products.get(id);
    if (!product) throw notFound(ADMIN_MESSAGES.productNotFound);
    return product;
  };

  scope.get("/api/admin/products", async (request) =>
    products.list(parseOr400(adminProductsQuerySchema, request.query)),
  );

  // The tags in use, for the sale form's choice of a tag and the product form's suggestions.
  scope.get(
    "/api/admin/product-tags",
    async (): Promise<{ tags: ProductTagCount[] }> => ({
      tags: await productTagCounts(deps.db),
    }),
  );

  scope.get("/api/admin/products/:id", async (request) => current(parseOr400(adminIdParamsSchema, request.params).id));

  scope.post("/api/admin/products", async (request, reply) => {
    const input = parseOr400(productInputSchema, request.body);
    return reply.code(201).send(changed(await products.create(input)));
  });

  scope.put("/api/admin/products/:id", async (request) => {
    const { id } = parseOr400(adminIdParamsSchema, request.params);
    const input = parseOr400(productInputSchema, request.body);
    return changed(await products.update(id, input));
  });

  scope.delete("/api/admin/products/:id", async (request) => {
    const { id } = parseOr400(adminIdParamsSchema, request.params);
    return changed(await products.archive(id));
  });

  scope.post("/api/admin/products/:id/restore", async (request) => {
    const { id } = parseOr400(adminIdParamsSchema, request.params);
    return changed(await products.restore(id));
  });

  scope.put("/api/admin/products/:id/images/order", async (request) => {
    const { id } = parseOr400(adminIdParamsSchema, request.params);
    const { imageIds } = parseOr400(imageOrderInputSchema, request.body);
    await images.reorder(id, imageIds);
    return changed(await current(id));
  });

  scope.delete("/api/admin/products/:id/images/:imageId", async (request) => {
    const { id, imageId } = parseOr400(imageParamsSchema, request.params);
    await images.remove(id, imageId);
    return changed(await current(id));
  });

  // Uploads get their own scope: only here is a body not JSON, and only here may it reach 10 MB.
  await scope.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser(
      [...ADMIN_IMAGE_TYPES],
      { parseAs: "buffer", bodyLimit: ADMIN_IMAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Fastify's own refusals, worded for this route; everything else goes to the app's handler.
    upload.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new HttpError(413, ADMIN_MESSAGES.imageTooBig);
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new HttpError(415, ADMIN_MESSAGES.imageType);
      throw error;
    });

    upload.post("/api/admin/products/:id/images", { bodyLimit: ADMIN_IMAGE_MAX_BYTES }, async (request) => {
      const { id } = parseOr400(adminIdParamsSchema, request.params);
      const { alt } = parseOr400(imageUploadQuerySchema, request.query);
      const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (!(ADMIN_IMAGE_TYPES as readonly string[]).includes(type)) throw new HttpError(415, ADMIN_MESSAGES.imageType);
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, ADMIN_MESSAGES.imageEmpty);
      await images.add(id, { type: type as AdminImageType, data: request.body, alt });
      return changed(await current(id));
    });
  });
}
