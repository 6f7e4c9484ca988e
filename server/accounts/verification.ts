// Proving that an account's e-mail reaches its owner (issue 34, item 6; docs/decisions/024). Anyone
// can sign up with any address, so until its owner presses a link the shop mailed there, the shop's
// mails to it carry none of the text typed into the account's orders. Sign-up mails a link whose
// token names the account and its address, signed (HMAC-SHA256) like the confirmation links, so it
// needs no table, cannot be made up, and dies if the address ever changes. A press on it, on the
// order confirmation link, or a confirmed password reset proves the address (`proveEmail`). The
// mail is queued in the outbox with the new account itself (server/accounts/service.ts). No HTTP here.
import { and, eq, isNull, sql } from "drizzle-orm";
import { EMAIL_VERIFIED, VERIFY_LINK_DAYS, VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID } from "#shared/accounts.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { Mail } from "../mail/mailer.ts";
import { tokenSigner } from "../signed-tokens.ts";
import { verifyEmailMail } from "./mail-templates.ts";

const SECRET_NAME = "email_verify_links";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type VerifyResult = { ok: true; message: string } | { ok: false; message: string };

export interface EmailVerification {
  /** The 'confirm your e-mail' mail of a new account, with its signed link (queued by sign-up). */
  linkMail(user: { id: string; email: string }): Promise<Mail>;
  /** The press on that link: proves the address when the token is genuine and unexpired. */
  verify(token: string, now?: Date): Promise<VerifyResult>;
  /**
   * What the link's page shows before any press (it proves nothing): whether the address is proven
   * already (by an order's link, a reset, an earlier press), or why the link cannot be used.
   */
  read(token: string, now?: Date): Promise<VerifyLinkState>;
}

export type VerifyLinkState = { ok: true; proven: boolean } | { ok: false; message: string };

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
  publicUrl: string;
  secret?: string | undefined;
}): EmailVerification {
  const { db, publicUrl } = deps;
  const signer = tokenSigner(db, SECRET_NAME, deps.secret);
  // The address is part of what is signed, so a link stops working if the account's e-mail changes.
  const signed = (userId: string, expires: string, email: string) =>
    `verify-email.${userId}.${expires}.${email.toLowerCase()}`;

  /** The account a genuine token names; `proven` only once its signature is checked. */
  async function check(
    token: string,
    now: Date,
  ): Promise<{ ok: true; userId: string; proven: boolean } | { ok: false; message: string; proven: boolean }> {
    const [userId, expires, given, ...rest] = token.split(".");
    if (!userId || !expires || !given || rest.length > 0 || !UUID.test(userId))
      return { ok: false, message: VERIFY_LINK_INVALID, proven: false };
    const [user] = await db
      .select({ email: users.email, provenAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return { ok: false, message: VERIFY_LINK_INVALID, proven: false };
    if (!(await signer.verify(signed(userId, expires, user.email), given)))
      return { ok: false, message: VERIFY_LINK_INVALID, proven: false };
    const proven = user.provenAt !== null;
    const expiresAt = Number.parseInt(expires, 36);
    if (!Number.isFinite(expiresAt) || expiresAt * 1000 < now.getTime())
      return { ok: false, message: VERIFY_LINK_EXPIRED, proven };
    return { ok: true, userId, proven };
  }

  return {
    async linkMail(user) {
      const expires = (Math.floor(Date.now() / 1000) + VERIFY_LINK_DAYS * 86_400).toString(36);
      const token = `${user.id}.${expires}.${await signer.sign(signed(user.id, expires, user.email))}`;
      const link = `${publicUrl}/verify-email?token=${token}`;
      return verifyEmailMail({ to: user.email, link, days: VERIFY_LINK_DAYS });
    },

    async verify(token, now = new Date()) {
      const checked = await check(token, now);
      if (!checked.ok) return { ok: false, message: checked.message };
      await proveEmail(db, checked.userId);
      return { ok: true, message: EMAIL_VERIFIED };
    },

    async read(token, now = new Date()) {
      const checked = await check(token, now);
      // A proven address is said so even on an expired link: nothing is left to do.
      if (!checked.ok) return checked.proven ? { ok: true, proven: true } : { ok: false, message: checked.message };
      return { ok: true, proven: checked.proven };
    },
  };
}
