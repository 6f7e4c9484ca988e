// Draining the mail outbox (table mail_outbox): what a request promised to mail was written in the
// same statement as the order itself, and this loop sends it. Every instance runs one; a batch is
// leased (`for update skip locked`, then a lease time), so two instances never send the same row
// at once, and a row whose sender died mid-send is sent again when its lease runs out (a customer
// may, rarely, get a mail twice, but never none). A sent row is deleted; a failed one waits longer
// each time. No HTTP here.
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Mail, Mailer } from "./mailer.ts";

const outboxRow = z.object({
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
  send(message: M): Promise<void>;
  /** After a batch's sent rows are deleted: what was sent (the confirmation history records it). */
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
    send: (mail) => options.mailer.send(mail),
  });
}

/**
 * A wake-up waits this long, so that a burst of orders is claimed, rendered and deleted as one
 * batch (three statements) rather than one batch per order; a customer does not notice 50 ms.
 */
const WAKE_DELAY_MS = 50;
/** How long a claimed row is left to its sender before another instance may try it. */
const LEASE_SECONDS = 120;
/** Back-off after the n-th failure: 30 s, 1 min, 2 min, … at most an hour. */
const retryDelaySeconds = (attempts: number) => Math.min(3_600, 30 * 2 ** Math.max(0, attempts - 1));

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

  async function claim(): Promise<E[]> {
    // Raw: an update from a `for update skip locked` subquery, so instances never claim the same row.
    return selectRows(
      db,
      entry,
      sql`update mail_outbox m
          set attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          from (select id from mail_outbox where next_attempt_at <= now() and kind = any(${kinds}::text[])
                order by next_attempt_at limit ${batchSize} for update skip locked) due
          where m.id = due.id
          returning m.id, m.kind, m.order_id, m.stock_alert_id, m.attempts,
                    (extract(epoch from m.created_at) * 1000)::float8 as queued_ms`,
    );
  }

  async function sendBatch(entries: E[]): Promise<number> {
    const mails = await options.render(entries);
    const done: string[] = [];
    const sentEntries: E[] = [];
    const owedBy = new Map<M, E[]>();
    for (const entry of entries) {
      const mail = mails.get(entry.id);
      if (!mail) done.push(entry.id);
      else owedBy.set(mail, [...(owedBy.get(mail) ?? []), entry]);
    }
    for (const [mail, owing] of owedBy) {
      try {
        await options.send(mail);
        done.push(...owing.map((entry) => entry.id));
        sentEntries.push(...owing);
      } catch (error) {
        for (const entry of owing) {
          options.logError(
            error,
            `${entry.kind.replaceAll("_", " ")} ${options.noun} failed (try ${entry.attempts}); it stays queued`,
          );
          await db
            .update(mailOutbox)
            .set({
              nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(entry.attempts)})`,
              lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
            })
            .where(eq(mailOutbox.id, entry.id));
        }
      }
    }
    if (done.length > 0) await db.delete(mailOutbox).where(inArray(mailOutbox.id, done));
    // Only a note of what went out: a failure here loses a line of history, never a message.
    if (sentEntries.length > 0)
      await options
        .sent?.(sentEntries)
        .catch((error: unknown) => options.logError(error, "could not record what the outbox sent"));
    return done.length;
  }

  async function drainAll(): Promise<number> {
    let sent = 0;
    for (;;) {
      const entries = await claim();
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
        options.logError(error, "mail outbox could not be read; retrying at the next poll");
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
    },
  };
}
