// A buyer's review from the request's signed link (issue 53, docs/decisions/044-reviews.md): the form
// lists the link's order's delivered pairs; a review names one of them, once. The link is the only
// permission (no sign-in): a token for another order, or a pair not in the token's order, is refused
// before anything is written. A review waits for the owner unless the owner's rule (so many stars and
// up, no photos) publishes it at once, in which case the product's sums are counted again in the
// same transaction. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  REVIEW_MESSAGES,
  type ReviewForm,
  type ReviewSent,
  type ReviewStatus,
  type reviewInputSchema,
} from "#shared/reviews.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { conflict, forbidden, invalid } from "../domain-errors.ts";
import type { ReviewLinks } from "./links.ts";
import { readReviewSettings } from "./settings.ts";
import { recountReviewSums } from "./sums.ts";

export interface ReviewService {
  /** What the link's form shows: the buyer's first name and the order's pairs. */
  form(token: string): Promise<ReviewForm>;
  /** Keeps a review of one pair of the link's order; `productIds` to publish when it went live. */
  submit(input: z.output<typeof reviewInputSchema>): Promise<ReviewSent & { productIds: string[] }>;
  /** The order a link names, refused (400) when forged or damaged. */
  orderOf(token: string): Promise<string>;
}

const formRow = z.object({
  full_name: z.string(),
  delivered: z.boolean(),
  pairs: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      size: z.number(),
      image_url: z.array(z.string()),
      reviewed: z.boolean(),
    }),
  ),
});

/** 'Ayesha Khan' → 'Ayesha K.': the page never shows a surname (issue 53). */
export function publicAuthor(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return "A buyer";
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** Whether the order was ever delivered (an exchange later does not take its pairs' reviews away). */
const WAS_DELIVERED = sql`exists (select 1 from order_status_events e where e.order_id = o.id and e.to_status = 'delivered')`;

export function createReviewService(db: Db, deps: { links: ReviewLinks }): ReviewService {
  async function orderOf(token: string): Promise<string> {
    const orderId = await deps.links.check(token);
    if (!orderId) throw invalid(REVIEW_MESSAGES.badLink);
    return orderId;
  }

  return {
    orderOf,

    async form(token) {
      const orderId = await orderOf(token);
      const [row] = await selectRows(
        db,
        formRow,
        sql`select o.full_name, ${WAS_DELIVERED} as delivered,
                   coalesce((select json_agg(json_build_object('product_id', l.product_id, 'name', l.name, 'size', l.size,
                                'image_url', l.image_url,
                                'reviewed', exists (select 1 from reviews r where r.order_id = o.id
                                                    and r.product_id = l.product_id and r.size = l.size))
                              order by l.line_no)
                             from order_lines l where l.order_id = o.id), '[]'::json) as pairs
            from orders o where o.id = ${orderId}`,
      );
      // The order is gone (deleted with its account): the link names nothing any more.
      if (!row) throw invalid(REVIEW_MESSAGES.badLink);
      if (!row.delivered) throw conflict(REVIEW_MESSAGES.notDelivered);
      const seen = new Set<string>();
      const pairs = row.pairs.filter((pair) => {
        const key = `${pair.product_id}/${pair.size}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return {
        firstName: publicAuthor(row.full_name).split(" ")[0] ?? "",
        pairs: pairs.map((pair) => ({
          productId: pair.product_id,
          name: pair.name,
          size: pair.size,
          image: pair.image_url[0] ?? null,
          reviewed: pair.reviewed,
        })),
      };
    },

    async submit(input) {
      const orderId = await orderOf(input.token);
      return db.transaction(async (tx) => {
        // The order's row locked: its pairs and its delivery are read as they stand.
        const [order] = await selectRows(
          tx,
          z.object({ full_name: z.string(), delivered: z.boolean(), has_pair: z.boolean() }),
          sql`select o.full_name, ${WAS_DELIVERED} as delivered,
                     exists (select 1 from order_lines l where l.order_id = o.id
                             and l.product_id = ${input.productId} and l.size = ${input.size}) as has_pair
              from orders o where o.id = ${orderId} for update`,
        );
        if (!order) throw invalid(REVIEW_MESSAGES.badLink);
        if (!order.has_pair) throw forbidden(REVIEW_MESSAGES.notYours);
        if (!order.delivered) throw conflict(REVIEW_MESSAGES.notDelivered);
        const stars = (await readReviewSettings(tx)).autoApproveMinStars;
        // Photos are the owner's to see first: a review that will carry some always waits.
        const live = stars !== null && input.rating >= stars && input.photoCount === 0;
        const status: ReviewStatus = live ? "approved" : "pending";
        const [saved] = await selectRows(
          tx,
          z.object({ id: z.string() }),
          sql`insert into reviews (order_id, product_id, size, rating, fit, body, author, status, decided_at)
              values (${orderId}, ${input.productId}, ${input.size}, ${input.rating}, ${input.fit}, ${input.body},
                      ${publicAuthor(order.full_name)}, ${status}, ${live ? sql`now()` : null})
              on conflict (order_id, product_id, size) do nothing
              returning id`,
        );
        if (!saved) throw conflict(REVIEW_MESSAGES.already);
        if (live) await recountReviewSums(tx, input.productId);
        return {
          id: saved.id,
          status,
          message: live ? REVIEW_MESSAGES.thanksLive : REVIEW_MESSAGES.thanks,
          productIds: live ? [input.productId] : [],
        };
      });
    },
  };
}
