// Sessions the server can end: the bearer token is 256 random bits, and only its SHA-256 is
// stored, so a database leak does not leak usable tokens. Sign-out, a completed password reset
// and expiry all end a session.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { selectPrepared } from "../db/rows.ts";
import { sessions } from "../db/schema.ts";

export const SESSION_DAYS = 30;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type Role = "customer" | "admin";

export interface SessionUser {
  id: string;
  email: string;
  username: string;
  role: Role;
}

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})`,
  });
  return token;
}

/** The user of a live session, or undefined for a malformed, unknown, expired or ended token. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  // Every signed-in request runs this: one prepared statement, no query building.
  const [row] = await selectPrepared<SessionUser>(
    db,
    "session_user",
    sql`select u.id, u.email, u.username, u.role
        from sessions s join users u on u.id = s.user_id
        where s.token_hash = ${hashToken(token)} and s.revoked_at is null and s.expires_at > now()`,
  );
  return row;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
