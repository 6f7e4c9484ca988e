// The review request (issue 53, docs/decisions/044-reviews.md, "Asking for a review"): once a
// delivered order's delivery is the owner's days old (review_settings.request_after_days, 3 unless
// saved), its buyer is asked, once per pair (product and size) delivered, by a mail to the account's
// own e-mail naming each pair with the signed link to the form, and on WhatsApp when the shop has it
// (request-whatsapp.ts sends the row queued here). Every instance sweeps; "once" is the primary key
// of review_requests: each batch inserts its pairs with `on conflict do nothing returning`, and only
// the pairs it got back are asked, with the mail and the WhatsApp row queued in that same transaction.
// A second instance sweeping the same orders at the same moment waits on the first's rows, then finds
// them taken and asks nothing. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { arrayParam, selectRows } from "../db/rows.ts";
import { mailOutbox } from "../db/schema.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import { queueMails } from "../mail/queue.ts";
import { customerRecipient } from "../orders/life/status-mail.ts";
import { loadOrder } from "../orders/service.ts";
import type { ReviewLinks } from "./links.ts";
import { type AskedPair, reviewRequestMail } from "./request-mail.ts";
import { readReviewSettings } from "./settings.ts";

/** Orders per transaction: one batch's mails are queued together, and its locks are short. */
const BATCH = 50;
/** Batches per sweep; what is left waits for the next tick (a minute), so one run stays bounded. */
const BATCHES_PER_SWEEP = 20;
/**
 * An ask is made at most this many days after it fell due, never later: the deliveries made before
 * this feature shipped (and any missed while the shop was down for a month) are not flooded with
 * requests. At the default 3 days that is the deliveries of the last 33 days. Counted from the day the
 * ask fell due rather than from the delivery, so an owner's 30 days still asks.
 */
const LATE_AT_MOST_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ReviewRequestDeps {
  links: ReviewLinks;
  shop: ShopContact;
  /** The shop has WhatsApp: each order asked also gets a `whatsapp_review_request` row. */
  whatsapp: boolean;
}

export interface ReviewRequestSweep {
  /** The orders whose buyer was asked in this sweep, with the number of pairs newly asked. */
  asked: { orderId: string; pairs: number }[];
}

const dueRow = z.object({ id: z.string() });
const askedRow = z.object({ order_id: z.string(), product_id: z.string(), size: z.number() });

export async function sweepReviewRequests(
  db: Db,
  deps: ReviewRequestDeps,
  now = new Date(),
): Promise<ReviewRequestSweep> {
  const asked: ReviewRequestSweep["asked"] = [];
  for (let batch = 0; batch < BATCHES_PER_SWEEP; batch++) {
    const { found, told } = await db.transaction((tx) => askBatch(tx, deps, now));
    asked.push(...told);
    if (found < BATCH) break;
  }
  return { asked };
}

/** One transaction: up to BATCH due orders, their pairs claimed, and each new ask queued. */
async function askBatch(tx: Db, deps: ReviewRequestDeps, now: Date) {
  const { requestAfterDays } = await readReviewSettings(tx);
  const dueBy = new Date(now.getTime() - requestAfterDays * DAY_MS);
  const notBefore = new Date(dueBy.getTime() - LATE_AT_MOST_DAYS * DAY_MS);
  // The delivery is the latest move to delivered (as the exchange window counts it,
  // server/orders/exchange-deadline.ts); an order is due while one of its pairs was never asked.
  // Read from the moves to delivered inside the window (order_status_events_delivered_idx), so a
  // sweep reads the last weeks' deliveries, not every order the shop ever delivered.
  const window = sql`between ${notBefore.toISOString()}::timestamptz and ${dueBy.toISOString()}::timestamptz`;
  const due = await selectRows(
    tx,
    dueRow,
    sql`select o.id from orders o
        where o.id in (select d.order_id from order_status_events d
                       where d.to_status = 'delivered' and d.created_at ${window})
          and o.status = 'delivered'
          and (select max(e.created_at) from order_status_events e
               where e.order_id = o.id and e.to_status = 'delivered') ${window}
          and exists (select 1 from order_lines l
                      where l.order_id = o.id
                        and not exists (select 1 from review_requests r
                                        where r.order_id = l.order_id and r.product_id = l.product_id
                                          and r.size = l.size))
        order by o.id
        limit ${BATCH}`,
  );
  if (due.length === 0) return { found: 0, told: [] };
  // In one fixed order, so two sweeps racing over the same orders wait on each other, never deadlock.
  const claimed = await selectRows(
    tx,
    askedRow,
    sql`insert into review_requests (order_id, product_id, size)
        select distinct l.order_id, l.product_id, l.size from order_lines l
        where l.order_id = any(${arrayParam(
          due.map((row) => row.id),
          "uuid",
        )})
        order by l.order_id, l.product_id, l.size
        on conflict do nothing
        returning order_id, product_id, size`,
  );
  const byOrder = new Map<string, Set<string>>();
  for (const row of claimed) {
    const pairs = byOrder.get(row.order_id) ?? new Set<string>();
    pairs.add(pairKey(row.product_id, row.size));
    byOrder.set(row.order_id, pairs);
  }
  const told: ReviewRequestSweep["asked"] = [];
  for (const [orderId, pairs] of byOrder) {
    await askBuyer(tx, deps, orderId, pairs);
    told.push({ orderId, pairs: pairs.size });
  }
  return { found: due.length, told };
}

const pairKey = (productId: string, size: number) => `${productId}/${size}`;

/** Queues the mail naming the pairs newly asked, and the WhatsApp row, in the claim's transaction. */
async function askBuyer(tx: Db, deps: ReviewRequestDeps, orderId: string, asked: Set<string>): Promise<void> {
  const order = await loadOrder(tx, orderId);
  const recipient = await customerRecipient(tx, orderId);
  if (!order || !recipient) return;
  const pairs: AskedPair[] = [];
  const named = new Set<string>();
  for (const item of order.items) {
    const key = pairKey(item.productId, item.size);
    if (!asked.has(key) || named.has(key)) continue;
    named.add(key);
    pairs.push({ name: item.name, size: item.size });
  }
  const mail = reviewRequestMail({
    orderId,
    recipient,
    fullName: order.shippingAddress.fullName,
    pairs,
    formUrl: await deps.links.formUrl(orderId, tx),
    shop: deps.shop,
  });
  await queueMails(tx, [mail]);
  if (deps.whatsapp) await tx.insert(mailOutbox).values({ kind: "whatsapp_review_request", orderId });
}
