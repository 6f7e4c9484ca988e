// The catalogue as the API and the page loaders see it. No HTTP here: callers pass parsed input.
import {
  CATEGORY_PAGE_SIZE,
  type ImageRef,
  imageVariantUrl,
  type Product,
  type ProductImage,
  type ProductList,
  toImageRef,
} from "#shared/catalog.ts";
import type { CategorySlug, Gender } from "#shared/categories.ts";
import { discountPercentage } from "#shared/money.ts";
import type { Db } from "../db/client.ts";
import {
  findAllProductIds,
  findByPositions,
  findCategoryCovers,
  findCategoryPage,
  findInStockSize,
  findProductById,
  findProductsByIds,
  findSizesInStockByGender,
  type ProductRow,
} from "./queries.ts";
import { interpretQuery, rankedProductIds } from "./search.ts";

/**
 * How long the sizes each gender has in stock are kept. The answer changes only when a gender's
 * last pair of a size sells or its first arrives; a minute late there costs a link to a page
 * that says the size is out of stock, or a size offered a minute after it arrived.
 */
export const SIZES_IN_STOCK_TTL_MS = 60_000;

/** The width clients that take a single address (SPEC.md `imageUrl`) get. */
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
    discountPercentage: discountPercentage(row.price, row.discount_price),
    stock: row.sizes.reduce((sum, s) => sum + s.stock, 0),
    sizes: row.sizes,
  };
}

export interface CatalogService {
  getProduct(id: string): Promise<Product | undefined>;
  listCategory(slug: CategorySlug, page?: number): Promise<ProductList>;
  /** Products of a category by their position (the home page's curated picks). */
  pickByPositions(slug: CategorySlug, positions: number[]): Promise<Map<number, Product>>;
  search(query: string): Promise<Product[]>;
  /** Products with the size in stock, of one gender when given. */
  listBySize(size: number, page?: number, gender?: Gender): Promise<Product[]>;
  /** The sizes, ascending, that at least one product of the gender has in stock (kept a minute). */
  sizesInStock(gender: Gender): Promise<number[]>;
  /** Ids of every product on sale (the sitemap; at most 50,000, the sitemap limit). */
  allProductIds(): Promise<string[]>;
  /** The first image of each category's first product, by category. */
  categoryCovers(): Promise<Partial<Record<CategorySlug, ImageRef>>>;
}

export interface CatalogServiceOptions {
  now?: () => number;
}

export function createCatalogService(db: Db, options: CatalogServiceOptions = {}): CatalogService {
  const now = options.now ?? Date.now;
  // One read answers both genders; concurrent callers share the read in flight.
  let sizesByGender: { read: Promise<Record<Gender, number[]>>; expiresAt: number } | undefined;
  const readSizesByGender = async (): Promise<Record<Gender, number[]>> => {
    const sizes: Record<Gender, number[]> = { men: [], women: [] };
    for (const row of await findSizesInStockByGender(db)) sizes[row.gender].push(row.size);
    return sizes;
  };

  return {
    async getProduct(id) {
      const row = await findProductById(db, id);
      return row && toProduct(row);
    },
    async listCategory(slug, page = 1) {
      const rows = await findCategoryPage(db, slug, page);
      return {
        products: rows.slice(0, CATEGORY_PAGE_SIZE).map(toProduct),
        page,
        hasMore: rows.length > CATEGORY_PAGE_SIZE,
      };
    },
    async pickByPositions(slug, positions) {
      const rows = await findByPositions(db, slug, positions);
      return new Map(rows.map((row) => [row.position, toProduct(row)]));
    },
    async search(query) {
      const tsquery = await interpretQuery(db, query);
      if (!tsquery) return [];
      return (await findProductsByIds(db, await rankedProductIds(db, tsquery))).map(toProduct);
    },
    async listBySize(size, page = 1, gender) {
      return (await findInStockSize(db, size, page, gender)).map(toProduct);
    },
    async sizesInStock(gender) {
      if (!sizesByGender || sizesByGender.expiresAt <= now()) {
        const read = readSizesByGender();
        const entry = { read, expiresAt: now() + SIZES_IN_STOCK_TTL_MS };
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
