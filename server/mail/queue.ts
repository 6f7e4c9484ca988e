// Every mail that is not one of the outbox's own kinds (an owner's move of an order, a courier file's,
// an exchange's news, a password reset, an e-mail check) is rendered by the change that owes it and
// queued whole in mail_outbox (kind `message`), in that change's own transaction: the mail is owed
// exactly when the change has happened, and a mail server that refuses only delays it
// (docs/decisions/007-mail-outbox.md, "Every mail through the outbox"). The outbox's drainer sends
// it like any other row: leased, retried with a back-off, deleted once sent. No HTTP here.
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Mail, Mailer } from "./mailer.ts";
import { type MailOutbox, type OutboxOptions, outboxRow, startOutboxOf } from "./outbox.ts";

/** What a queued mail keeps: everything the mailer needs but its Message-ID, which the row gives. */
const queuedMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
const messageEntry = outboxRow.extend({ message: queuedMail });
type MessageEntry = z.output<typeof messageEntry>;

/** Wakes this instance's sender of queued mails: called once the transaction that queued them has committed. */
export interface MailWaker {
  wake(): void;
}

/** Queues `mails` in the caller's transaction; nothing is sent until it commits. */
export async function queueMails(tx: Db, mails: readonly Mail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(
    mails.map(({ to, subject, text, html, headers }) => ({
      kind: "message",
      message: { to, subject, text, ...(html === undefined ? {} : { html }), ...(headers ? { headers } : {}) },
    })),
  );
}

/** The drainer of queued mails: every instance runs one. */
export function startQueuedMailOutbox(
  options: Pick<OutboxOptions, "db" | "logError" | "pollMs"> & { mailer: Mailer },
): MailOutbox {
  return startOutboxOf<Mail, MessageEntry>(messageEntry, {
    ...options,
    kinds: ["message"],
    noun: "e-mail",
    render: async (entries) => new Map(entries.map((entry) => [entry.id, entry.message])),
    send: (mail, key) => options.mailer.send({ ...mail, messageKey: key }),
  });
}
