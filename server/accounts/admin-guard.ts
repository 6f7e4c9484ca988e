// The admin each request of the owner's routes was signed in as: the admin scope's hook checks the
// session once (401 without one, 403 for a customer) and every route of any domain reads it here.
import type { FastifyRequest } from "fastify";
import type { Auth } from "./auth.ts";
import type { SessionUser } from "./sessions.ts";

const admins = new WeakMap<FastifyRequest, SessionUser>();

/** Runs `auth.admin` (401 without a session, 403 for a customer) and remembers the admin. */
export async function requireAdmin(auth: Auth, request: FastifyRequest): Promise<void> {
  admins.set(request, await auth.admin(request));
}

/** The admin the scope's hook signed in (every admin route has one). */
export function adminOf(request: FastifyRequest): SessionUser {
  const admin = admins.get(request);
  if (!admin) throw new TypeError("admin route reached without the admin check");
  return admin;
}
