// The session of a shopper without JavaScript (issue 46, docs/decisions/015-forms-before-hydration.md).
// The shop's session lives in localStorage (docs/product.md section 4), which a browser without
// scripts does not have: a sign-in made by a plain form post keeps the same kind of session token
// (a row of the sessions table, server/accounts/sessions.ts) in a cookie instead. The cookie is
// HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it), Secure under https,
// and read only by the plain form posts and the pages they lead to, never by a page kept for
// everyone (server/web/page-cache.ts).
import type { FastifyRequest } from "fastify";

export const SESSION_COOKIE = "shop_session";
/** As long as the session row itself lives (SESSION_DAYS). */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Max-Age=${MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function endedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The token the cookie holds, or undefined (the sessions table decides whether it is live). */
export function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return value.join("=") || undefined;
  }
  return undefined;
}

/**
 * Whether a form post comes from one of the shop's own pages (CSRF, besides SameSite): its Origin,
 * or when a browser sends none its Referer, must be PUBLIC_URL's origin. A post naming neither is
 * refused too: every browser that posts a form sends at least one of them.
 */
export function fromOwnPage(request: FastifyRequest, publicUrl: string): boolean {
  const own = new URL(publicUrl).origin;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== "null") return origin === own;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === own;
  } catch {
    return false;
  }
}
