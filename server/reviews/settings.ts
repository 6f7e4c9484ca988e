// The owner's review rules (issue 53, docs/decisions/044-reviews.md): one row of review_settings,
// read with its defaults when the owner never saved it (the migration writes no row), saved whole.
// No HTTP here (settings-routes.ts).
import { eq, sql } from "drizzle-orm";
import type { ReviewSettings } from "#shared/reviews.ts";
import type { Db } from "../db/client.ts";
import { reviewSettings } from "../db/schema.ts";

/** What the shop does before the owner says otherwise: ask 3 days after delivery, publish nothing unread. */
const DEFAULT_SETTINGS: ReviewSettings = { requestAfterDays: 3, autoApproveMinStars: null };

/** `tx`: the caller's transaction, so a sweep counts its days from the rules as they are in it. */
export async function readReviewSettings(tx: Db): Promise<ReviewSettings> {
  const [row] = await tx
    .select({
      requestAfterDays: reviewSettings.requestAfterDays,
      autoApproveMinStars: reviewSettings.autoApproveMinStars,
    })
    .from(reviewSettings)
    .where(eq(reviewSettings.id, 1));
  return row ?? DEFAULT_SETTINGS;
}

/** Writes the one row (made on the first save) and answers the rules as now kept. */
export async function saveReviewSettings(db: Db, settings: ReviewSettings): Promise<ReviewSettings> {
  await db
    .insert(reviewSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: reviewSettings.id, set: { ...settings, updatedAt: sql`now()` } });
  return readReviewSettings(db);
}
