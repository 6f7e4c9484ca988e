// The catalogue as the shop owner manages it: list (archived included), read, create, replace,
// archive and restore. No HTTP here: routes pass parsed input and publish the change afterwards.
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  type AdminProduct,
  type AdminProductList,
  type AdminProductsQuery,
  type ProductInput,
} from "#shared/admin.ts";
import type { CategorySlug } from "#shared/categories.ts";
import { discountPercentage } from "#shared/money.ts";
import type { ProductTagCount } from "#shared/product-tags.ts";
import { SIZES } from "#shared/sizes.ts";
import { refuseUnknownColours } from "../catalog/colours.ts";
import { toImage } from "../catalog/service.ts";
import type { Db } from "../db/client.ts";
import { countRow, productRowBase, sizeStock } from "../db/row-schemas.ts";
import { arrayParam, selectRows } from "../db/rows.ts";
import { colours, productSizes, products } from "../db/schema.ts";
import { conflict, notFound } from "../domain-errors.ts";

const productRow = productRowBase.extend({
  tags: z.array(z.string()),
  archived_ms: z.number().nullable(),
  created_ms: z.number(),
  updated_ms: z.number(),
});
type ProductRow = z.output<typeof productRow>;

const ms = (column: string) => sql.raw(`(extract(epoch from p.${column}) * 1000)::float8`);

const productColumns = sql`
  p.id, p.name, p.description, p.category_slug, p.features, p.price, p.discount_price, p.colour, p.fit_note, p.tags,
  ${ms("archived_at")} as archived_ms, ${ms("created_at")} as created_ms, ${ms("updated_at")} as updated_ms,
  coalesce((select json_agg(json_build_object('id', i.id, 'alt', i.alt, 'width', i.width, 'height', i.height)
                            order by i.position, i.created_at)
            from product_images i where i.product_id = p.id), '[]'::json) as images,
  coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.size)
            from product_sizes s where s.product_id = p.id), '[]'::json) as sizes`;

function toAdminProduct(row: ProductRow): AdminProduct {
  const stocks = new Map(row.sizes.map((s) => [s.size, s.stock]));
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    features: row.features,
    category: row.category_slug,
    price: row.price,
    discountPrice: row.discount_price,
    discountPercentage: discountPercentage(row.price, row.discount_price),
    colour: row.colour,
    fitNote: row.fit_note,
    tags: row.tags,
    stock: row.sizes.reduce((sum, s) => sum + s.stock, 0),
    sizes: SIZES.map((size) => ({ size, stock: stocks.get(size) ?? 0, offered: stocks.has(size) })),
    images: row.images.map(toImage),
    archivedAt: row.archived_ms === null ? null : new Date(Number(row.archived_ms)).toISOString(),
    createdAt: new Date(Number(row.created_ms)).toISOString(),
    updatedAt: new Date(Number(row.updated_ms)).toISOString(),
  };
}

/** `%` and `_` typed into the search box are matched literally. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AdminProductService {
  list(query: AdminProductsQuery): Promise<AdminProductList>;
  /** The product, archived or not; undefined when there is none. */
  get(id: string, db?: Db): Promise<AdminProduct | undefined>;
  create(input: ProductInput): Promise<AdminProduct>;
  update(id: string, input: ProductInput): Promise<AdminProduct>;
  archive(id: string): Promise<AdminProduct>;
  restore(id: string): Promise<AdminProduct>;
}

export function createAdminProductService(db: Db): AdminProductService {
  async function get(id: string, on: Db = db): Promise<AdminProduct | undefined> {
    const [row] = await selectRows(on, productRow, sql`select ${productColumns} from products p where p.id = ${id}`);
    return row && toAdminProduct(row);
  }

  async function mustGet(id: string, on: Db = db): Promise<AdminProduct> {
    const product = await get(id, on);
    if (!product) throw notFound(ADMIN_MESSAGES.productNotFound);
    return product;
  }

  /** Replaces the offered sizes: listed ones get their stock, unlisted ones stop being offered. */
  async function writeSizes(tx: Db, productId: string, sizes: ProductInput["sizes"]): Promise<void> {
    const listed = sizes.map((s) => s.size);
    const ofProduct = eq(productSizes.productId, productId);
    await tx
      .delete(productSizes)
      .where(listed.length === 0 ? ofProduct : and(ofProduct, notInArray(productSizes.size, listed)));
    if (sizes.length === 0) return;
    // In size order: the order a checkout locks sizes in. Also fires the back-in-stock trigger on product_sizes (migration 0021):
    // a size from 0 to some queues the mails of whoever waits for it, in this transaction.
    await tx
      .insert(productSizes)
      .values([...sizes].sort((a, b) => a.size - b.size).map((s) => ({ productId, size: s.size, stock: s.stock })))
      .onConflictDoUpdate({ target: [productSizes.productId, productSizes.size], set: { stock: sql`excluded.stock` } });
  }

  const nextPosition = (slug: CategorySlug) =>
    sql`(select coalesce(max(${products.position}), -1) + 1 from ${products} where ${products.categorySlug} = ${slug})`;

  async function setArchived(id: string, archived: boolean): Promise<AdminProduct> {
    const rows = await db
      .update(products)
      .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(products.id, id), archived ? isNull(products.archivedAt) : isNotNull(products.archivedAt)))
      .returning({ id: products.id });
    const product = await mustGet(id);
    if (rows.length === 0) throw conflict(archived ? ADMIN_MESSAGES.alreadyArchived : ADMIN_MESSAGES.notArchived);
    return product;
  }

  return {
    get,

    async list(query) {
      const filters = [sql`true`];
      if (query.category) filters.push(sql`p.category_slug = ${query.category}`);
      if (query.archived === true) filters.push(sql`p.archived_at is not null`);
      if (query.archived === false) filters.push(sql`p.archived_at is null`);
      if (query.query) {
        const q = query.query.toLowerCase();
        filters.push(sql`(p.search_text like ${likePattern(q)} or p.id::text = ${q})`);
      }
      const rows = await selectRows(
        db,
        productRow.extend({ total: z.number() }),
        sql`select ${productColumns}, count(*) over ()::int as total
            from products p where ${sql.join(filters, sql` and `)}
            order by p.archived_at is not null, p.updated_at desc, p.id
            limit ${ADMIN_PAGE_SIZE + 1} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`,
      );
      const listed = rows.slice(0, ADMIN_PAGE_SIZE).map((row) => {
        const p = toAdminProduct(row);
        const first = p.images[0];
        return {
          _id: p._id,
          name: p.name,
          category: p.category,
          price: p.price,
          discountPrice: p.discountPrice,
          discountPercentage: p.discountPercentage,
          stock: p.stock,
          archived: p.archivedAt !== null,
          thumbnail: first ? { id: first.id, alt: first.alt, width: first.width, height: first.height } : null,
        };
      });
      const total = rows[0]?.total ?? (await countProducts(db, filters));
      return { products: listed, page: query.page, hasMore: rows.length > ADMIN_PAGE_SIZE, total };
    },

    async create(input) {
      const id = randomUUID();
      return db.transaction(async (tx) => {
        await refuseUnknownColour(tx, input.colour);
        await tx.insert(products).values({
          id,
          categorySlug: input.category,
          name: input.name,
          description: input.description,
          features: input.features,
          price: input.price,
          discountPrice: input.discountPrice,
          colour: input.colour,
          fitNote: input.fitNote ?? null,
          tags: await tagsInUse(tx, input.tags ?? []),
          position: nextPosition(input.category),
        });
        await writeSizes(tx, id, input.sizes);
        return mustGet(id, tx);
      });
    },

    async update(id, input) {
      return db.transaction(async (tx) => {
        // The sizes first, in size order, then the product row: the order a checkout or a
        // cancellation takes them in, since a size that sells out or comes back rewrites its
        // product's row (the sizes-in-stock mask). Locking the product first was a deadlock with
        // them. "No key update" on the product, as a checkout's order line takes a key-share lock on it.
        // Both locks stay raw SQL: their text shows the locking order beside the reason for it.
        const locked = await selectRows(
          tx,
          sizeStock,
          sql`select size, stock from product_sizes where product_id = ${id} order by size for update`,
        );
        const [current] = await selectRows(
          tx,
          productRow.pick({ category_slug: true }),
          sql`select category_slug from products where id = ${id} for no key update`,
        );
        if (!current) throw notFound(ADMIN_MESSAGES.productNotFound);
        await refuseUnknownColour(tx, input.colour);
        const position =
          current.category_slug === input.category ? sql`${products.position}` : nextPosition(input.category);
        await tx
          .update(products)
          .set({
            categorySlug: input.category,
            name: input.name,
            description: input.description,
            features: input.features,
            price: input.price,
            discountPrice: input.discountPrice,
            colour: input.colour,
            // Left out of the body (undefined), the note stays as it is: Drizzle sets only what is given.
            fitNote: input.fitNote,
            tags: input.tags && (await tagsInUse(tx, input.tags)),
            position,
            updatedAt: sql`now()`,
          })
          .where(eq(products.id, id));
        refuseChangedStock(locked, input.sizes);
        await writeSizes(tx, id, input.sizes);
        return mustGet(id, tx);
      });
    },

    archive: (id) => setArchived(id, true),
    restore: (id) => setArchived(id, false),
  };
}

/** A colour the palette lacks is the admin's mistake to fix (a 400), not a foreign-key failure. */
async function refuseUnknownColour(db: Db, colour: string | null): Promise<void> {
  if (colour === null) return;
  const palette = await db.select({ slug: colours.slug }).from(colours).orderBy(asc(colours.position));
  refuseUnknownColours([colour], palette);
}

/**
 * Each tag spelt as the shop already spells it ("eid collection" becomes "Eid collection" when other
 * products carry that): a sale takes a tag by its exact text, so one tag must not become two by case.
 */
async function tagsInUse(db: Db, tags: string[]): Promise<string[]> {
  if (tags.length === 0) return [];
  const rows = await selectRows(
    db,
    z.object({ tag: z.string() }),
    // The spelling most products carry, as a sale's tag is resolved (server/promotions/scheduled-sales.ts).
    sql`select distinct on (lower(t)) t as tag
        from (select t, count(*) as n from products p, unnest(p.tags) t
              where lower(t) = any(${arrayParam(
                tags.map((tag) => tag.toLowerCase()),
                "text",
              )})
              group by t) spellings
        order by lower(t), n desc, t`,
  );
  const spelt = new Map(rows.map((row) => [row.tag.toLowerCase(), row.tag]));
  return tags.map((tag) => spelt.get(tag.toLowerCase()) ?? tag);
}

/** The tags of products not archived, each with how many carry it, by name (GET /api/admin/product-tags). */
export async function productTagCounts(db: Db): Promise<ProductTagCount[]> {
  const rows = await selectRows(
    db,
    z.object({ tag: z.string(), product_count: z.number() }),
    sql`select t as tag, count(*)::int as product_count
        from products p, unnest(p.tags) t where p.archived_at is null
        group by t order by lower(t), t`,
  );
  return rows.map((row) => ({ tag: row.tag, productCount: row.product_count }));
}

/** A size whose stock moved since the admin loaded it (an order, a cancellation) is not overwritten. */
function refuseChangedStock(current: { size: number; stock: number }[], sizes: ProductInput["sizes"]): void {
  const stocks = new Map(current.map((s) => [s.size, s.stock]));
  const moved = sizes.filter((s) => s.expectedStock !== undefined && (stocks.get(s.size) ?? 0) !== s.expectedStock);
  if (moved.length === 0) return;
  const now = moved.map((s) => `size ${s.size} now has ${stocks.get(s.size) ?? 0}`).join(", ");
  throw conflict(`${ADMIN_MESSAGES.stockChanged} (${now}.)`);
}

/** Raw, as it shares its filters (on the alias p) with the list's windowed statement. */
async function countProducts(db: Db, filters: ReturnType<typeof sql>[]): Promise<number> {
  const [row] = await selectRows(
    db,
    countRow,
    sql`select count(*)::int as n from products p where ${sql.join(filters, sql` and `)}`,
  );
  return row?.n ?? 0;
}
