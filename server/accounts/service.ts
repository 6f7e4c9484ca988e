// Sign-up, sign-in and sign-out. Knows nothing of HTTP: answers results, the routes reply.
import { randomUUID } from "node:crypto";
import { eq, or, sql } from "drizzle-orm";
import { type AccountUser, type LoginInput, type SignupInput, USER_EXISTS } from "#shared/accounts.ts";
import type { FieldMessages } from "#shared/validation.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { Mail } from "../mail/mailer.ts";
import { queueMails } from "../mail/queue.ts";
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";
import { createSession, endSession, type SessionUser } from "./sessions.ts";

/** A refusal names the fields it is about, so the form marks them (`{ message, fields }`). */
export type Result<T> = ({ ok: true } & T) | { ok: false; message: string; fields?: FieldMessages };

export const refused = (message: string, fields: FieldMessages) => ({ ok: false as const, message, fields });

export interface AccountService {
  signup(input: SignupInput): Promise<Result<{ user: Omit<AccountUser, "role"> }>>;
  /** The user and a new session token, or undefined for any failure (same work either way). */
  login(input: LoginInput): Promise<{ user: AccountUser; token: string } | undefined>;
  logout(token: string): Promise<void>;
  /** The shopper's own size (37..46) or null when they have not set one. */
  shoeSize(userId: string): Promise<number | null>;
  setShoeSize(userId: string, size: number | null): Promise<void>;
}

export const toAccountUser = (user: SessionUser): AccountUser => ({
  _id: user.id,
  email: user.email,
  username: user.username,
  role: user.role,
});

/**
 * `welcomeMail`: the mail a new account is owed (its 'confirm your e-mail' link), queued in the
 * outbox in the account's own transaction, so a mail server that refuses only delays it.
 */
export function createAccountService(
  db: Db,
  deps: { welcomeMail(user: { id: string; email: string }): Promise<Mail> },
): AccountService {
  // Computed once at start, so even the first unknown e-mail costs one verification, not a hash too.
  void dummyPasswordHash();
  return {
    async signup({ email, password, username }) {
      const problem = passwordProblem(password);
      if (problem) return refused(problem, { password: problem });
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(or(eq(sql`lower(${users.email})`, email), eq(sql`lower(${users.username})`, username.toLowerCase())))
        .limit(1);
      if (existing) return { ok: false, message: USER_EXISTS };
      const passwordHash = await hashPassword(password);
      // The id is chosen here, so the welcome mail's signed link can name it before the insert.
      const id = randomUUID();
      const welcome = await deps.welcomeMail({ id, email });
      try {
        const user = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(users)
            .values({ id, email, username, passwordHash })
            .returning({ id: users.id, email: users.email, username: users.username });
          if (!inserted) throw new BrokenPromise("The new user was not returned.");
          await queueMails(tx, [welcome]);
          return inserted;
        });
        return { ok: true, user: { _id: user.id, email: user.email, username: user.username } };
      } catch (err) {
        // Two sign-ups of one e-mail at once: the database's unique index decides.
        if (isUniqueViolation(err)) return { ok: false, message: USER_EXISTS };
        throw err;
      }
    },

    async login({ email, password }) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          role: users.role,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      const matches = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!row || !matches) return undefined;
      const token = await createSession(db, row.id);
      const role = row.role === "admin" ? "admin" : "customer";
      return { user: { _id: row.id, email: row.email, username: row.username, role }, token };
    },

    logout: (token) => endSession(db, token),

    async shoeSize(userId) {
      const [row] = await db.select({ shoeSize: users.shoeSize }).from(users).where(eq(users.id, userId));
      return row?.shoeSize ?? null;
    },

    async setShoeSize(userId, size) {
      await db.update(users).set({ shoeSize: size }).where(eq(users.id, userId));
    },
  };
}

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
