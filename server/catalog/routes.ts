// The product half of docs/product.md section 7, under /api, and the image files.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  SITE_IMAGE_WIDTHS,
  SITE_IMAGES,
  type SiteImageName,
} from "#shared/catalog.ts";
import {
  categoryQuerySchema,
  instantQuerySchema,
  productIdSchema,
  searchQuerySchema,
  sizeQuerySchema,
} from "#shared/catalog-schemas.ts";
import type { CategorySlug } from "#shared/categories.ts";
import { type ListQuery, listParams } from "#shared/listing.ts";
import { listQuerySchema } from "#shared/listing-schemas.ts";
import { sendJson } from "../http/compression.ts";
import { notFound, parseOr400 } from "../http/errors.ts";
import type { CatalogChanges } from "./changes.ts";
import { CONTENT_TYPES, type ImageStore, openVariant, type ServedPicture } from "./images.ts";
import { createParsedAddresses } from "./parsed-addresses.ts";
import { type CachedAnswer, createReadCache } from "./read-cache.ts";
import type { CatalogService } from "./service.ts";

export const NO_PRODUCT_FOUND = "No product found.";
/** Addresses of each list whose reading is kept (a few hundred are asked in a busy hour). */
const PARSED_ADDRESSES = 1_000;

/** A list's address as read: the read cache's key for it, and what the list is of. */
interface ParsedList {
  key: string;
  query: ListQuery;
}
const IMMUTABLE = "public, max-age=31536000, immutable";
// The same for every visitor: these answers keep their own caching (server/plugins/private-answers.ts).
const PUBLIC = { config: { publicData: true } };

export function registerCatalogRoutes(
  app: FastifyInstance,
  deps: { catalog: CatalogService; images: ImageStore; changes: CatalogChanges },
): void {
  const { catalog, images } = deps;

  const cache = createReadCache(deps.changes);
  const sizeAddresses = createParsedAddresses<ParsedList>(PARSED_ADDRESSES);
  const categoryAddresses = createParsedAddresses<ParsedList & { category: CategorySlug }>(PARSED_ADDRESSES);
  const list = (value: unknown) => ({ value, productIds: "list" as const });

  // Search is not cached: queries are a long tail of free text (few repeats, and a cache anyone can
  // fill), and its speed is the search's own (server/catalog/search.ts).
  app.get("/api/products/search", PUBLIC, async (request) => {
    const { query } = parseOr400(searchQuerySchema, request.query);
    return catalog.search(query, parseOr400(listQuerySchema, request.query));
  });

  // The search page's answer: one page of results with the filters read from the text and the
  // words dropped (shared/search.ts).
  app.get("/api/search", PUBLIC, async (request) => {
    const { query } = parseOr400(searchQuerySchema, request.query);
    return catalog.searchPage(query, parseOr400(listQuerySchema, request.query));
  });

  // What the search box shows as the shopper types; not cached for the same reason as search.
  app.get("/api/search/instant", PUBLIC, async (request) => {
    const { query } = parseOr400(instantQuerySchema, request.query);
    return catalog.instant(query);
  });

  // Both lists take the filters, sort and page of every list (shared/listing.ts) beside their own
  // parameter; the cache key is the canonical form of all of them. An address read once is not
  // read again (parsed-addresses.ts).
  app.get("/api/products/size", PUBLIC, async (request, reply) => {
    const { key, query } = sizeAddresses.read(request.url, () => {
      const { size, gender } = parseOr400(sizeQuerySchema, request.query);
      const query = { ...parseOr400(listQuerySchema, request.query), sizes: [size], gender: gender ?? null };
      return { key: `size:${listParams(query)}`, query };
    });
    const answer = await cache.answer(key, async () => list((await catalog.list("catalogue", query)).products));
    return sendCached(request, reply, answer);
  });

  app.get("/api/products", PUBLIC, async (request, reply) => {
    const { key, category, query } = categoryAddresses.read(request.url, () => {
      const { category } = parseOr400(categoryQuerySchema, request.query);
      const query = parseOr400(listQuerySchema, request.query);
      return { key: `category:${category}:${listParams(query)}`, category, query };
    });
    const answer = await cache.answer(key, async () => list(await catalog.list({ category }, query)));
    return sendCached(request, reply, answer);
  });

  // The colour palette (the list filter's swatches, the admin's colour picker).
  app.get("/api/colours", PUBLIC, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return catalog.colours();
  });

  app.get<{ Params: { productId: string } }>("/api/products/:productId", PUBLIC, async (request, reply) => {
    const id = parseOr400(productIdSchema, request.params.productId);
    const answer = await cache.answer(`product:${id}`, async () => {
      const product = await catalog.getProduct(id);
      if (!product) throw notFound(NO_PRODUCT_FOUND);
      // `{ product }`, as the original system's backend answers and its client reads.
      return { value: { product }, productIds: [id] };
    });
    return sendCached(request, reply, answer);
  });

  app.get<{ Params: { imageId: string; file: string } }>("/images/:imageId/:file", async (request, reply) => {
    const variant = parseVariant(request.params.file, IMAGE_WIDTHS);
    const id = productIdSchema.safeParse(request.params.imageId);
    if (!variant || !id.success) throw notFound("No such image.");
    const picture = await images.productVariant(id.data, variant.width, variant.format);
    if (!picture) throw notFound("No such image.");
    return sendPicture(reply, picture, variant.format);
  });

  app.get<{ Params: { name: string; file: string } }>("/images/site/:name/:file", async (request, reply) => {
    const { name } = request.params;
    const variant = parseVariant(request.params.file, SITE_IMAGE_WIDTHS);
    if (!variant || !Object.hasOwn(SITE_IMAGES, name)) throw notFound("No such image.");
    return sendPicture(
      reply,
      await images.siteVariant(name as SiteImageName, variant.width, variant.format),
      variant.format,
    );
  });
}

/**
 * A rendered variant is kept by browsers for good (its id never changes its pixels); a source sent
 * while the variant is not rendered yet must be asked for again, so the variant replaces it.
 */
function sendPicture(reply: FastifyReply, picture: ServedPicture, format: ImageFormat) {
  if ("file" in picture) {
    return reply.header("cache-control", IMMUTABLE).type(CONTENT_TYPES[format]).send(openVariant(picture.file));
  }
  return reply.header("cache-control", "no-cache").type(picture.contentType).send(picture.source);
}

/**
 * A catalogue answer from the cache: 304 when the client holds these bytes already. Browsers and
 * proxies may keep it but must ask again each time (stock changes with every order).
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header("etag", answer.etag).header("cache-control", "public, max-age=0, must-revalidate");
  if (request.headers["if-none-match"] === answer.etag) return reply.code(304).send();
  return sendJson(request, reply, answer);
}

function parseVariant(file: string, widths: readonly number[]): { width: number; format: ImageFormat } | undefined {
  const match = /^(\d{3,4})\.(avif|webp)$/.exec(file);
  if (!match) return undefined;
  const width = Number(match[1]);
  const format = match[2] as ImageFormat;
  if (!widths.includes(width) || !IMAGE_FORMATS.includes(format)) return undefined;
  return { width, format };
}
