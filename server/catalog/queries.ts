// Catalogue reads. Each answers whole products (images and sizes folded in with json_agg) in
// one round trip, so a category page is one query whatever its length.
import { type SQL, sql } from "drizzle-orm";
import { CATEGORY_PAGE_SIZE, SEARCH_RESULT_LIMIT } from "#shared/catalog.ts";
import type { CategorySlug } from "#shared/categories.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";

export interface ProductRow {
  id: string;
  name: string;
  description: string;
  category_slug: CategorySlug;
  features: string[];
  price: number;
  discount_price: number;
  position: number;
  images: { id: string; alt: string; width: number; height: number }[];
  sizes: { size: number; stock: number }[];
}

const productColumns = sql`
  p.id, p.name, p.description, p.category_slug, p.features, p.price, p.discount_price, p.position,
  coalesce((select json_agg(json_build_object('id', i.id, 'alt', i.alt, 'width', i.width, 'height', i.height) order by i.position)
            from product_images i where i.product_id = p.id), '[]'::json) as images,
  coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.size)
            from product_sizes s where s.product_id = p.id), '[]'::json) as sizes`;

function selectProducts(db: Db, rest: SQL): Promise<ProductRow[]> {
  return selectRows<ProductRow>(db, sql`select ${productColumns} from products p ${rest}`);
}

export async function findProductById(db: Db, id: string): Promise<ProductRow | undefined> {
  const rows = await selectProducts(db, sql`where p.id = ${id} and p.archived_at is null`);
  return rows[0];
}

/** One page of a category plus one extra row, which tells whether another page follows. */
export function findCategoryPage(db: Db, slug: CategorySlug, page: number): Promise<ProductRow[]> {
  const offset = (page - 1) * CATEGORY_PAGE_SIZE;
  return selectProducts(
    db,
    sql`where p.category_slug = ${slug} and p.archived_at is null
        order by p.position, p.id limit ${CATEGORY_PAGE_SIZE + 1} offset ${offset}`,
  );
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
 * Ranked, typo-tolerant search: full-text matches (stemmed, so 'heel' finds 'Heels') and
 * trigram word similarity (so 'chapal' finds 'Chappal') both count; full-text weighs more.
 */
export function searchProducts(db: Db, query: string): Promise<ProductRow[]> {
  const text = query.toLowerCase();
  return selectRows<ProductRow>(
    db,
    sql`with q as (select websearch_to_tsquery('english', ${text}) as tsq, ${text}::text as txt)
        select ${productColumns}
        from products p, q
        where p.archived_at is null and (p.search_vector @@ q.tsq or q.txt <% p.search_text)
        order by ts_rank(p.search_vector, q.tsq) * 2 + word_similarity(q.txt, p.search_text) desc,
                 p.position, p.id
        limit ${SEARCH_RESULT_LIMIT}`,
  );
}

/** Products with the size in stock, in catalogue order. */
export function findInStockSize(db: Db, size: number, page: number): Promise<ProductRow[]> {
  const offset = (page - 1) * CATEGORY_PAGE_SIZE;
  return selectProducts(
    db,
    sql`join categories c on c.slug = p.category_slug
        where p.archived_at is null
          and exists (select 1 from product_sizes s where s.product_id = p.id and s.size = ${size} and s.stock > 0)
        order by c.position, p.position, p.id limit ${CATEGORY_PAGE_SIZE} offset ${offset}`,
  );
}

export interface CategoryCoverRow {
  category_slug: CategorySlug;
  id: string;
  alt: string;
  width: number;
  height: number;
}

/** The first image of the first product of every category (the category carousel). */
export function findCategoryCovers(db: Db): Promise<CategoryCoverRow[]> {
  return selectRows<CategoryCoverRow>(
    db,
    sql`select distinct on (p.category_slug) p.category_slug, i.id, i.alt, i.width, i.height
        from products p join product_images i on i.product_id = p.id
        where p.archived_at is null
        order by p.category_slug, p.position, p.id, i.position`,
  );
}

export function findAllProductIds(db: Db): Promise<{ id: string }[]> {
  return selectRows<{ id: string }>(
    db,
    sql`select p.id from products p where p.archived_at is null order by p.category_slug, p.position limit 50000`,
  );
}
