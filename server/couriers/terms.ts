// Each courier's terms as the owner's contract states them (table courier_terms, migration 0029;
// docs/decisions/033-cash-reconciliation.md): read for the payment report's expectations and the
// owner's screen, saved by the owner. No HTTP here.
import { eq, inArray, sql } from "drizzle-orm";
import {
  type CourierTerms,
  type CourierTermsInput,
  type DeliveryBy,
  type PayoutCycle,
  termsFromInput,
} from "#shared/courier-terms.ts";
import { COURIER_MESSAGES } from "#shared/couriers.ts";
import type { Db } from "../db/client.ts";
import { couriers, courierTerms } from "../db/schema.ts";
import { conflict, notFound } from "../domain-errors.ts";

type TermsRow = typeof courierTerms.$inferSelect;

function toTerms(row: TermsRow): CourierTerms {
  return {
    deliveryBy: row.deliveryBy as DeliveryBy,
    deliveryCharge: row.deliveryCharge,
    perExtraHalfKilo: row.perExtraHalfKilo,
    codFeeBasisPoints: row.codFeeBasisPoints,
    codFeeMinimum: row.codFeeMinimum,
    salesTaxBasisPoints: row.salesTaxBasisPoints,
    withholdingBasisPoints: row.withholdingBasisPoints,
    returnCharge: row.returnCharge,
    payoutCycle: row.payoutCycle as PayoutCycle,
    payoutWeekday: row.payoutWeekday,
    payoutHours: row.payoutHours,
    isDefault: row.isDefault,
  };
}

/** The terms of these couriers, by courier id; a courier the owner gave none has no entry. */
export async function termsOf(db: Db, courierIds: readonly string[]): Promise<Map<string, CourierTerms>> {
  if (courierIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(courierTerms)
    .where(inArray(courierTerms.courierId, [...new Set(courierIds)]));
  return new Map(rows.map((row) => [row.courierId, toTerms(row)]));
}

/** Saves the owner's terms for a courier (its own, no longer the seeded defaults). */
export async function saveTerms(db: Db, courierId: string, input: CourierTermsInput): Promise<CourierTerms> {
  const [courier] = await db.select({ ownRider: couriers.ownRider }).from(couriers).where(eq(couriers.id, courierId));
  if (!courier) throw notFound(COURIER_MESSAGES.notFound);
  if (courier.ownRider) throw conflict(COURIER_MESSAGES.ownRiderTerms);
  const values = { ...termsFromInput(input), updatedAt: sql`now()` };
  const [row] = await db
    .insert(courierTerms)
    .values({ courierId, ...values })
    .onConflictDoUpdate({ target: courierTerms.courierId, set: values })
    .returning();
  if (!row) throw notFound(COURIER_MESSAGES.notFound);
  return toTerms(row);
}
