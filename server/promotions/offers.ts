// The owner's automatic offers (issue 51, docs/decisions/041-offers-and-codes.md): saved with their
// window in Karachi time (kept as instants). An offer an order took (orders.offer_id) keeps what that
// order was given (its rule, percent, scope and start): only its name (the order keeps the label it
// showed), its end and whether it is on can change, and it cannot be removed, only turned off. The
// cart's side (which offer applies) is shared/promotions.ts's. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { OFFER_MESSAGES, type Offer, type OfferInput } from "#shared/offers.ts";
import { OFFER_KINDS } from "#shared/promotions.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { sqlState } from "../db/errors.ts";
import { arrayParam, selectRows } from "../db/rows.ts";
import { conflict, notFound } from "../domain-errors.ts";
import { instant, wallTime } from "./karachi-sql.ts";
import { refusePassedEnd, refuseUnknownScope, sameSet } from "./promotion-checks.ts";

const offerRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(OFFER_KINDS),
  min_pairs: z.number(),
  percent: z.number(),
  product_ids: z.array(z.string()),
  category_slugs: z.array(z.string()),
  starts_local: z.string(),
  ends_local: z.string().nullable(),
  enabled: z.boolean(),
  orders: z.number(),
  saved_ms: z.number(),
});

const OFFER_COLUMNS = sql`f.id, f.name, f.kind, f.min_pairs, f.percent, f.product_ids::text[] as product_ids,
  f.category_slugs, ${wallTime("f.starts_at")} as starts_local, ${wallTime("f.ends_at")} as ends_local, f.enabled,
  (extract(epoch from f.updated_at) * 1000)::float8 as saved_ms`;

/** Orders that took each offer, counted in one pass over the orders (orders.offer_id has no index). */
const TAKEN = sql`left join (select offer_id, count(*)::int as n from orders where offer_id is not null group by offer_id) t
  on t.offer_id = f.id`;

function toOffer(row: z.output<typeof offerRow>): Offer {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    minPairs: row.min_pairs,
    percent: row.percent,
    productIds: row.product_ids,
    categorySlugs: row.category_slugs,
    startsAt: row.starts_local,
    endsAt: row.ends_local,
    enabled: row.enabled,
    orders: row.orders,
    savedAt: new Date(row.saved_ms).toISOString(),
  };
}

/** Every offer, the latest to start first, then by name. */
export async function listOffers(db: Db): Promise<Offer[]> {
  const rows = await selectRows(
    db,
    offerRow,
    sql`select ${OFFER_COLUMNS}, coalesce(t.n, 0) as orders from offers f ${TAKEN} order by f.starts_at desc, f.name`,
  );
  return rows.map(toOffer);
}

export async function offerById(db: Db, id: string): Promise<Offer> {
  const [row] = await selectRows(
    db,
    offerRow,
    sql`select ${OFFER_COLUMNS}, (select count(*)::int from orders o where o.offer_id = f.id) as orders
        from offers f where f.id = ${id}`,
  );
  if (!row) throw notFound(OFFER_MESSAGES.notFound);
  return toOffer(row);
}

export async function addOffer(db: Db, input: OfferInput, adminId: string): Promise<Offer> {
  await refuseUnknownScope(db, input);
  await refusePassedEnd(db, input.endsAt);
  const c = columnsOf(input);
  const [added] = await selectRows(
    db,
    z.object({ id: z.string() }),
    sql`insert into offers (name, kind, min_pairs, percent, product_ids, category_slugs, starts_at, ends_at, enabled,
                            saved_by)
        values (${input.name}, ${input.kind}, ${c.minPairs}, ${input.percent}, ${c.productIds}, ${c.categorySlugs},
                ${instant(input.startsAt)}, ${c.endsAt}, ${input.enabled}, ${adminId})
        returning id`,
  );
  if (!added) throw new BrokenPromise("the offer just added is not there");
  return offerById(db, added.id);
}

/** Replaces an offer's fields; one an order took keeps what it gave (see the top). */
export async function updateOffer(db: Db, id: string, input: OfferInput, adminId: string): Promise<Offer> {
  await refuseUnknownScope(db, input);
  await db.transaction(async (tx) => {
    const [row] = await selectRows(
      tx,
      offerRow,
      sql`select ${OFFER_COLUMNS}, (select count(*)::int from orders o where o.offer_id = f.id) as orders
          from offers f where f.id = ${id} for update of f`,
    );
    if (!row) throw notFound(OFFER_MESSAGES.notFound);
    const was = toOffer(row);
    // An end left as it was may have passed (an old offer turned off): only a new end must be ahead.
    if (input.endsAt !== was.endsAt) await refusePassedEnd(tx, input.endsAt);
    if (was.orders > 0 && promiseChanged(was, input)) throw conflict(OFFER_MESSAGES.takenLocked(was.name, was.orders));
    const c = columnsOf(input);
    await tx.execute(
      sql`update offers set name = ${input.name}, kind = ${input.kind}, min_pairs = ${c.minPairs},
                 percent = ${input.percent}, product_ids = ${c.productIds}, category_slugs = ${c.categorySlugs},
                 starts_at = ${instant(input.startsAt)}, ends_at = ${c.endsAt}, enabled = ${input.enabled},
                 saved_by = ${adminId}, updated_at = now()
          where id = ${id}`,
    );
  });
  return offerById(db, id);
}

/** An offer no order took is removed; a taken one stays (its orders name it) and can be turned off. */
export async function removeOffer(db: Db, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Every read inside the transaction: PGlite has one connection, which the transaction holds.
      const [row] = await selectRows(
        tx,
        z.object({ name: z.string(), taken: z.boolean() }),
        sql`select f.name, exists (select 1 from orders o where o.offer_id = f.id) as taken from offers f
            where f.id = ${id} for update of f`,
      );
      if (!row) throw notFound(OFFER_MESSAGES.notFound);
      if (row.taken) throw conflict(OFFER_MESSAGES.takenDelete(row.name));
      await tx.execute(sql`delete from offers where id = ${id}`);
    });
  } catch (error) {
    // An order that took it between the look and the delete: its foreign key keeps the offer.
    if (sqlState(error) === "23503") throw conflict(OFFER_MESSAGES.takenDelete((await offerById(db, id)).name));
    throw error;
  }
}

/** What the orders that took it were given: anything but its name, end and on/off. */
function promiseChanged(was: Offer, input: OfferInput): boolean {
  return (
    was.kind !== input.kind ||
    was.minPairs !== columnsOf(input).minPairs ||
    was.percent !== input.percent ||
    !sameSet(was.productIds, input.productIds) ||
    !sameSet(was.categorySlugs, input.categorySlugs) ||
    was.startsAt !== input.startsAt
  );
}

function columnsOf(input: OfferInput) {
  return {
    // The column's default for the kind that has no pairs count, so an unchanged offer compares equal.
    minPairs: input.kind === "pairsPercent" ? input.minPairs : 2,
    productIds: arrayParam(input.productIds, "uuid"),
    categorySlugs: arrayParam(input.categorySlugs, "text"),
    endsAt: input.endsAt === null ? null : instant(input.endsAt),
  };
}
