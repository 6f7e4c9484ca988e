// Outgoing mail: SMTP when SMTP_URL is set, else one .eml file per message in DATA_DIR/outbox,
// so reset links and order mails work on a fresh machine and in tests.
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { BrokenPromise } from "../broken-promise.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe on the back-in-stock mails). */
  headers?: Record<string, string>;
  /**
   * Names the message the same on every try (the outbox's rows): its Message-ID becomes
   * `<key@the shop's domain>`, so a mail sent again is recognisably the same one to the receiving
   * server and the customer's mail program, which drop a repeat. Without it, a random one.
   */
  messageKey?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where files go when there is no SMTP server (tests read them). */
  outboxDir: string;
}

/** The sender: `Name <address>`, or its parts (the name is then quoted as the header needs). */
export type MailSender = string | { name: string; address: string };

/** Mail files written by this process, every mailer of it: the tie-breaker of their names. */
let filesWritten = 0;

export function createMailer(options: { smtpUrl: string | undefined; dataDir: string; from: MailSender }): Mailer {
  const outboxDir = path.join(options.dataDir, "outbox");
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let outboxReady: Promise<unknown> | undefined;
  const fromAddress = typeof options.from === "string" ? options.from : options.from.address;
  const domain = /@([^\s>]+)>?\s*$/.exec(fromAddress)?.[1] ?? "localhost";
  return {
    outboxDir,
    async send({ messageKey, ...mail }) {
      const messageId = messageKey ? { messageId: `<${messageKey}@${domain}>` } : {};
      const info = await transport.sendMail({ from: options.from, ...mail, ...messageId });
      if (options.smtpUrl) return;
      const message = (info as { message?: Buffer }).message;
      if (!message) throw new BrokenPromise("The mail could not be rendered.");
      // The folder is made once, not per mail (an order burst sends hundreds a second), and made
      // again after any failure (someone removed it, the disk was full).
      try {
        outboxReady ??= mkdir(outboxDir, { recursive: true });
        await outboxReady;
        // Named by the moment it left, then by a count, so that mails of one millisecond still sort in order.
        filesWritten += 1;
        const stamp = `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(filesWritten).padStart(9, "0")}`;
        const name = `${stamp}-${randomUUID()}.eml`;
        const temp = path.join(outboxDir, `.${name}.tmp`);
        await writeFile(temp, message);
        await rename(temp, path.join(outboxDir, name));
      } catch (error) {
        outboxReady = undefined;
        throw error;
      }
    },
  };
}
