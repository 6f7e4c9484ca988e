// Roles come only from here (`npm run create-admin`, and the e2e server set-up): no request of
// the API can grant one. Creates an admin account or promotes an existing one.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { newPasswordSchema, USERNAME_MAX, USERNAME_MIN } from "#shared/accounts.ts";
import { firstIssueMessage } from "#shared/validation.ts";
import { hashPassword, passwordProblem } from "../accounts/passwords.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

export class AdminSetupError extends Error {}

export interface AdminSetup {
  email: string;
  /** Required for a new account; for an existing one it replaces the password when given. */
  password?: string | undefined;
}

export interface AdminSetupResult {
  action: "created" | "promoted" | "already-admin";
  user: { id: string; email: string; username: string };
  passwordSet: boolean;
}

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "That is not a valid e-mail address." }));

/** Why a password is refused (the sign-up rules), or undefined. */
export function adminPasswordProblem(password: string): string | undefined {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return firstIssueMessage(parsed.error);
  return passwordProblem(password);
}

/**
 * What is wrong with the e-mail or the given password, without the database: the CLI asks this
 * before it opens the database, so a typo is answered at once rather than after the database's start.
 */
export function adminSetupProblem(setup: AdminSetup): string | undefined {
  const parsedEmail = emailSchema.safeParse(setup.email);
  if (!parsedEmail.success) return firstIssueMessage(parsedEmail.error);
  return setup.password ? adminPasswordProblem(setup.password) : undefined;
}

export async function createOrPromoteAdmin(db: Db, setup: AdminSetup): Promise<AdminSetupResult> {
  const problem = adminSetupProblem(setup);
  if (problem) throw new AdminSetupError(problem);
  const email = emailSchema.parse(setup.email);
  const password = setup.password === "" ? undefined : setup.password;
  const passwordHash = password === undefined ? undefined : await hashPassword(password);

  const [existing] = await db
    .select({ id: users.id, email: users.email, username: users.username, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));

  if (existing) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          role: "admin",
          // The shop's owner names this address on the server: it counts as proven (decision 024).
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: sql`now()`,
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, existing.id));
      // A new password ends every session signed in with the old one.
      if (passwordHash) {
        await tx.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, existing.id));
      }
    });
    return {
      action: existing.role === "admin" ? "already-admin" : "promoted",
      user: { id: existing.id, email: existing.email, username: existing.username },
      passwordSet: passwordHash !== undefined,
    };
  }

  if (!passwordHash) throw new AdminSetupError("A new account needs a password.");
  const username = await freeUsername(db, email);
  const [created] = await db
    .insert(users)
    .values({ email, username, passwordHash, role: "admin", emailVerifiedAt: sql`now()` })
    .returning({ id: users.id, email: users.email, username: users.username });
  if (!created) throw new BrokenPromise("The new admin was not returned.");
  return { action: "created", user: created, passwordSet: true };
}

/** The e-mail's local part as a valid username, with a number added until no one has it. */
async function freeUsername(db: Db, email: string): Promise<string> {
  let base = (email.split("@")[0] ?? "").replace(/[^A-Za-z0-9_.-]/g, "").slice(0, USERNAME_MAX - 4);
  if (base.length < USERNAME_MIN) base = `admin${base}`;
  const taken = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${base.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const names = new Set(taken.map((t) => t.username));
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    if (!names.has(`${base}${n}`.toLowerCase())) return `${base}${n}`;
  }
}
