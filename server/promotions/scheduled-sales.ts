// The owner's scheduled sales (issue 51, docs/decisions/040-scheduled-sales.md): saved with their times
// in Karachi time (kept as instants), refused when a product would be in two sales at once, editable
// until they start; a started one can only have its end moved or be ended now. The prices themselves
// are the sale job's (sale-job.ts). No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  SALE_MESSAGES,
  type SaleInput,
  type SalePricing,
  type SaleScope,
  type SaleState,
  type ScheduledSale,
} from "#shared/scheduled-sales.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { arrayParam, selectRows } from "../db/rows.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";
import { instant, wallTime } from "./karachi-sql.ts";

const saleRow = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(["products", "category", "tag"]),
  product_ids: z.array(z.string()),
  category_slug: z.string().nullable(),
  tag: z.string().nullable(),
  pricing: z.enum(["percent", "price"]),
  percent: z.number().nullable(),
  price: z.number().nullable(),
  starts_local: z.string(),
  ends_local: z.string(),
  show_ends_in: z.boolean(),
  state: z.enum(["scheduled", "on", "ended"]),
  product_count: z.number(),
  saved_ms: z.number(),
});

/** The sale s takes the product p: chosen, of its category, or carrying its tag (as price_now() reads it). */
const SALE_TAKES_P = sql`(p.id = any(s.product_ids) or p.category_slug = s.category_slug or s.tag = any(p.tags))`;

const SALE_COLUMNS = sql`s.id, s.name, s.scope, s.product_ids::text[] as product_ids, s.category_slug, s.tag, s.pricing,
  s.percent, s.price, ${wallTime("s.starts_at")} as starts_local, ${wallTime("s.ends_at")} as ends_local,
  s.show_ends_in,
  case when s.ended_at is not null then 'ended' when s.started_at is not null then 'on' else 'scheduled' end as state,
  (select count(*)::int from products p where p.archived_at is null
     and ${SALE_TAKES_P}) as product_count,
  (extract(epoch from s.updated_at) * 1000)::float8 as saved_ms`;

function toSale(row: z.output<typeof saleRow>): ScheduledSale {
  const what: SaleScope =
    row.scope === "products"
      ? { scope: "products", productIds: row.product_ids }
      : row.scope === "category"
        ? { scope: "category", categorySlug: row.category_slug ?? "" }
        : { scope: "tag", tag: row.tag ?? "" };
  const how: SalePricing =
    row.pricing === "percent"
      ? { pricing: "percent", percent: row.percent ?? 0 }
      : { pricing: "price", price: row.price ?? 0 };
  const state: SaleState = row.state;
  return {
    _id: row.id,
    name: row.name,
    what,
    how,
    startsAt: row.starts_local,
    endsAt: row.ends_local,
    showEndsIn: row.show_ends_in,
    state,
    productCount: row.product_count,
    savedAt: new Date(row.saved_ms).toISOString(),
  };
}

/** Every sale, the next to start first, ended ones last. */
export async function listSales(db: Db): Promise<ScheduledSale[]> {
  const rows = await selectRows(
    db,
    saleRow,
    sql`select ${SALE_COLUMNS} from sales s order by s.ended_at is not null, s.starts_at, s.name`,
  );
  return rows.map(toSale);
}

export async function saleById(db: Db, id: string): Promise<ScheduledSale> {
  const [row] = await selectRows(db, saleRow, sql`select ${SALE_COLUMNS} from sales s where s.id = ${id}`);
  if (!row) throw notFound(SALE_MESSAGES.notFound);
  return toSale(row);
}

export async function addSale(db: Db, given: SaleInput, adminId: string): Promise<ScheduledSale> {
  const input = await checkSale(db, given, null);
  const c = columnsOf(input);
  const [added] = await selectRows(
    db,
    z.object({ id: z.string() }),
    sql`insert into sales (name, scope, product_ids, category_slug, tag, pricing, percent, price, starts_at, ends_at,
                           show_ends_in, saved_by)
        values (${input.name}, ${c.scope}, ${c.productIds}, ${c.categorySlug}, ${c.tag}, ${c.pricing}, ${c.percent}, ${c.price},
                ${instant(input.startsAt)}, ${instant(input.endsAt)}, ${input.showEndsIn}, ${adminId})
        returning id`,
  );
  if (!added) throw new BrokenPromise("the sale just added is not there");
  return saleById(db, added.id);
}

/** Replaces a sale that has not started: every field. */
export async function updateSale(db: Db, id: string, given: SaleInput, adminId: string): Promise<ScheduledSale> {
  const input = await checkSale(db, given, id);
  const c = columnsOf(input);
  const [saved] = await selectRows(
    db,
    z.object({ id: z.string() }),
    sql`update sales set name = ${input.name}, scope = ${c.scope}, product_ids = ${c.productIds},
               category_slug = ${c.categorySlug}, tag = ${c.tag}, pricing = ${c.pricing}, percent = ${c.percent}, price = ${c.price},
               starts_at = ${instant(input.startsAt)}, ends_at = ${instant(input.endsAt)},
               show_ends_in = ${input.showEndsIn}, saved_by = ${adminId}, updated_at = now()
        where id = ${id} and started_at is null
        returning id`,
  );
  if (!saved) await refuseStarted(db, id);
  return saleById(db, id);
}

/** A sale that has not started is removed; a started one is ended instead (its orders were priced by it). */
export async function removeSale(db: Db, id: string): Promise<void> {
  const [removed] = await selectRows(
    db,
    z.object({ id: z.string() }),
    sql`delete from sales where id = ${id} and started_at is null returning id`,
  );
  if (!removed) await refuseStarted(db, id);
}

/**
 * Moves a started sale's end (later or sooner, never into the past), or ends it now. Answers the
 * products whose sale price it wrote: their pages name the end.
 */
export async function endSale(db: Db, id: string, endsAt: string | "now"): Promise<string[]> {
  const end = endsAt === "now" ? sql`now()` : instant(endsAt);
  if (endsAt !== "now") await refusePassed(db, endsAt);
  const [moved] = await selectRows(
    db,
    z.object({ id: z.string() }),
    sql`update sales set ends_at = greatest(${end}, starts_at + interval '1 second'), updated_at = now()
        where id = ${id} and ended_at is null
        returning id`,
  );
  if (!moved) {
    const [sale] = await selectRows(db, z.object({ id: z.string() }), sql`select id from sales where id = ${id}`);
    throw sale ? conflict(SALE_MESSAGES.ended) : notFound(SALE_MESSAGES.notFound);
  }
  const written = await selectRows(
    db,
    z.object({ product_id: z.string() }),
    sql`select product_id from sale_prices where sale_id = ${id}`,
  );
  return written.map((row) => row.product_id);
}

async function refuseStarted(db: Db, id: string): Promise<never> {
  const [sale] = await selectRows(db, z.object({ id: z.string() }), sql`select id from sales where id = ${id}`);
  throw sale ? conflict(SALE_MESSAGES.started) : notFound(SALE_MESSAGES.notFound);
}

async function refusePassed(db: Db, local: string): Promise<void> {
  const [row] = await selectRows(
    db,
    z.object({ passed: z.boolean() }),
    sql`select ${instant(local)} <= now() as passed`,
  );
  if (row?.passed) throw invalid(SALE_MESSAGES.endPassed, { endsAt: SALE_MESSAGES.endPassed });
}

/**
 * Its products, category or tag exist, its end is ahead, and no product of it is in another sale at
 * the same time. Answers the input with a tag spelt as the products spell it ("eid collection" is
 * saved as "Eid collection"): price_now() matches a tag by its exact text.
 */
async function checkSale(db: Db, input: SaleInput, id: string | null): Promise<SaleInput> {
  const what = await checkScope(db, input.what);
  const checked: SaleInput = { ...input, what };
  await refusePassed(db, input.endsAt);
  const c = columnsOf(checked);
  // The products each sale takes now, a tag's as tagged at this moment: a product tagged later is
  // not foreseen here (docs/product.md says so), as a product moved into a sale's category is not.
  const [other] = await selectRows(
    db,
    z.object({ name: z.string() }),
    sql`select o.name from sales o, products p
        where o.ended_at is null and (${id}::uuid is null or o.id <> ${id}::uuid)
          and o.starts_at < ${instant(input.endsAt)} and ${instant(input.startsAt)} < o.ends_at
          and (p.id = any(${c.productIds}) or p.category_slug = ${c.categorySlug} or ${c.tag} = any(p.tags))
          and (p.id = any(o.product_ids) or p.category_slug = o.category_slug or o.tag = any(p.tags))
        limit 1`,
  );
  if (other) throw conflict(SALE_MESSAGES.overlap(other.name));
  return checked;
}

async function checkScope(db: Db, what: SaleScope): Promise<SaleScope> {
  if (what.scope === "products") {
    const [found] = await selectRows(
      db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from products where id = any(${arrayParam(what.productIds, "uuid")})`,
    );
    if ((found?.n ?? 0) !== new Set(what.productIds).size) {
      throw invalid(SALE_MESSAGES.unknownProducts, { "what.productIds": SALE_MESSAGES.unknownProducts });
    }
    return what;
  }
  if (what.scope === "category") {
    const [found] = await selectRows(
      db,
      z.object({ slug: z.string() }),
      sql`select slug from categories where slug = ${what.categorySlug}`,
    );
    if (!found) throw invalid(SALE_MESSAGES.unknownCategory, { "what.categorySlug": SALE_MESSAGES.unknownCategory });
    return what;
  }
  // The spelling most products carry; archived ones count too, as a sale may be set before a restore.
  const [found] = await selectRows(
    db,
    z.object({ tag: z.string() }),
    sql`select t as tag from products p, unnest(p.tags) t where lower(t) = lower(${what.tag})
        group by t order by count(*) desc, t limit 1`,
  );
  if (!found) throw invalid(SALE_MESSAGES.unknownTag, { "what.tag": SALE_MESSAGES.unknownTag });
  return { scope: "tag", tag: found.tag };
}

function columnsOf(input: SaleInput) {
  const { what, how } = input;
  return {
    scope: what.scope,
    productIds: what.scope === "products" ? arrayParam([...new Set(what.productIds)], "uuid") : sql`'{}'::uuid[]`,
    categorySlug: what.scope === "category" ? what.categorySlug : null,
    tag: what.scope === "tag" ? what.tag : null,
    pricing: how.pricing,
    percent: how.pricing === "percent" ? how.percent : null,
    price: how.pricing === "price" ? how.price : null,
  };
}
