// The reviews a product's page shows (issue 53, docs/decisions/044-reviews.md): published ones only,
// those with photos first, then the newest, at most REVIEWS_ON_PAGE, each with its decoded photos,
// in one statement. The page asks only when the product's sums say it has some, so a product without
// reviews costs no query. Nothing here names the buyer beyond the review's own `author`.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { FIT_NOTES, type FitNote } from "#shared/fit-note.ts";
import { type PublicReview, REVIEWS_ON_PAGE } from "#shared/review-words.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";

const reviewRow = z.object({
  id: z.string(),
  author: z.string(),
  rating: z.number(),
  fit: z.enum(FIT_NOTES),
  size: z.number(),
  body: z.string(),
  answer: z.string().nullable(),
  created_at: z.coerce.date(),
  photos: z.array(z.object({ id: z.string(), width: z.number(), height: z.number() })),
});

export interface ReviewFilter {
  /** Only the reviews that found the style so. */
  fit?: FitNote | undefined;
}

/** What the pages read reviews through (the load context's `reviews`). */
export interface ReviewReader {
  published(productId: string, filter?: ReviewFilter): Promise<PublicReview[]>;
}

export async function publishedReviews(db: Db, productId: string, filter: ReviewFilter = {}): Promise<PublicReview[]> {
  const byFit = filter.fit === undefined ? sql`` : sql` and r.fit = ${filter.fit}`;
  const rows = await selectRows(
    db,
    reviewRow,
    sql`select r.id, r.author, r.rating, r.fit, r.size, r.body, r.answer, r.created_at,
               coalesce(ph.photos, '[]'::json) as photos
        from reviews r
        left join lateral (
          select json_agg(json_build_object('id', p.id, 'width', p.width, 'height', p.height)
                          order by p.created_at, p.id) as photos
          from review_photos p where p.review_id = r.id and p.status = 'ready') ph on true
        where r.product_id = ${productId} and r.status = 'approved'${byFit}
        order by ph.photos is null, r.created_at desc, r.id
        limit ${REVIEWS_ON_PAGE}`,
  );
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    rating: row.rating,
    fit: row.fit,
    size: row.size,
    body: row.body,
    photos: row.photos,
    answer: row.answer,
    createdAt: row.created_at.toISOString(),
  }));
}
