// Password reset that only the owner of the e-mail who chose the password can complete (docs/architecture.md
// section 3): the request stores the new password's hash beside a token; the mailed link's page asks
// for that password again, and only a match applies it and ends every session of the account.
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { RESET_CONFIRM_TRIES, RESET_LINK_MINUTES, type ResetConfirmInput, type ResetInput } from "#shared/accounts.ts";
import type { Db } from "../db/client.ts";
import { passwordResets, users } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
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
  /** Resolves when every mail started so far has been handed over. */
  settled(): Promise<void>;
}

const LINK_INVALID = "This link is not valid. Please ask for a new one on the reset password page.";
const LINK_USED =
  "This link was already used or replaced by a newer request. Please ask for a new one if you still need it.";
const LINK_EXPIRED = `This link has expired (links last ${RESET_LINK_MINUTES} minutes). Please ask for a new one.`;
const LINK_TOO_MANY_TRIES =
  "Too many wrong passwords: this link no longer works. Please ask for a new one on the reset password page.";
const wrongPassword = (left: number) =>
  `That is not the new password you chose when you asked for this link. ${left} ${left === 1 ? "try" : "tries"} left.`;

export function createResetService(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}): ResetService {
  const { db, mailer, publicUrl, log } = deps;
  const pending = new Set<Promise<void>>();

  // Mail leaves in the background so the answer takes as long for an unknown e-mail as a known one.
  const sendInBackground = (mail: Parameters<Mailer["send"]>[0]) => {
    const sending = mailer
      .send(mail)
      .catch((err: unknown) => log.error({ err }, "password reset mail not sent"))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };

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
      await db.transaction(async (tx) => {
        // The user's row lock makes concurrent requests queue, so exactly one link stays live.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
        await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({
          userId: user.id,
          tokenHash: hashToken(token),
          newPasswordHash,
          expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
        });
      });
      const link = `${publicUrl}/reset-password/confirm?token=${token}`;
      sendInBackground(
        resetPasswordMail({
          to: user.email,
          username: user.proven ? user.username : undefined,
          link,
          minutes: RESET_LINK_MINUTES,
        }),
      );
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

    async settled() {
      await Promise.allSettled([...pending]);
    },
  };
}
