// Catalogue reads. Each answers whole products (images and sizes folded in with json_agg) in
// one round trip, so a category page is one query whatever its length.
import { isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { CATEGORY_SLUGS, type CategorySlug, GENDERS, type Gender } from "#shared/categories.ts";
import { MAX_SIZE, MIN_SIZE } from "#shared/sizes.ts";
import type { Db } from "../db/client.ts";
import { productRowBase, reviewSumColumns } from "../db/row-schemas.ts";
import { arrayParam, selectPrepared, selectRows } from "../db/rows.ts";
import { products } from "../db/schema.ts";

const pictureFields = { id: z.string(), alt: z.string(), width: z.number(), height: z.number() };

const productRow = productRowBase.extend({ position: z.number(), ...reviewSumColumns });
export type ProductRow = z.output<typeof productRow>;

// A ProductRow's own columns (its review sums among them, read off the row: no review is read), and
// its pictures (alias i) and sizes (alias s) as JSON arrays: one definition for the reads below,
// whether they fold them in per product or per page.
const productFields = sql`p.id, p.name, p.description, p.category_slug, p.features, p.price, p.discount_price, p.colour, p.fit_note, p.position,
  p.rating_count, p.rating_sum, p.fit_small, p.fit_true, p.fit_large`;
const imagesJson = sql`json_agg(json_build_object('id', i.id, 'alt', i.alt, 'width', i.width, 'height', i.height) order by i.position)`;
const sizesJson = sql`json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.size)`;

const productColumns = sql`
  ${productFields},
  coalesce((select ${imagesJson} from product_images i where i.product_id = p.id), '[]'::json) as images,
  coalesce((select ${sizesJson} from product_sizes s where s.product_id = p.id), '[]'::json) as sizes`;

export function selectProducts(db: Db, rest: SQL): Promise<ProductRow[]> {
  return selectRows(db, productRow, sql`select ${productColumns} from products p ${rest}`);
}

const productPageRow = productRow.extend({ sale_ends_at: z.coerce.date().nullable() });
type ProductPageRow = z.output<typeof productPageRow>;

/**
 * One product, with the end of the sale it is in when that sale says "Sale ends in 2 days" (issue
 * 51, show_ends_in): a started, unended sale whose price the product still has. Read through
 * sale_prices, the products the sale job actually repriced (covered by id or category, and lowered):
 * exactly the products whose catalogue change it published when the sale started, and will publish
 * when it ends, so the caches that keep this answer (read-cache.ts, remembered-reads.ts, the page
 * cache) drop it at both edges. show_ends_in cannot change once a sale has started, and a product the
 * owner repriced during the sale (its own published change) no longer has the sale's price, so it
 * loses the line with it. Moving a started sale's end publishes nothing: a kept answer shows the old
 * end until its whole-second expiry (freshness.ts).
 */
export async function findProductById(db: Db, id: string): Promise<ProductPageRow | undefined> {
  const rows = await selectRows(
    db,
    productPageRow,
    sql`select ${productColumns},
               (select s.ends_at from sale_prices sp join sales s on s.id = sp.sale_id
                where sp.product_id = p.id and sp.sale_price = p.discount_price
                  and s.started_at is not null and s.ended_at is null and s.show_ends_in
                order by s.ends_at limit 1) as sale_ends_at
        from products p
        where p.id = ${id} and p.archived_at is null`,
  );
  return rows[0];
}

/** Products of a category at the given positions (the home page's curated picks). */
export function findByPositions(db: Db, slug: CategorySlug, positions: number[]): Promise<ProductRow[]> {
  return selectProducts(
    db,
    sql`where p.category_slug = ${slug} and p.archived_at is null
          and p.position in ${positions}
        order by p.position`,
  );
}

/**
 * Products with the given ids, in the order of the ids (search results, ranked by search.ts). The
 * ids go as one array parameter (an IN list of 48 parameters costs PostgreSQL more to parse and
 * plan than the page costs to read), and the pictures and sizes of the whole page are aggregated
 * in one pass each instead of one subquery per product. Its text never changes, so each connection
 * plans it once (planning cost 1.1 ms of its 2.7 at 100,000 products).
 */
export async function findProductsByIds(db: Db, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const idArray = arrayParam(ids, "uuid");
  const rows = await selectPrepared<ProductRow>(
    db,
    "products-by-ids",
    sql`with i as (
          select i.product_id, ${imagesJson} as images
          from product_images i where i.product_id = any(${idArray}) group by i.product_id
        ), s as (
          select s.product_id, ${sizesJson} as sizes
          from product_sizes s where s.product_id = any(${idArray}) group by s.product_id
        )
        select ${productFields}, coalesce(i.images, '[]'::json) as images, coalesce(s.sizes, '[]'::json) as sizes
        from products p left join i on i.product_id = p.id left join s on s.product_id = p.id
        where p.id = any(${idArray}) and p.archived_at is null`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The 'Top rated' key (rating_rank, migration 0043) of each of the products, by id (a search's matches). */
export async function findRatingRanks(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows(
    db,
    z.object({ id: z.string(), rating_rank: z.number() }),
    sql`select p.id, p.rating_rank from products p where p.id = any(${arrayParam(ids, "uuid")})`,
  );
  return new Map(rows.map((row) => [row.id, row.rating_rank]));
}

/**
 * The sizes each gender has any stock in: for every category and size, its products in order
 * until one has the size in stock. A size the category has none of walks the whole category
 * (a pair of index probes per product), so the service keeps this answer for a while instead
 * of asking on every overview page.
 */
export function findSizesInStockByGender(db: Db): Promise<{ gender: Gender; size: number }[]> {
  return selectRows(
    db,
    z.object({ gender: z.enum(GENDERS), size: z.number() }),
    sql`select c.gender, sz.size
        from categories c
        cross join generate_series(${MIN_SIZE}::int, ${MAX_SIZE}::int) sz(size)
        cross join lateral (
          select 1 from products p
          where p.category_slug = c.slug and p.archived_at is null
            and exists (select 1 from product_sizes s where s.product_id = p.id and s.size = sz.size and s.stock > 0)
          limit 1) in_stock
        group by c.gender, sz.size
        order by c.gender, sz.size`,
  );
}

const categoryCoverRow = z.object({ category_slug: z.enum(CATEGORY_SLUGS), ...pictureFields });
export type CategoryCoverRow = z.output<typeof categoryCoverRow>;

/** The first image of the first product of every category (the category carousel). */
export function findCategoryCovers(db: Db): Promise<CategoryCoverRow[]> {
  return selectRows(
    db,
    categoryCoverRow,
    sql`select distinct on (p.category_slug) p.category_slug, i.id, i.alt, i.width, i.height
        from products p join product_images i on i.product_id = p.id
        where p.archived_at is null
        order by p.category_slug, p.position, p.id, i.position`,
  );
}

export function findAllProductIds(db: Db): Promise<{ id: string }[]> {
  // Up to 50,000 rows: typed by the query builder, with no row schema to check each against.
  return db
    .select({ id: products.id })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(products.categorySlug, products.position)
    .limit(50_000);
}
