// The owner's discount codes (issue 51, docs/decisions/041-offers-and-codes.md): saved with their
// window in Karachi time (kept as instants), each code once. A code orders have used keeps what those
// orders were promised (its kind, value, scope, start and limits per customer): only its end, its most
// uses (never fewer than it has had) and whether it is on can change, and it cannot be removed, only
// turned off. The checkout's side (the uses it counts) is server/orders'. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { DISCOUNT_CODE_MESSAGES, type DiscountCode, type DiscountCodeInput } from "#shared/discount-codes.ts";
import { CODE_KINDS } from "#shared/promotions.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { constraintOf, sqlState } from "../db/errors.ts";
import { arrayParam, selectRows } from "../db/rows.ts";
import { conflict, notFound } from "../domain-errors.ts";
import { instant, wallTime } from "./karachi-sql.ts";
import { refusePassedEnd, refuseUnknownScope, sameSet } from "./promotion-checks.ts";

const CODE_INDEX = "discount_codes_code_idx";

const codeRow = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(CODE_KINDS),
  percent: z.number().nullable(),
  amount: z.number().nullable(),
  minimum_order: z.number(),
  product_ids: z.array(z.string()),
  category_slugs: z.array(z.string()),
  starts_local: z.string(),
  ends_local: z.string().nullable(),
  max_uses: z.number().nullable(),
  per_customer: z.number(),
  uses: z.number(),
  enabled: z.boolean(),
  saved_ms: z.number(),
});

const CODE_COLUMNS = sql`c.id, c.code, c.kind, c.percent, c.amount, c.minimum_order, c.product_ids::text[] as product_ids,
  c.category_slugs, ${wallTime("c.starts_at")} as starts_local, ${wallTime("c.ends_at")} as ends_local, c.max_uses,
  c.per_customer, c.uses, c.enabled, (extract(epoch from c.updated_at) * 1000)::float8 as saved_ms`;

function toCode(row: z.output<typeof codeRow>): DiscountCode {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amount: row.amount,
    minimumOrder: row.minimum_order,
    productIds: row.product_ids,
    categorySlugs: row.category_slugs,
    startsAt: row.starts_local,
    endsAt: row.ends_local,
    maxUses: row.max_uses,
    perCustomer: row.per_customer,
    uses: row.uses,
    enabled: row.enabled,
    savedAt: new Date(row.saved_ms).toISOString(),
  };
}

/** Every code, the latest to start first (the ones the owner is working on), then by code. */
export async function listCodes(db: Db): Promise<DiscountCode[]> {
  const rows = await selectRows(
    db,
    codeRow,
    sql`select ${CODE_COLUMNS} from discount_codes c order by c.starts_at desc, c.code`,
  );
  return rows.map(toCode);
}

export async function codeById(db: Db, id: string): Promise<DiscountCode> {
  const [row] = await selectRows(db, codeRow, sql`select ${CODE_COLUMNS} from discount_codes c where c.id = ${id}`);
  if (!row) throw notFound(DISCOUNT_CODE_MESSAGES.notFound);
  return toCode(row);
}

export async function addCode(db: Db, input: DiscountCodeInput, adminId: string): Promise<DiscountCode> {
  await refuseUnknownScope(db, input);
  await refusePassedEnd(db, input.endsAt);
  const c = columnsOf(input);
  const [added] = await saving(
    input.code,
    selectRows(
      db,
      z.object({ id: z.string() }),
      sql`insert into discount_codes (code, kind, percent, amount, minimum_order, product_ids, category_slugs, starts_at,
                                      ends_at, max_uses, per_customer, enabled, saved_by)
          values (${input.code}, ${input.kind}, ${c.percent}, ${c.amount}, ${input.minimumOrder}, ${c.productIds},
                  ${c.categorySlugs}, ${instant(input.startsAt)}, ${c.endsAt}, ${input.maxUses}, ${input.perCustomer},
                  ${input.enabled}, ${adminId})
          returning id`,
    ),
  );
  if (!added) throw new BrokenPromise("the discount code just added is not there");
  return codeById(db, added.id);
}

/**
 * Replaces a code's fields. The row is locked while it is read and written, so an order taking the
 * code at that moment is counted either before (and the used code's rules apply) or after the save.
 */
export async function updateCode(db: Db, id: string, input: DiscountCodeInput, adminId: string): Promise<DiscountCode> {
  await refuseUnknownScope(db, input);
  await saving(
    input.code,
    db.transaction(async (tx) => {
      const [row] = await selectRows(
        tx,
        codeRow,
        sql`select ${CODE_COLUMNS} from discount_codes c where c.id = ${id} for update`,
      );
      if (!row) throw notFound(DISCOUNT_CODE_MESSAGES.notFound);
      const was = toCode(row);
      // An end left as it was may have passed (an old code turned off): only a new end must be ahead.
      if (input.endsAt !== was.endsAt) await refusePassedEnd(tx, input.endsAt);
      if (was.uses > 0) {
        if (promiseChanged(was, input)) throw conflict(DISCOUNT_CODE_MESSAGES.usedLocked(was.code, was.uses));
        if (input.maxUses !== null && input.maxUses < was.uses) {
          throw conflict(DISCOUNT_CODE_MESSAGES.belowUses(was.code, was.uses));
        }
      }
      const c = columnsOf(input);
      await tx.execute(
        sql`update discount_codes set code = ${input.code}, kind = ${input.kind}, percent = ${c.percent},
                   amount = ${c.amount}, minimum_order = ${input.minimumOrder}, product_ids = ${c.productIds},
                   category_slugs = ${c.categorySlugs}, starts_at = ${instant(input.startsAt)}, ends_at = ${c.endsAt},
                   max_uses = ${input.maxUses}, per_customer = ${input.perCustomer}, enabled = ${input.enabled},
                   saved_by = ${adminId}, updated_at = now()
            where id = ${id}`,
      );
    }),
  );
  return codeById(db, id);
}

/** A code no order has used is removed; a used one stays (its orders name it) and can be turned off. */
export async function removeCode(db: Db, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Used: counted now, or named by an order whose use was given back when it was cancelled.
      const [row] = await selectRows(
        tx,
        z.object({ code: z.string(), used: z.boolean() }),
        sql`select code, uses > 0 or exists (select from orders o where o.discount_code_id = c.id) as used
            from discount_codes c where id = ${id} for update`,
      );
      if (!row) throw notFound(DISCOUNT_CODE_MESSAGES.notFound);
      if (row.used) throw conflict(DISCOUNT_CODE_MESSAGES.usedDelete(row.code));
      await tx.execute(sql`delete from discount_codes where id = ${id}`);
    });
  } catch (error) {
    // An order that came to name it meanwhile: its foreign key keeps the code.
    if (sqlState(error) === "23503") throw conflict(DISCOUNT_CODE_MESSAGES.usedDelete(await codeOf(db, id)));
    throw error;
  }
}

async function codeOf(db: Db, id: string): Promise<string> {
  const [row] = await selectRows(
    db,
    z.object({ code: z.string() }),
    sql`select code from discount_codes where id = ${id}`,
  );
  return row?.code ?? "This code";
}

/** What the orders that used the code were promised: anything but its end, most uses and on/off. */
function promiseChanged(was: DiscountCode, input: DiscountCodeInput): boolean {
  const c = columnsOf(input);
  return (
    was.code !== input.code ||
    was.kind !== input.kind ||
    was.percent !== c.percent ||
    was.amount !== c.amount ||
    was.minimumOrder !== input.minimumOrder ||
    !sameSet(was.productIds, input.productIds) ||
    !sameSet(was.categorySlugs, input.categorySlugs) ||
    was.startsAt !== input.startsAt ||
    was.perCustomer !== input.perCustomer
  );
}

/** Another code with the same letters (the index decides a race of two saves). */
async function saving<T>(code: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (sqlState(error) === "23505" && constraintOf(error) === CODE_INDEX) {
      throw conflict(DISCOUNT_CODE_MESSAGES.duplicate(code));
    }
    throw error;
  }
}

function columnsOf(input: DiscountCodeInput) {
  return {
    percent: input.kind === "percent" ? input.percent : null,
    amount: input.kind === "fixed" ? input.amount : null,
    productIds: arrayParam(input.productIds, "uuid"),
    categorySlugs: arrayParam(input.categorySlugs, "text"),
    endsAt: input.endsAt === null ? null : instant(input.endsAt),
  };
}
