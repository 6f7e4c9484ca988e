// The tests' one way to wait for what the shop does in the background (the outbox's senders, the
// photo worker, the sweeps, another process, a log line): `until`, a read polled with Vitest's
// vi.waitFor until it answers what the test waits for. A test that asserts something did NOT happen
// sleeps for no fixed time: it waits for the work that would have done it to finish
// (`allMailsSent`), then counts exactly.
import { sql } from "drizzle-orm";
import { vi } from "vitest";
import type { Db } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";

export interface UntilOptions {
  /** The whole wait, in ms: 10 s unless told (what most of the loops it replaced allowed). */
  timeout?: number;
  /** Between two reads, in ms: 20 unless told. */
  interval?: number;
}

/**
 * Reads `read` every `interval` ms until `done` takes what it answered, and answers that; after
 * `timeout` ms fails naming `what` and showing the last answer (or the error the last read threw).
 */
export function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  { timeout = 10_000, interval = 20 }: UntilOptions = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`timed out after ${timeout} ms waiting for ${what}; last read ${shown(value)}`);
      return value;
    },
    { timeout, interval },
  );
}

/** What a read answered, in a line of the failure (a value JSON cannot hold is named as a string). */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/**
 * Waits until the mail outbox holds no e-mail row (none of these orders, when ids are given). A row
 * is deleted only after its message was handed over (written to DATA_DIR/outbox, or accepted by the
 * SMTP server: server/mail/outbox.ts), and a request queues its mails before it answers: from then
 * on every mail that what the test did so far owes has been sent, so a count of them is final and a
 * mail not there was never owed. (A row that keeps failing stays, and the wait fails: it never
 * passes on a mail still to come.)
 */
export async function allMailsSent(db: Db, orderIds?: readonly string[], options?: UntilOptions): Promise<void> {
  const ofOrders = orderIds ? sql` and order_id in ${[...orderIds]}` : sql``;
  await until(
    async () =>
      (
        await selectRowsAsserted<{ n: number }>(
          db,
          sql`select count(*)::int as n from mail_outbox where kind not like 'whatsapp%'${ofOrders}`,
        )
      )[0]?.n ?? 0,
    (n) => n === 0,
    orderIds ? `the mails of orders ${orderIds.join(", ")} to be sent` : "every queued mail to be sent",
    options,
  );
}
