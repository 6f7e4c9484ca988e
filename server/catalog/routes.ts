// The product half of SPEC.md section 7, under /api, and the image files.
import type { FastifyInstance } from "fastify";
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  SITE_IMAGE_WIDTHS,
  SITE_IMAGES,
  type SiteImageName,
} from "#shared/catalog.ts";
import { categoryQuerySchema, productIdSchema, searchQuerySchema, sizeQuerySchema } from "#shared/catalog-schemas.ts";
import { notFound, parseOr400 } from "../http/errors.ts";
import { CONTENT_TYPES, type ImageStore, openVariant } from "./images.ts";
import type { CatalogService } from "./service.ts";

export const NO_PRODUCT_FOUND = "No product found.";
const IMMUTABLE = "public, max-age=31536000, immutable";

export function registerCatalogRoutes(
  app: FastifyInstance,
  deps: { catalog: CatalogService; images: ImageStore },
): void {
  const { catalog, images } = deps;

  app.get("/api/products/search", async (request) => {
    const { query } = parseOr400(searchQuerySchema, request.query);
    return catalog.search(query);
  });

  app.get("/api/products/size", async (request) => {
    const { size, page } = parseOr400(sizeQuerySchema, request.query);
    return catalog.listBySize(size, page);
  });

  app.get("/api/products", async (request) => {
    const { category, page } = parseOr400(categoryQuerySchema, request.query);
    return catalog.listCategory(category, page);
  });

  app.get<{ Params: { productId: string } }>("/api/products/:productId", async (request) => {
    const id = parseOr400(productIdSchema, request.params.productId);
    const product = await catalog.getProduct(id);
    if (!product) throw notFound(NO_PRODUCT_FOUND);
    return product;
  });

  app.get<{ Params: { imageId: string; file: string } }>("/images/:imageId/:file", async (request, reply) => {
    const variant = parseVariant(request.params.file, IMAGE_WIDTHS);
    const id = productIdSchema.safeParse(request.params.imageId);
    if (!variant || !id.success) throw notFound("No such image.");
    const file = await images.productVariant(id.data, variant.width, variant.format);
    if (!file) throw notFound("No such image.");
    return reply.header("cache-control", IMMUTABLE).type(CONTENT_TYPES[variant.format]).send(openVariant(file));
  });

  app.get<{ Params: { name: string; file: string } }>("/images/site/:name/:file", async (request, reply) => {
    const { name } = request.params;
    const variant = parseVariant(request.params.file, SITE_IMAGE_WIDTHS);
    if (!variant || !Object.hasOwn(SITE_IMAGES, name)) throw notFound("No such image.");
    const file = await images.siteVariant(name as SiteImageName, variant.width, variant.format);
    return reply.header("cache-control", IMMUTABLE).type(CONTENT_TYPES[variant.format]).send(openVariant(file));
  });
}

function parseVariant(file: string, widths: readonly number[]): { width: number; format: ImageFormat } | undefined {
  const match = /^(\d{3,4})\.(avif|webp)$/.exec(file);
  if (!match) return undefined;
  const width = Number(match[1]);
  const format = match[2] as ImageFormat;
  if (!widths.includes(width) || !IMAGE_FORMATS.includes(format)) return undefined;
  return { width, format };
}
