// Password reset that only the owner of the e-mail can complete (GUIDE.md section 3): the request
// stores the new password's hash beside a token, and only opening the mailed link applies it.
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { RESET_LINK_MINUTES, type ResetInput } from "#shared/accounts.ts";
import type { Db } from "../db/client.ts";
import { passwordResets, users } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { resetPasswordMail } from "./mail-templates.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";
import type { Result } from "./service.ts";
import { endAllSessions, hashToken } from "./sessions.ts";

export interface ResetService {
  /** Same answer and the same hashing whether or not the e-mail has an account. */
  request(input: ResetInput): Promise<Result<object>>;
  confirm(token: string): Promise<Result<object>>;
  /** Resolves when every mail started so far has been handed over. */
  settled(): Promise<void>;
}

const LINK_INVALID = "This link is not valid. Please ask for a new one on the reset password page.";
const LINK_USED =
  "This link was already used or replaced by a newer request. Please ask for a new one if you still need it.";
const LINK_EXPIRED = `This link has expired (links last ${RESET_LINK_MINUTES} minutes). Please ask for a new one.`;

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

  return {
    async request({ email, newPassword }) {
      const problem = passwordProblem(newPassword);
      if (problem) return { ok: false, message: problem };
      const newPasswordHash = await hashPassword(newPassword);
      const [user] = await db
        .select({ id: users.id, email: users.email, username: users.username })
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
        resetPasswordMail({ to: user.email, username: user.username, link, minutes: RESET_LINK_MINUTES }),
      );
      return { ok: true };
    },

    async confirm(token) {
      const tokenHash = hashToken(token);
      return db.transaction(async (tx): Promise<Result<object>> => {
        // Single use: only one transaction can flip used_at from null.
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResets.userId, newPasswordHash: passwordResets.newPasswordHash });
        if (!reset) {
          const [known] = await tx
            .select({ usedAt: passwordResets.usedAt })
            .from(passwordResets)
            .where(eq(passwordResets.tokenHash, tokenHash));
          return { ok: false, message: !known ? LINK_INVALID : known.usedAt ? LINK_USED : LINK_EXPIRED };
        }
        await tx
          .update(users)
          .set({ passwordHash: reset.newPasswordHash, updatedAt: sql`now()` })
          .where(eq(users.id, reset.userId));
        await endAllSessions(tx, reset.userId);
        return { ok: true };
      });
    },

    async settled() {
      await Promise.allSettled([...pending]);
    },
  };
}
