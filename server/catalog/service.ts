// The catalogue as the API and the page loaders see it. No HTTP here: callers pass parsed input.

import {
  type ImageRef,
  imageVariantUrl,
  type Product,
  type ProductDetail,
  type ProductImage,
  SEARCH_RESULT_LIMIT,
  toImageRef,
  toSummary,
} from "#shared/catalog.ts";
import { CATEGORIES, type CategorySlug, type Gender } from "#shared/categories.ts";
import {
  type Colour,
  DEFAULT_LIST_QUERY,
  type ListFilters,
  type ListPage,
  type ListQuery,
  pagesOf,
} from "#shared/listing.ts";
import { discountPercentage } from "#shared/money.ts";
import type { ReviewSummary } from "#shared/review-words.ts";
import {
  INSTANT_LIMIT,
  INSTANT_MIN_CHARS,
  type InstantResults,
  type NearestPairs,
  nearestSentence,
  relatedSentence,
  type SearchPage,
} from "#shared/search.ts";
import type { Db } from "../db/client.ts";
import { colours as colourTable } from "../db/schema.ts";
import type { CatalogChanges } from "./changes.ts";
import { refuseUnknownColours } from "./colours.ts";
import { expiresAtBoundary } from "./freshness.ts";
import { findListPage } from "./listing.ts";
import { createProductRowsCache } from "./product-rows-cache.ts";
import {
  findAllProductIds,
  findByPositions,
  findCategoryCovers,
  findProductById,
  findProductsByIds,
  findSizesInStockByGender,
  type ProductRow,
} from "./queries.ts";
import { tokenize } from "./query-understanding.ts";
import { FEW_RESULTS, recordMiss } from "./search-misses.ts";
import { type SearchRows, type SearchSource, searchRows } from "./search-page.ts";

/**
 * How long the sizes each gender has in stock are kept when no change is heard of. Any catalogue
 * change (a sale, a restock, an edit) drops them at once on every instance (issue 35: a change shows
 * within a second); this bounds the staleness only when a change message is lost (Redis away), as
 * the read cache's own expiry does.
 */
export const SIZES_IN_STOCK_TTL_MS = 1_000;

/** The width clients that take a single address (docs/product.md `imageUrl`) get. */
const DEFAULT_IMAGE_WIDTH = 640;

export function toImage(image: ImageRef): ProductImage {
  return {
    id: image.id,
    alt: image.alt,
    width: image.width,
    height: image.height,
    src: imageVariantUrl(image.id, DEFAULT_IMAGE_WIDTH, "webp"),
  };
}

export function toProduct(row: ProductRow): Product {
  const images = row.images.map(toImage);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    category: row.category_slug,
    features: row.features,
    imageUrl: images.map((image) => image.src),
    images,
    price: row.price,
    discountPrice: row.discount_price,
    colour: row.colour,
    fitNote: row.fit_note,
    discountPercentage: discountPercentage(row.price, row.discount_price),
    stock: row.sizes.reduce((sum, s) => sum + s.stock, 0),
    sizes: row.sizes,
    reviews: reviewSummaryOf(row),
  };
}

/** A product row's review sums as the product answers them (issue 53): the average to one decimal, 0 with none. */
export function reviewSummaryOf(row: {
  rating_count: number;
  rating_sum: number;
  fit_small: number;
  fit_true: number;
  fit_large: number;
}): ReviewSummary {
  return {
    count: row.rating_count,
    average: row.rating_count === 0 ? 0 : Math.round((row.rating_sum * 10) / row.rating_count) / 10,
    fit: { "runs-small": row.fit_small, "true-to-size": row.fit_true, "runs-large": row.fit_large },
  };
}

export interface CatalogService {
  /** A product and, while a sale that shows it is on, that sale's end. */
  getProduct(id: string): Promise<ProductDetail | undefined>;
  /**
   * One page of a list: a category, or every category of a gender (all of them when the query has
   * no gender), filtered and sorted by the query. An unknown colour is a 400.
   */
  list(scope: ListScope, query: ListQuery): Promise<ListPage<Product> & { hasMore: boolean }>;
  /** The colour palette, in the order the filter lists it. */
  colours(): Promise<Colour[]>;
  /** Products of a category by their position (the home page's curated picks). */
  pickByPositions(slug: CategorySlug, positions: number[]): Promise<Map<number, Product>>;
  /** docs/product.md's search: the first SEARCH_RESULT_LIMIT matches, best first, under the list's filters. */
  search(query: string, list?: ListQuery): Promise<Product[]>;
  /**
   * A page of search results: the text's sizes, prices, colours and gender words read as filters
   * beside the list's, words that match nothing dropped. An unknown colour in the list is a 400.
   */
  searchPage(text: string, list: ListQuery): Promise<SearchPage>;
  /** The first few matches as the shopper types (nothing under INSTANT_MIN_CHARS characters). */
  instant(text: string): Promise<InstantResults>;
  /** The sizes, ascending, that at least one product of the gender has in stock (kept a minute). */
  sizesInStock(gender: Gender): Promise<number[]>;
  /** Ids of every product on sale (the sitemap; at most 50,000, the sitemap limit). */
  allProductIds(): Promise<string[]>;
  /** The first image of each category's first product, by category. */
  categoryCovers(): Promise<Partial<Record<CategorySlug, ImageRef>>>;
}

/** A category's page, or the whole catalogue (narrowed by the query's gender). */
export type ListScope = { category: CategorySlug } | "catalogue";

/** The closest pairs as the shopper reads them: the products, and what was loosened in words. */
function nearestOf(
  asked: ListFilters,
  nearest: SearchRows["nearest"],
  palette: readonly Colour[],
): NearestPairs | null {
  if (!nearest) return null;
  const products = nearest.rows.map(toProduct);
  return { relaxed: nearest.relaxed, products, sentence: nearestSentence(asked, nearest.relaxed, products, palette) };
}

/**
 * The owner's record of a search that found little (/admin/searches). Only the page's first
 * answer counts (the instant results would count every keystroke, a later page the same search
 * again), and a failure to record is logged, never the shopper's problem.
 */
async function recordMissQuietly(db: Db, found: Pick<SearchRows, "total" | "query" | "dropped">): Promise<void> {
  if (found.total > FEW_RESULTS) return;
  try {
    await recordMiss(db, tokenize(found.query).join(" "), found.dropped, found.total);
  } catch (error) {
    console.error("recording a search miss failed", error);
  }
}

function categoriesOf(scope: ListScope, gender: Gender | null): CategorySlug[] {
  if (scope !== "catalogue") return [scope.category];
  return CATEGORIES.filter((c) => gender === null || c.gender === gender).map((c) => c.slug);
}

export interface CatalogServiceOptions {
  now?: () => number;
  /** Where catalogue changes are published: given, search keeps the products it shows until they change. */
  changes?: CatalogChanges;
  /** Where the search's ranking statements go (`Database.searchDb`); `db` when not given. */
  searchDb?: Db;
}

export function createCatalogService(db: Db, options: CatalogServiceOptions = {}): CatalogService {
  const now = options.now ?? Date.now;
  // Without a change feed nothing is kept: searchRows reads every page's products.
  const kept = options.changes && createProductRowsCache(options.changes);
  const productsByIds = kept && ((ids: string[]) => kept.rows(ids, (missing) => findProductsByIds(db, missing)));
  const sourceOf = (palette: readonly Colour[]): SearchSource => ({
    db,
    searchDb: options.searchDb,
    palette,
    productsByIds,
  });
  // One read answers both genders; concurrent callers share the read in flight.
  let sizesByGender: { read: Promise<Record<Gender, number[]>>; expiresAt: number } | undefined;
  options.changes?.subscribe(() => {
    sizesByGender = undefined;
  });
  const readSizesByGender = async (): Promise<Record<Gender, number[]>> => {
    const sizes: Record<Gender, number[]> = { men: [], women: [] };
    for (const row of await findSizesInStockByGender(db)) sizes[row.gender].push(row.size);
    return sizes;
  };

  // The palette is fixed (migration 0004): read once, kept for the life of the process. A Drizzle
  // query is run again each time it is awaited (its `then` executes it): `.then` makes it one
  // promise, run once. Kept as the query itself, every page ran it once or twice.
  let palette: Promise<Colour[]> | undefined;
  const colours = (): Promise<Colour[]> => {
    palette ??= db
      .select({ slug: colourTable.slug, name: colourTable.name, hex: colourTable.hex })
      .from(colourTable)
      .orderBy(colourTable.position)
      .then((rows) => rows);
    palette.catch(() => {
      palette = undefined;
    });
    return palette;
  };

  /** The palette, after checking the list's colours are on it (an unknown one is a 400). */
  const knownColours = async (query: ListQuery): Promise<Colour[]> => {
    const palette = await colours();
    refuseUnknownColours(query.colours, palette);
    return palette;
  };

  const searchPage = async (text: string, list: ListQuery): Promise<SearchPage> => {
    const palette = await knownColours(list);
    const { rows, nearest, related, ...found } = await searchRows(sourceOf(palette), text.trim(), list, {
      withRelated: true,
    });
    if (list.page === 1) await recordMissQuietly(db, found);
    return {
      ...found,
      products: rows.map(toProduct),
      nearest: nearestOf(found.filters, nearest, palette),
      related: related.map((section) => ({
        sentence: relatedSentence(section.by),
        products: section.rows.map(toProduct),
      })),
    };
  };

  return {
    async getProduct(id) {
      const row = await findProductById(db, id);
      return row && { ...toProduct(row), saleEndsAt: row.sale_ends_at?.toISOString() ?? null };
    },
    async list(scope, query) {
      await knownColours(query);
      const { rows, total } = await findListPage(db, categoriesOf(scope, query.gender), query);
      const pages = pagesOf(total);
      return { products: rows.map(toProduct), total, page: query.page, pages, hasMore: query.page < pages };
    },
    colours,
    async pickByPositions(slug, positions) {
      const rows = await findByPositions(db, slug, positions);
      return new Map(rows.map((row) => [row.position, toProduct(row)]));
    },
    async search(query, list = DEFAULT_LIST_QUERY) {
      const palette = await knownColours(list);
      // The API's answer is the products alone: the closest pairs are the page's to show.
      const found = await searchRows(
        sourceOf(palette),
        query,
        { ...list, page: 1 },
        {
          pageSize: SEARCH_RESULT_LIMIT,
          withNearest: false,
        },
      );
      return found.rows.map(toProduct);
    },
    searchPage,
    async instant(text) {
      const query = text.trim();
      const quiet = { notSold: [], unmatched: false, instead: null, nearest: null };
      if (query.length < INSTANT_MIN_CHARS) return { query, products: [], total: 0, ...quiet };
      const palette = await colours();
      const found = await searchRows(sourceOf(palette), query, DEFAULT_LIST_QUERY, {
        pageSize: INSTANT_LIMIT,
        typing: true,
      });
      const { notSold, unmatched, instead } = found;
      const products = found.rows.map((row) => toSummary(toProduct(row)));
      const near = nearestOf(found.filters, found.nearest, palette);
      const nearest = near && { sentence: near.sentence };
      return { query, products, total: found.total, notSold, unmatched, instead, nearest };
    },
    async sizesInStock(gender) {
      if (!sizesByGender || sizesByGender.expiresAt <= now()) {
        const read = readSizesByGender();
        const entry = { read, expiresAt: expiresAtBoundary(now(), SIZES_IN_STOCK_TTL_MS) };
        sizesByGender = entry;
        // A failed read is not kept: the next caller asks again.
        read.catch(() => {
          if (sizesByGender === entry) sizesByGender = undefined;
        });
      }
      return [...(await sizesByGender.read)[gender]];
    },
    async allProductIds() {
      return (await findAllProductIds(db)).map((row) => row.id);
    },
    async categoryCovers() {
      const rows = await findCategoryCovers(db);
      return Object.fromEntries(rows.map((row) => [row.category_slug, toImageRef(row)]));
    },
  };
}
