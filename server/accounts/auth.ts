// Bearer-token authentication (docs/product.md section 7: "Authorised calls send a bearer token").
// Routes ask for the user explicitly, so a route without a call to `auth.user()` is public.
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { forbidden, signInNeeded } from "../domain-errors.ts";
import { bearerToken } from "../http/bearer-token.ts";
import { findSessionUser, type SessionUser } from "./sessions.ts";

export interface Auth {
  /**
   * The signed-in user, or undefined without a live session (no token, a malformed one, or one that
   * is no session); read once per request however often asked (a rate limit's exemption, then the route).
   */
  signedIn(request: FastifyRequest): Promise<(SessionUser & { token: string }) | undefined>;
  /** The signed-in user; 401 without a live session. */
  user(request: FastifyRequest): Promise<SessionUser & { token: string }>;
  /** The signed-in admin; 401 without a session, 403 for a customer. */
  admin(request: FastifyRequest): Promise<SessionUser & { token: string }>;
}

export function createAuth(db: Db): Auth {
  const read = new WeakMap<FastifyRequest, Promise<(SessionUser & { token: string }) | undefined>>();
  const signedIn: Auth["signedIn"] = (request) => {
    let found = read.get(request);
    if (!found) {
      const token = bearerToken(request);
      found = token
        ? findSessionUser(db, token).then((user) => user && { ...user, token })
        : Promise.resolve(undefined);
      read.set(request, found);
    }
    return found;
  };
  const user: Auth["user"] = async (request) => {
    if (!bearerToken(request)) throw signInNeeded("Please sign in first.");
    const found = await signedIn(request);
    if (!found) throw signInNeeded("Your session has ended. Please sign in again.");
    return found;
  };
  return {
    signedIn,
    user,
    async admin(request) {
      const found = await user(request);
      if (found.role !== "admin") throw forbidden("Only the shop's administrators can do that.");
      return found;
    },
  };
}
