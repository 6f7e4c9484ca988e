// One page of a filtered, sorted product list over some categories (a category page, /men, /women,
// /buy/{size}). Every sort has its own index led by the category and carrying every filter column
// (migration 0004), so each category walks its index in the page's order only as far as the page
// needs, and the count reads the same index: neither visits the table. Only the page's own rows are
// read whole.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { CategorySlug } from "#shared/categories.ts";
import { LIST_PAGE_SIZE, type ListFilters, type ListQuery, type Sort, sizesMask } from "#shared/listing.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { type ProductRow, selectProducts } from "./queries.ts";

/** How a category's walk is ordered (its index's order) and how the merged page is. */
const ORDER: Record<Sort, { walk: SQL; page: SQL; key?: SQL }> = {
  featured: { walk: sql`q.position, q.id`, page: sql`x.category_position, x.position, x.id` },
  newest: { walk: sql`q.created_at desc, q.id`, page: sql`x.created_at desc, x.id` },
  "price-asc": { walk: sql`q.discount_price, q.id`, page: sql`x.discount_price, x.id` },
  "price-desc": { walk: sql`q.discount_price desc, q.id desc`, page: sql`x.discount_price desc, x.id desc` },
  discount: {
    walk: sql`q.discount_percent desc, q.position, q.id`,
    page: sql`x.discount_percent desc, x.category_position, x.position, x.id`,
  },
  // products_list_rating_idx (migration 0043; nulls last as the index has it, or it is not walked in
  // order). Its key is walked out only for this sort: the other sorts' indexes do not carry it.
  "top-rated": {
    walk: sql`q.rating_rank desc nulls last, q.position, q.id`,
    page: sql`x.rating_rank desc nulls last, x.category_position, x.position, x.id`,
    key: sql`, q.rating_rank`,
  },
};

/** The filters as conditions on `q`, a product row or an index tuple of the list indexes. */
export function filterConditions(filters: ListFilters): SQL {
  const conditions: SQL[] = [sql`q.archived_at is null`];
  if (filters.sizes.length > 0) conditions.push(sql`q.sizes_in_stock & ${sizesMask(filters.sizes)} <> 0`);
  if (filters.colours.length > 0) conditions.push(sql`q.colour in ${filters.colours}`);
  if (filters.minPrice !== null) conditions.push(sql`q.discount_price >= ${filters.minPrice}`);
  if (filters.maxPrice !== null) conditions.push(sql`q.discount_price <= ${filters.maxPrice}`);
  if (filters.onSale) conditions.push(sql`q.discount_percent > 0`);
  return sql.join(conditions, sql` and `);
}

export async function findListPage(
  db: Db,
  categories: readonly CategorySlug[],
  query: ListQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  if (categories.length === 0) return { rows: [], total: 0 };
  const offset = (query.page - 1) * LIST_PAGE_SIZE;
  const where = filterConditions(query);
  const order = ORDER[query.sort];
  const [rows, counted] = await Promise.all([
    selectProducts(
      db,
      sql`join (select x.* from (
                  select c.position as category_position, w.*
                  from categories c
                  cross join lateral (
                    select q.id, q.position, q.discount_price, q.discount_percent, q.created_at${order.key ?? sql``}
                    from products q
                    where q.category_slug = c.slug and ${where}
                    order by ${order.walk} limit ${offset + LIST_PAGE_SIZE}) w
                  where c.slug in ${categories}) x
                order by ${order.page} limit ${LIST_PAGE_SIZE} offset ${offset}) x on x.id = p.id
          order by ${order.page}`,
    ),
    selectRows(
      db,
      z.object({ total: z.number() }),
      sql`select count(*)::int as total from products q where q.category_slug in ${categories} and ${where}`,
    ),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}
