// Password reset that only the owner of the e-mail who chose the password can complete (docs/architecture.md
// section 3): the request stores the new password's hash beside a token; the mailed link's page asks
// for that password again, and only a match applies it and ends every session of the account.
import { randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { RESET_CONFIRM_TRIES, RESET_LINK_MINUTES, type ResetConfirmInput, type ResetInput } from "#shared/accounts.ts";
import type { Db } from "../db/client.ts";
import { passwordResets, users } from "../db/schema.ts";
import { queueMails } from "../mail/queue.ts";
import { resetPasswordMail } from "./mail-templates.ts";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";
import { type Result, refused } from "./service.ts";
import { endAllSessions, hashToken } from "./sessions.ts";

/** A wrong password names its field, so the form marks it. */
/** On success, the account's e-mail (the browser that confirmed becomes a known device). */
export type ConfirmResult = { ok: true; email: string } | { ok: false; message: string; field?: "newPassword" };

export interface ResetService {
  /** Same answer and the same hashing whether or not the e-mail has an account. */
  request(input: ResetInput): Promise<Result<object>>;
  /** Applies the pending password only when `newPassword` is that password, typed again. */
  confirm(input: ResetConfirmInput): Promise<ConfirmResult>;
}

const LINK_INVALID = "This link is not valid. Please ask for a new one on the reset password page.";
const LINK_USED =
  "This link was already used, or the password was changed with another link. Please ask for a new one if you still need it.";
const LINK_EXPIRED = `This link has expired (links last ${RESET_LINK_MINUTES} minutes). Please ask for a new one.`;
const LINK_TOO_MANY_TRIES =
  "Too many wrong passwords: this link no longer works. Please ask for a new one on the reset password page.";
/**
 * Reset links mailed per account per hour. Anyone who knows an e-mail can ask, so without a cap one
 * victim's mailbox could be flooded from many addresses (the per-address limit does not see that).
 */
export const RESET_MAILS_PER_HOUR = 3;

const wrongPassword = (left: number) =>
  `That is not the new password you chose when you asked for this link. ${left} ${left === 1 ? "try" : "tries"} left.`;

export function createResetService(deps: { db: Db; publicUrl: string }): ResetService {
  const { db, publicUrl } = deps;

  /** Why a link can no longer be confirmed. */
  const whyNotLive = async (tokenHash: string): Promise<string> => {
    const [known] = await db
      .select({ usedAt: passwordResets.usedAt, attempts: passwordResets.confirmAttempts })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash));
    if (!known) return LINK_INVALID;
    if (known.usedAt) return LINK_USED;
    return known.attempts >= RESET_CONFIRM_TRIES ? LINK_TOO_MANY_TRIES : LINK_EXPIRED;
  };

  return {
    async request({ email, newPassword }) {
      const problem = passwordProblem(newPassword);
      if (problem) return refused(problem, { newPassword: problem });
      const newPasswordHash = await hashPassword(newPassword);
      const [user] = await db
        .select({ id: users.id, email: users.email, username: users.username, proven: users.emailVerifiedAt })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      if (!user) return { ok: true };

      const token = randomBytes(32).toString("base64url");
      const link = `${publicUrl}/reset-password/confirm?token=${token}`;
      const mail = resetPasswordMail({
        to: user.email,
        username: user.proven ? user.username : undefined,
        link,
        minutes: RESET_LINK_MINUTES,
      });
      // Over the cap: no link and no mail, and the same answer (it must not tell whether the e-mail
      // has an account).
      await db.transaction(async (tx) => {
        // The user's row lock makes concurrent requests queue, so the cap is counted exactly.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
        const [recent] = await tx
          .select({ links: count() })
          .from(passwordResets)
          .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, sql`now() - interval '1 hour'`)));
        if ((recent?.links ?? 0) >= RESET_MAILS_PER_HOUR) return;
        // Links already mailed stay live: a new request, which anyone can make, must not take away
        // the one the owner is about to press. Confirming any of them ends the others.
        await tx.insert(passwordResets).values({
          userId: user.id,
          tokenHash: hashToken(token),
          newPasswordHash,
          expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
        });
        // Owed with the link itself: a mail server that refuses delays the mail, never loses it
        // (docs/decisions/007-mail-outbox.md). The answer does not wait for the send.
        await queueMails(tx, [mail]);
      });
      return { ok: true };
    },

    async confirm({ token, newPassword }) {
      const tokenHash = hashToken(token);
      // Every try is counted before the password is compared, so however many guesses arrive at
      // once, at most RESET_CONFIRM_TRIES of them are ever compared with the pending password.
      const [reset] = await db
        .update(passwordResets)
        .set({ confirmAttempts: sql`${passwordResets.confirmAttempts} + 1` })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
            lt(passwordResets.confirmAttempts, RESET_CONFIRM_TRIES),
          ),
        )
        .returning({
          id: passwordResets.id,
          userId: passwordResets.userId,
          newPasswordHash: passwordResets.newPasswordHash,
          attempts: passwordResets.confirmAttempts,
        });
      if (!reset) return { ok: false, message: await whyNotLive(tokenHash) };
      // The proof that whoever confirms chose the password: someone who did not ask does not know
      // it, and someone who asked without owning the mailbox never sees the link.
      if (!(await verifyPassword(reset.newPasswordHash, newPassword))) {
        const left = RESET_CONFIRM_TRIES - reset.attempts;
        return left > 0
          ? { ok: false, message: wrongPassword(left), field: "newPassword" }
          : { ok: false, message: LINK_TOO_MANY_TRIES };
      }
      return db.transaction(async (tx): Promise<ConfirmResult> => {
        // Two of the account's links confirmed at once queue here, so the second finds itself ended.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, reset.userId)).for("update");
        // Single use: only one transaction can flip used_at from null.
        const [done] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResets.id, reset.id),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResets.userId, newPasswordHash: passwordResets.newPasswordHash });
        if (!done) return { ok: false, message: LINK_USED };
        // The password is now this link's: every other pending link of the account dies with it.
        await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(eq(passwordResets.userId, done.userId), ne(passwordResets.id, reset.id), isNull(passwordResets.usedAt)),
          );
        const [user] = await tx
          .update(users)
          // Only the mailbox's owner saw the link: confirming also proves the address (decision 024).
          .set({
            passwordHash: done.newPasswordHash,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, done.userId))
          .returning({ email: users.email });
        await endAllSessions(tx, done.userId);
        return { ok: true, email: (user?.email ?? "").trim().toLowerCase() };
      });
    },
  };
}
