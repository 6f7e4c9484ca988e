// What the shop's WhatsApp messages about an order may say, and how many it sends (issue 45, finding
// 2; docs/decisions/024, "Phones"). Anyone can type anyone's mobile at checkout, and a message from
// the shop's business number reads as the shop speaking. So:
// - a phone is proven for an account once a Confirm press on the shop's request came from that very
//   number (whatsapp-inbound.ts); until then the messages carry only the shop's words, the items and
//   the amount (whatsapp-message.ts);
// - every request and reminder is decided before it is sent, under locks on its phone and its
//   account, against two limits over the last 24 hours; over either it is skipped: not sent, a line
//   in the order's confirmation history says so, and the e-mail (its own outbox row) goes as always.
// No HTTP here.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { orderConfirmationEvents, orders, provenPhones, whatsappSends } from "../db/schema.ts";
import type { WHATSAPP_KINDS } from "../mail/outbox.ts";

/**
 * The limits, over any 24 hours (docs/product.md section 9):
 * - unprovenPhone, 3: what one number gets for accounts it has not proven itself to. An order sends
 *   its request and at most one reminder, so a real customer who has not pressed a button yet can
 *   still place a second order that day and be asked; a stranger whose number others type gets at
 *   most three messages a day, in the shop's words only, however many orders and accounts are made
 *   (the security test's one account placed and cancelled 10 orders in 8 s, and 7 messages went).
 * - account, 10: everything one account's orders send, to any numbers, proven or not: five orders a
 *   day with their reminders, well past what a customer orders (three may be open at once); it caps
 *   how many strangers one account can reach and what it costs on Meta's bill.
 */
export const WHATSAPP_DAILY_LIMITS = { unprovenPhone: 3, account: 10 } as const;

/** Advisory lock classes (the two-key form): one number's decisions, one account's, one at a time. */
const PHONE_LOCKS = 727_045;
const ACCOUNT_LOCKS = 727_046;

export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

interface SendDecision {
  send: boolean;
  /** The phone is proven for the order's account: the message may carry the typed name and address. */
  proven: boolean;
}

/**
 * A Confirm press from `phone` (E.164) answered one of the account's orders: its owner has shown the
 * number is theirs. The first proof's time is kept.
 */
export async function provePhone(db: Db, userId: string, phone: string): Promise<void> {
  await db.insert(provenPhones).values({ userId, phone }).onConflictDoNothing();
}

const countsRow = z.object({
  proven: z.boolean(),
  decided: z.boolean().nullable(),
  phone_sent: z.number(),
  account_sent: z.number(),
});

/**
 * Whether the order's message of `kind` to `phone` (E.164) goes, and whether it may say what was
 * typed. Decided once per order and kind: a send that failed and is tried again keeps its first
 * decision and is not counted twice. A skip is written into the order's confirmation history.
 */
export async function decideSend(
  db: Db,
  message: { orderId: string; kind: WhatsAppKind; phone: string },
): Promise<SendDecision> {
  const { orderId, kind, phone } = message;
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (!order) return { send: false, proven: false };
    const { userId } = order;
    // Phone first, then account, on every path: two decisions never wait for each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_LOCKS}, hashtext(${phone}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCKS}, hashtext(${userId}::text))`);
    const [counts] = await selectRows(
      tx,
      countsRow,
      sql`select exists (select 1 from proven_phones where user_id = ${userId} and phone = ${phone}) as proven,
                 (select not skipped from whatsapp_sends where order_id = ${orderId} and kind = ${kind}) as decided,
                 (select count(*)::int from whatsapp_sends where phone = ${phone} and unproven and not skipped
                    and decided_at > now() - interval '1 day') as phone_sent,
                 (select count(*)::int from whatsapp_sends where user_id = ${userId} and not skipped
                    and decided_at > now() - interval '1 day') as account_sent`,
    );
    if (!counts) throw new BrokenPromise("decideSend: the counts answered no row");
    const { proven } = counts;
    // Decided before (a retry): the same answer. A skipped message left the outbox, so it is not asked again.
    if (counts.decided !== null) return { send: counts.decided, proven };
    const skipped =
      counts.account_sent >= WHATSAPP_DAILY_LIMITS.account ||
      (!proven && counts.phone_sent >= WHATSAPP_DAILY_LIMITS.unprovenPhone);
    await tx.insert(whatsappSends).values({ orderId, kind, phone, userId, unproven: !proven, skipped });
    if (skipped) await tx.insert(orderConfirmationEvents).values({ orderId, kind: "skipped", channel: "whatsapp" });
    return { send: !skipped, proven };
  });
}
