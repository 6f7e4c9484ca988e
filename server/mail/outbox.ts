// Draining the mail outbox (table mail_outbox): what a request promised to mail was written in the
// same statement as the order itself (every other mail in its change's transaction, server/mail/queue.ts),
// and this loop sends it. Every instance runs one; a batch is
// leased (`for update skip locked`, then a 30 s lease that the sender renews while it works), so two
// live instances never send the same row, and a row whose sender died is sent again once its lease
// runs out (a customer may, rarely, get a mail twice, but never none; the repeat carries the same
// Message-ID). Each message's rows are deleted right after its own send, not after the batch, and a
// delete that fails is remembered and retried before anything else is sent, so a database fault
// repeats nothing. A failed send waits longer each time. No HTTP here.
import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Mail, Mailer } from "./mailer.ts";

/** What every claimed row answers; a drainer's schema adds the columns its kinds name. */
export const outboxRow = z.object({
  id: z.string(),
  kind: z.string(),
  attempts: z.number(),
  /** When it was queued: the moment the shop asked, whenever the send succeeded. */
  queued_ms: z.number(),
});
type OutboxRow = z.output<typeof outboxRow>;
/** A claimed row of one of the order kinds (the table's check: an order's kinds carry its id). */
const orderOutboxEntry = outboxRow.extend({ order_id: z.string() });
export type OutboxEntry = z.output<typeof orderOutboxEntry>;
/** A claimed row of a back-in-stock kind: it names the customer's stock alert instead. */
export const stockAlertOutboxEntry = outboxRow.extend({ stock_alert_id: z.string() });

export interface MailOutbox {
  /** Something was queued here: drain now rather than at the next poll. */
  wake(): void;
  /** Sends everything due now (tests, shutdown); answers how many were sent. */
  drain(): Promise<number>;
  /** Stops polling and waits for the batch in hand; what is left stays queued for the next start. */
  close(): Promise<void>;
}

/** The outbox's kinds that are e-mails; the others (WhatsApp) have a drainer of their own. */
export const MAIL_KINDS = ["order_confirmation", "order_alert", "confirm_reminder", "confirm_expired"] as const;
export const WHATSAPP_KINDS = ["whatsapp_confirm", "whatsapp_reminder"] as const;

/** One channel's drainer of the outbox: its kinds, how a batch becomes messages, how one is sent. */
export interface ChannelOutboxOptions<M, E extends OutboxRow = OutboxEntry> {
  db: Db;
  /** The rows this drainer claims; another channel's rows are left to its own drainer. */
  kinds: readonly string[];
  /**
   * The messages of a batch, by entry id; an entry missing from the answer is dropped (its order is
   * gone). Entries answered with the same message object (the shop's alerts of a batch) share one send.
   */
  render(entries: E[]): Promise<Map<string, M>>;
  /**
   * Sends one message. `key` names it the same way on every try (the outbox rows it settles): the
   * mailer's Message-ID, an idempotency key where the channel has one.
   */
  send(message: M, key: string): Promise<void>;
  /** After a batch: what was sent (the confirmation history records it). */
  sent?(entries: E[]): Promise<void>;
  /** What the log calls a failed send: 'e-mail', 'WhatsApp message'. */
  noun: string;
  logError(error: unknown, message: string): void;
  pollMs?: number;
  batchSize?: number;
}

export interface OutboxOptions extends Omit<ChannelOutboxOptions<Mail>, "kinds" | "send" | "noun"> {
  mailer: Mailer;
}

/** The e-mail drainer: the mail kinds, sent by the mailer. */
export function startMailOutbox(options: OutboxOptions): MailOutbox {
  return startOutbox<Mail>({
    ...options,
    kinds: MAIL_KINDS,
    noun: "e-mail",
    send: (mail, key) => options.mailer.send({ ...mail, messageKey: key }),
  });
}

/**
 * A wake-up waits this long, so that a burst of orders is claimed and rendered as one batch rather
 * than one batch per order; a customer does not notice 50 ms.
 */
const WAKE_DELAY_MS = 50;
/**
 * How long a claimed row is left to its sender before another instance may try it: what a dead
 * sender's mails wait. A live sender renews the lease of what it still holds every RENEW_MS, so a
 * slow mail server does not hand its rows to another instance.
 */
const LEASE_SECONDS = 30;
const RENEW_MS = 10_000;
/** Back-off after the n-th failure: 30 s, 1 min, 2 min, … at most an hour. */
const retryDelaySeconds = (attempts: number) => Math.min(3_600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * The name of a message on every try: the ids of the rows it settles (a shared mail, hashed). The
 * mailer makes it the Message-ID, so a resend is recognisably the same message.
 */
function messageKey(entries: readonly OutboxRow[]): string {
  const ids = entries.map((entry) => entry.id).sort();
  if (ids.length === 1) return `outbox-${ids[0]}`;
  return `outbox-${createHash("sha256").update(ids.join(",")).digest("hex").slice(0, 32)}`;
}

/** Postgres array literals of ids and of numbers, for `= any(…)` and `unnest(…)`. */
const uuids = (ids: readonly string[]) => `{${ids.join(",")}}`;
const numbers = (values: readonly number[]) => `{${values.join(",")}}`;

/** A drainer of the order kinds. */
export function startOutbox<M>(options: ChannelOutboxOptions<M>): MailOutbox {
  return startOutboxOf(orderOutboxEntry, options);
}

/** A drainer whose rows are read by `entry` (stockAlertOutboxEntry for the back-in-stock kinds). */
export function startOutboxOf<M, E extends OutboxRow>(
  entry: z.ZodType<E>,
  options: ChannelOutboxOptions<M, E>,
): MailOutbox {
  const { db } = options;
  const kinds = `{${options.kinds.join(",")}}`;
  const pollMs = options.pollMs ?? 2_000;
  const batchSize = options.batchSize ?? 50;
  let running: Promise<number> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  /**
   * Claims this sender holds: the row's id and the try that claimed it (`attempts`, which every
   * claim raises, so a claim taken over by another instance no longer matches). The message being
   * sent, and rows sent whose delete failed: their leases are renewed until they are settled.
   */
  const held = new Map<string, number>();
  /** Sent, but the delete that says so failed: deleted at the next drain, never sent again from here. */
  const unsettled = new Set<string>();

  async function claim(): Promise<E[]> {
    // Raw: an update from a `for update skip locked` subquery, so instances never claim the same row.
    // `returning` keeps no order, so the batch is put back in the order its rows were queued: one
    // parcel's 'on its way' and 'out for delivery', claimed together, leave in that order.
    const rows = await selectRows(
      db,
      entry.and(z.object({ queued_seq: z.coerce.number() })),
      sql`update mail_outbox m
          set attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          from (select id from mail_outbox where next_attempt_at <= now() and kind = any(${kinds}::text[])
                order by next_attempt_at, queued_seq limit ${batchSize} for update skip locked) due
          where m.id = due.id
          returning m.id, m.kind, m.order_id, m.stock_alert_id, m.message, m.attempts, m.queued_seq,
                    (extract(epoch from m.created_at) * 1000)::float8 as queued_ms`,
    );
    return rows.sort((a, b) => a.queued_seq - b.queued_seq);
  }

  /**
   * One statement between two sends: deletes the rows just sent (or dropped), and renews the lease
   * of the next message's rows if they are still this sender's claim; answers which are. A row
   * another instance claimed meanwhile (this sender was stalled past its lease) is left to it.
   */
  async function settleAndRenew(done: readonly string[], next: readonly E[]): Promise<Set<string>> {
    const rows = await selectRows(
      db,
      z.object({ id: z.string() }),
      sql`with gone as (delete from mail_outbox where id = any(${uuids(done)}::uuid[]))
          update mail_outbox m set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          from unnest(${uuids(next.map((e) => e.id))}::uuid[], ${numbers(next.map((e) => e.attempts))}::int[]) as mine(id, attempts)
          where m.id = mine.id and m.attempts = mine.attempts
          returning m.id`,
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Renews the leases this sender holds (a long send; sent rows not yet deleted). */
  async function renewHeld(): Promise<void> {
    if (held.size === 0) return;
    await db.execute(
      sql`update mail_outbox m set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          from unnest(${uuids([...held.keys()])}::uuid[], ${numbers([...held.values()])}::int[]) as mine(id, attempts)
          where m.id = mine.id and m.attempts = mine.attempts`,
    );
  }

  /** Deletes the rows sent earlier whose delete failed; throws while the database still refuses. */
  async function settleEarlier(): Promise<void> {
    if (unsettled.size === 0) return;
    const ids = [...unsettled];
    await db.delete(mailOutbox).where(inArray(mailOutbox.id, ids));
    for (const id of ids) {
      unsettled.delete(id);
      held.delete(id);
    }
  }

  async function sendBatch(entries: E[]): Promise<number> {
    const mails = await options.render(entries);
    let done: string[] = [];
    const sentEntries: E[] = [];
    const owedBy = new Map<M, E[]>();
    for (const entry of entries) {
      const mail = mails.get(entry.id);
      if (!mail) done.push(entry.id);
      else owedBy.set(mail, [...(owedBy.get(mail) ?? []), entry]);
    }
    let count = done.length;
    // One message at a time, each settled before the next is sent: a failure of the database
    // after a send leaves that one message unsettled, not a batch, and this sender remembers it.
    try {
      for (const [mail, owing] of owedBy) {
        let mine: Set<string>;
        try {
          mine = await settleAndRenew(done, owing);
        } catch (error) {
          for (const id of done) unsettled.add(id);
          throw error;
        }
        for (const id of done) held.delete(id);
        done = [];
        // Stalled past its lease: what another instance claimed meanwhile is its to send.
        const ours = owing.filter((owed) => mine.has(owed.id));
        if (ours.length === 0) continue;
        for (const owed of ours) held.set(owed.id, owed.attempts);
        try {
          await options.send(mail, messageKey(ours));
          done = ours.map((owed) => owed.id);
          sentEntries.push(...ours);
          count += ours.length;
        } catch (error) {
          for (const owed of ours) held.delete(owed.id);
          await failed(ours, error);
        }
      }
      try {
        if (done.length > 0) await db.delete(mailOutbox).where(inArray(mailOutbox.id, done));
      } catch (error) {
        for (const id of done) unsettled.add(id);
        throw error;
      }
      for (const id of done) held.delete(id);
    } finally {
      // Only a note of what went out: a failure here loses a line of history, never a message.
      if (sentEntries.length > 0)
        await options
          .sent?.(sentEntries)
          .catch((error: unknown) => options.logError(error, "could not record what the outbox sent"));
    }
    return count;
  }

  /** A send failed: the rows wait their back-off (only if they are still this sender's claim). */
  async function failed(owing: E[], error: unknown): Promise<void> {
    for (const owed of owing) {
      options.logError(
        error,
        `${owed.kind.replaceAll("_", " ")} ${options.noun} failed (try ${owed.attempts}); it stays queued`,
      );
      await db
        .update(mailOutbox)
        .set({
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(owed.attempts)})`,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
        })
        .where(and(eq(mailOutbox.id, owed.id), eq(mailOutbox.attempts, owed.attempts)));
    }
  }

  async function drainAll(): Promise<number> {
    await settleEarlier();
    let sent = 0;
    for (;;) {
      // Oldest first: one order's messages go in the order they were owed (a parcel's steps, issue 53).
      const entries = (await claim()).sort((a, b) => a.queued_ms - b.queued_ms);
      if (entries.length === 0) return sent;
      sent += await sendBatch(entries);
      if (entries.length < batchSize) return sent;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drainAll()
      .catch((error: unknown) => {
        options.logError(error, "mail outbox could not be read or updated; retrying at the next poll");
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          void drain();
        }
      });
    return running;
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => {
      void drain().finally(schedule);
    }, pollMs);
    timer.unref();
  }
  schedule();
  const renewing = setInterval(() => {
    renewHeld().catch((error: unknown) => options.logError(error, "could not renew the outbox's leases"));
  }, RENEW_MS);
  renewing.unref();

  return {
    wake() {
      if (closed || wakeTimer) return;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        void drain();
      }, WAKE_DELAY_MS);
      wakeTimer.unref();
    },
    drain,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      await running;
      clearInterval(renewing);
      await settleEarlier().catch((error: unknown) =>
        options.logError(
          error,
          `${unsettled.size} sent messages are still queued; another instance may send them again`,
        ),
      );
    },
  };
}
