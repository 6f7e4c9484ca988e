// The owner's side of reviews (issue 53, docs/decisions/044-reviews.md): the queue of reviews waiting,
// each published or kept off with a reason (the owner may change their mind either way), a public
// answer under any review, and the styles whose buyers disagree with the owner's fit note. Every
// change that alters what the page shows counts the product's sums again in its own transaction and
// answers the product, for the caller to publish (the page cache drops the product's pages). No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { FIT_NOTES } from "#shared/fit-note.ts";
import { buyersFit, fitSummarySentence } from "#shared/review-words.ts";
import {
  type AdminReview,
  type AdminReviewList,
  type FitHint,
  REJECT_REASONS,
  REVIEW_MESSAGES,
  REVIEW_STATUSES,
  type ReviewDecision,
  type ReviewStatus,
} from "#shared/reviews.ts";
import { reviewSummaryOf } from "../catalog/service.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { notFound } from "../domain-errors.ts";
import { recountReviewSums } from "./sums.ts";

/** Reviews per page of the owner's list. */
const ADMIN_REVIEWS_PAGE = 30;

const adminRow = z.object({
  id: z.string(),
  author: z.string(),
  rating: z.number(),
  fit: z.enum(FIT_NOTES),
  size: z.number(),
  body: z.string(),
  photos: z.array(z.object({ id: z.string(), width: z.number(), height: z.number() })),
  answer: z.string().nullable(),
  created_ms: z.number(),
  product_id: z.string(),
  product_name: z.string(),
  order_id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  reject_reason: z.enum(REJECT_REASONS).nullable(),
});

const toAdminReview = (row: z.output<typeof adminRow>): AdminReview => ({
  id: row.id,
  author: row.author,
  rating: row.rating,
  fit: row.fit,
  size: row.size,
  body: row.body,
  photos: row.photos,
  answer: row.answer,
  createdAt: new Date(row.created_ms).toISOString(),
  productId: row.product_id,
  productName: row.product_name,
  orderId: row.order_id,
  status: row.status,
  rejectReason: row.reject_reason,
});

export interface ReviewModeration {
  list(status: ReviewStatus, page: number): Promise<AdminReviewList>;
  get(id: string): Promise<AdminReview>;
  /** Publishes or keeps off; answers the products whose page changed. */
  decide(id: string, decision: ReviewDecision): Promise<string[]>;
  /** The owner's public answer ('' takes it away); answers the products whose page changed. */
  answer(id: string, answer: string): Promise<string[]>;
  fitHints(): Promise<FitHint[]>;
  /** Sets the style's fit note to what its buyers say; answers the product. */
  takeBuyersFit(productId: string): Promise<string[]>;
}

const ADMIN_COLUMNS = sql`r.id, r.author, r.rating, r.fit, r.size, r.body, r.answer,
  (extract(epoch from r.created_at) * 1000)::float8 as created_ms, r.product_id, p.name as product_name, r.order_id,
  r.status, r.reject_reason,
  coalesce((select json_agg(json_build_object('id', ph.id, 'width', ph.width, 'height', ph.height) order by ph.created_at)
            from review_photos ph where ph.review_id = r.id and ph.status = 'ready'), '[]'::json) as photos`;

const sumsRow = z.object({
  id: z.string(),
  name: z.string(),
  fit_note: z.enum(FIT_NOTES).nullable(),
  rating_count: z.number(),
  rating_sum: z.number(),
  fit_small: z.number(),
  fit_true: z.number(),
  fit_large: z.number(),
});

export function createReviewModeration(db: Db): ReviewModeration {
  async function get(id: string): Promise<AdminReview> {
    const [row] = await selectRows(
      db,
      adminRow,
      sql`select ${ADMIN_COLUMNS} from reviews r join products p on p.id = r.product_id where r.id = ${id}`,
    );
    if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    return toAdminReview(row);
  }

  /** Changes one review under its row's lock and counts its product again; answers the product. */
  async function change(id: string, set: ReturnType<typeof sql>): Promise<string[]> {
    return db.transaction(async (tx) => {
      const [row] = await selectRows(
        tx,
        z.object({ product_id: z.string() }),
        sql`update reviews set ${set} where id = ${id} returning product_id`,
      );
      if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
      await recountReviewSums(tx, row.product_id);
      return [row.product_id];
    });
  }

  return {
    async list(status, page) {
      // The waiting queue oldest first (the longest waiting is read first); the decided newest first.
      const order = status === "pending" ? sql`r.created_at, r.id` : sql`r.decided_at desc nulls last, r.id`;
      const rows = await selectRows(
        db,
        adminRow,
        sql`select ${ADMIN_COLUMNS} from reviews r join products p on p.id = r.product_id
            where r.status = ${status} order by ${order}
            limit ${ADMIN_REVIEWS_PAGE} offset ${(page - 1) * ADMIN_REVIEWS_PAGE}`,
      );
      const counted = await selectRows(
        db,
        z.object({ status: z.enum(REVIEW_STATUSES), n: z.number() }),
        sql`select status, count(*)::int as n from reviews group by status`,
      );
      const counts: Record<ReviewStatus, number> = { pending: 0, approved: 0, rejected: 0 };
      for (const { status: s, n } of counted) counts[s] = n;
      const total = counts[status];
      return { reviews: rows.map(toAdminReview), counts, page, total, hasMore: page * ADMIN_REVIEWS_PAGE < total };
    },

    get,

    decide(id, decision) {
      return decision.action === "approve"
        ? change(id, sql`status = 'approved', reject_reason = null, decided_at = now()`)
        : change(id, sql`status = 'rejected', reject_reason = ${decision.reason}, decided_at = now()`);
    },

    answer(id, answer) {
      return answer === ""
        ? change(id, sql`answer = null, answered_at = null`)
        : change(id, sql`answer = ${answer}, answered_at = now()`);
    },

    async fitHints() {
      const rows = await selectRows(
        db,
        sumsRow,
        sql`select id, name, fit_note, rating_count, rating_sum, fit_small, fit_true, fit_large from products
            where archived_at is null and fit_small + fit_true + fit_large > 0 order by name`,
      );
      return rows.flatMap((row) => {
        const summary = reviewSummaryOf(row);
        const fit = buyersFit(summary);
        if (fit === null || fit === row.fit_note) return [];
        return [
          {
            productId: row.id,
            name: row.name,
            fitNote: row.fit_note,
            buyersFit: fit,
            sentence: fitSummarySentence(summary) ?? "",
          },
        ];
      });
    },

    async takeBuyersFit(productId) {
      const [row] = await selectRows(
        db,
        sumsRow,
        sql`select id, name, fit_note, rating_count, rating_sum, fit_small, fit_true, fit_large from products
            where id = ${productId} and archived_at is null`,
      );
      if (!row) throw notFound("No product has that id.");
      const fit = buyersFit(reviewSummaryOf(row));
      if (fit === null) return [];
      await db.execute(sql`update products set fit_note = ${fit}, updated_at = now() where id = ${productId}`);
      return [productId];
    },
  };
}
