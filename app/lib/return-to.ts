// Where sign-in returns to (GUIDE section 3: "Sign-in returns to where it was asked for"). The
// page that sends a visitor to /login puts its own address in `?redirectTo=`, so the destination
// survives a reload of /login and the sign-up step in between. Only a path of this shop is ever
// followed: anything that could leave the site (`//evil`, `https:`, a backslash a browser reads as
// a slash), or that becomes such once its dots are resolved (`/.//evil` reads as `//evil`), is
// ignored and login goes home, as docs/product.md section 8 says.
export const RETURN_TO_PARAM = "redirectTo";

// The account pages themselves: returning to them after signing in would only ask again.
const NOT_A_DESTINATION = ["/login", "/sign-up", "/reset-password", "/verify-email"];
const ORIGIN = "https://shop.invalid";

const unsafeCharacter = (c: string) => c === "\\" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * Whether `value` could be read as another host ('//evil', '/\evil') or carries a scheme
 * ('https:', 'javascript:') rather than being a path of this shop. Only its path part counts: a
 * query may hold anything ('?q=a:b'). The shop's own paths have no colon.
 */
function leavesTheShop(value: string): boolean {
  const path = value.split(/[?#]/, 1)[0] ?? "";
  return !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || path.includes(":");
}

/** `raw` as a path of this shop ("/products/1?size=41"), or null when it is not one. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length > 2000) return null;
  // One leading slash and no backslash or control character: nothing a browser could read as another host.
  if (leavesTheShop(raw) || [...raw].some(unsafeCharacter)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const path = url.pathname.toLowerCase().replace(/\/+$/, "");
  if (NOT_A_DESTINATION.some((page) => path === page || path.startsWith(`${page}/`))) return null;
  // Checked again once normalised: resolving dots can turn a path into another host ('/.//evil').
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  return leavesTheShop(normalised) ? null : normalised;
}

/** `page` (/login, /sign-up) carrying the destination, or the bare page when there is none. */
export function withReturnTo(page: string, returnTo: string | null): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${page}?${new URLSearchParams({ [RETURN_TO_PARAM]: safe })}` : page;
}

/** The destination an account page was opened with, or null (then login goes home). */
export function returnToOf(search: URLSearchParams): string | null {
  return safeReturnPath(search.get(RETURN_TO_PARAM));
}

/** /login that comes back to the page the browser is on (in the browser only: effects, handlers). */
export function loginFromHere(): string {
  return withReturnTo("/login", `${window.location.pathname}${window.location.search}`);
}
