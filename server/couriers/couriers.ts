// The couriers the owner keeps (table couriers, seeded by migration 0017): list, add, change. A
// courier with parcels is never deleted, only switched off, so old orders keep their courier.
// No HTTP here.
import { asc, eq, sql } from "drizzle-orm";
import { COURIER_API_KINDS } from "#shared/courier-api.ts";
import type { CourierTerms } from "#shared/courier-terms.ts";
import { COURIER_MESSAGES, type Courier, type CourierInput } from "#shared/couriers.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { constraintOf, sqlState } from "../db/errors.ts";
import { courierAccounts, couriers } from "../db/schema.ts";
import { conflict, notFound } from "../domain-errors.ts";
import { termsOf } from "./terms.ts";

/** A courier's row as the services read it (the CSV mapping included). */
export type CourierRow = typeof couriers.$inferSelect;

const courierFields = {
  id: couriers.id,
  name: couriers.name,
  trackingUrl: couriers.trackingUrl,
  active: couriers.active,
  ownRider: couriers.ownRider,
  riderName: couriers.riderName,
  riderPhone: couriers.riderPhone,
  parcels: sql<number>`(select count(*)::int from parcels p where p.courier_id = ${couriers.id})`,
  // Its API account, if any (a left join on courier_accounts): the kind and the switch, never a credential.
  apiKind: courierAccounts.api,
  apiEnabled: courierAccounts.enabled,
};

/** The couriers with their API accounts beside them, for the list and for one. */
const withAccounts = (db: Db) =>
  db.select(courierFields).from(couriers).leftJoin(courierAccounts, eq(courierAccounts.courierId, couriers.id));

type CourierFields = Awaited<ReturnType<typeof withAccounts>>[number];

/** Active first, then by name: the order the dispatch forms offer them in; each with its terms. */
export async function listCouriers(db: Db): Promise<Courier[]> {
  const rows = await withAccounts(db).orderBy(
    sql`${couriers.active} desc`,
    asc(couriers.ownRider),
    asc(sql`lower(${couriers.name})`),
  );
  const ids = rows.map((row) => row.id);
  const terms = await termsOf(db, ids);
  return rows.map((row) => toCourier(row, terms.get(row.id)));
}

export async function findCourier(db: Db, id: string): Promise<CourierRow> {
  const [row] = await db.select().from(couriers).where(eq(couriers.id, id));
  if (!row) throw notFound(COURIER_MESSAGES.notFound);
  return row;
}

export async function addCourier(db: Db, input: CourierInput): Promise<Courier> {
  const [row] = await uniqueName(() => db.insert(couriers).values(columnsOf(input)).returning({ id: couriers.id }));
  if (!row) throw new BrokenPromise("the courier insert answered no row");
  return readCourier(db, row.id);
}

export async function changeCourier(db: Db, id: string, input: CourierInput): Promise<Courier> {
  const rows = await uniqueName(() =>
    db.update(couriers).set(columnsOf(input)).where(eq(couriers.id, id)).returning({ id: couriers.id }),
  );
  if (rows.length === 0) throw notFound(COURIER_MESSAGES.notFound);
  return readCourier(db, id);
}

/** One courier as the owner's list shows it, with its terms. */
export async function readCourier(db: Db, id: string): Promise<Courier> {
  const [row] = await withAccounts(db).where(eq(couriers.id, id));
  if (!row) throw notFound(COURIER_MESSAGES.notFound);
  return toCourier(row, (await termsOf(db, [id])).get(id));
}

/** A rider has no tracking page; a company's rider fields mean nothing. */
function columnsOf(input: CourierInput) {
  return {
    name: input.name,
    trackingUrl: input.ownRider ? null : input.trackingUrl,
    active: input.active,
    ownRider: input.ownRider,
    riderName: input.ownRider ? input.riderName : null,
    riderPhone: input.ownRider ? input.riderPhone : null,
  };
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === "23505" && constraintOf(error) === "couriers_name_idx")
      throw conflict(COURIER_MESSAGES.nameTaken);
    throw error;
  }
}

function toCourier(row: CourierFields, terms: CourierTerms | undefined): Courier {
  const kind = COURIER_API_KINDS.find((k) => k === row.apiKind);
  return {
    _id: row.id,
    name: row.name,
    trackingUrl: row.trackingUrl,
    active: row.active,
    ownRider: row.ownRider,
    riderName: row.riderName,
    riderPhone: row.riderPhone,
    parcels: Number(row.parcels),
    // The own rider hands over what it collects: whatever a row might say, it has no terms.
    terms: row.ownRider ? null : (terms ?? null),
    api: kind === undefined ? null : { kind, enabled: row.apiEnabled ?? false },
  };
}
