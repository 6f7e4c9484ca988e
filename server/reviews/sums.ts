// A product's review sums (products.rating_count, rating_sum, fit_small/true/large): counted again
// from its published reviews inside the transaction that publishes or withdraws one, so the product
// page and the 'Top rated' sort read them off the product row and never drift from the reviews.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export async function recountReviewSums(tx: Db, productId: string): Promise<void> {
  await tx.execute(
    sql`update products p set (rating_count, rating_sum, fit_small, fit_true, fit_large) = (
          select count(*)::int, coalesce(sum(r.rating), 0)::int,
                 count(*) filter (where r.fit = 'runs-small')::int,
                 count(*) filter (where r.fit = 'true-to-size')::int,
                 count(*) filter (where r.fit = 'runs-large')::int
          from reviews r where r.product_id = p.id and r.status = 'approved')
        where p.id = ${productId}`,
  );
}
