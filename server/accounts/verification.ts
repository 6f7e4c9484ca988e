// Proving that an account's e-mail reaches its owner (issue 34, item 6; docs/decisions/024). Anyone
// can sign up with any address, so until its owner presses a link the shop mailed there, the shop's
// mails to it carry none of the text typed into the account's orders. Sign-up mails a link whose
// token names the account and its address, signed (HMAC-SHA256) like the confirmation links, so it
// needs no table, cannot be made up, and dies if the address ever changes. A press on it, on the
// order confirmation link, or a confirmed password reset proves the address (`proveEmail`).
// No HTTP here.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { EMAIL_VERIFIED, VERIFY_LINK_DAYS, VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID } from "#shared/accounts.ts";
import { tokenSigner } from "../confirmation/links.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { verifyEmailMail } from "./mail-templates.ts";

const SECRET_NAME = "email_verify_links";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type VerifyResult = { ok: true; message: string } | { ok: false; message: string };

export interface EmailVerification {
  /** Mails the 'confirm your e-mail' link to a new account, in the background. */
  sendLink(user: { id: string; email: string }): void;
  /** The press on that link: proves the address when the token is genuine and unexpired. */
  verify(token: string, now?: Date): Promise<VerifyResult>;
  /** Resolves when every mail started so far has been handed over. */
  settled(): Promise<void>;
}

/**
 * The account's owner pressed a link the shop mailed to its address: from now on the shop's mails
 * there may carry what they typed. The first proof's time is kept.
 */
export async function proveEmail(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

export function createEmailVerification(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret?: string | undefined;
  log: FastifyBaseLogger;
}): EmailVerification {
  const { db, mailer, publicUrl, log } = deps;
  const pending = new Set<Promise<void>>();
  const signer = tokenSigner(db, SECRET_NAME, deps.secret);
  // The address is part of what is signed, so a link stops working if the account's e-mail changes.
  const signed = (userId: string, expires: string, email: string) =>
    `verify-email.${userId}.${expires}.${email.toLowerCase()}`;

  return {
    sendLink(user) {
      const sending = (async () => {
        const expires = (Math.floor(Date.now() / 1000) + VERIFY_LINK_DAYS * 86_400).toString(36);
        const token = `${user.id}.${expires}.${await signer.sign(signed(user.id, expires, user.email))}`;
        const link = `${publicUrl}/verify-email?token=${token}`;
        await mailer.send(verifyEmailMail({ to: user.email, link, days: VERIFY_LINK_DAYS }));
      })()
        .catch((err: unknown) => log.error({ err }, "e-mail verification mail not sent"))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },

    async verify(token, now = new Date()) {
      const [userId, expires, given, ...rest] = token.split(".");
      if (!userId || !expires || !given || rest.length > 0 || !UUID.test(userId))
        return { ok: false, message: VERIFY_LINK_INVALID };
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) return { ok: false, message: VERIFY_LINK_INVALID };
      if (!(await signer.verify(signed(userId, expires, user.email), given)))
        return { ok: false, message: VERIFY_LINK_INVALID };
      const expiresAt = Number.parseInt(expires, 36);
      if (!Number.isFinite(expiresAt) || expiresAt * 1000 < now.getTime())
        return { ok: false, message: VERIFY_LINK_EXPIRED };
      await proveEmail(db, userId);
      return { ok: true, message: EMAIL_VERIFIED };
    },

    async settled() {
      await Promise.allSettled([...pending]);
    },
  };
}
