// What saving a discount code or an offer checks alike (issue 51): the products and categories it
// names exist (each unknown one named back), and an end it is given is still ahead. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { PROMOTION_MESSAGES } from "#shared/promotion-inputs.ts";
import type { Db } from "../db/client.ts";
import { arrayParam, selectRows } from "../db/rows.ts";
import { invalid } from "../domain-errors.ts";
import { instant } from "./karachi-sql.ts";

export async function refuseUnknownScope(
  db: Db,
  scope: { productIds: readonly string[]; categorySlugs: readonly string[] },
): Promise<void> {
  if (scope.productIds.length > 0) {
    const unknown = await selectRows(
      db,
      z.object({ id: z.string() }),
      sql`select u.id::text as id from unnest(${arrayParam(scope.productIds, "uuid")}) as u(id)
          where not exists (select 1 from products p where p.id = u.id)`,
    );
    if (unknown.length > 0) {
      const message = PROMOTION_MESSAGES.unknownProducts(unknown.map((row) => row.id));
      throw invalid(message, { productIds: message });
    }
  }
  if (scope.categorySlugs.length > 0) {
    const unknown = await selectRows(
      db,
      z.object({ slug: z.string() }),
      sql`select u.slug from unnest(${arrayParam(scope.categorySlugs, "text")}) as u(slug)
          where not exists (select 1 from categories c where c.slug = u.slug)`,
    );
    if (unknown.length > 0) {
      const message = PROMOTION_MESSAGES.unknownCategories(unknown.map((row) => row.slug));
      throw invalid(message, { categorySlugs: message });
    }
  }
}

/** An end already past would save a promotion no customer can ever get: surely a typing slip. */
export async function refusePassedEnd(db: Db, endsAt: string | null): Promise<void> {
  if (endsAt === null) return;
  const [row] = await selectRows(
    db,
    z.object({ passed: z.boolean() }),
    sql`select ${instant(endsAt)} <= now() as passed`,
  );
  if (row?.passed) throw invalid(PROMOTION_MESSAGES.endPassed, { endsAt: PROMOTION_MESSAGES.endPassed });
}

/** The same ids or slugs, whatever their order. */
export const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();
