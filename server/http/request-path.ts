// The path a request asks for, without its query. HTTP allows the request line's target in absolute
// form ("GET http://host/api/… HTTP/1.1", what a client talking to a proxy sends); the router
// matches it to the same route as "/api/…", so every check of "is this the API?" must read the
// path, not the raw target, or such a request would skip them (no-store, JSON only).
export function requestPath(url: string): string {
  return (requestTarget(url) ?? url).split("?")[0] ?? "";
}

/**
 * The path and query a request asks for, in origin form ("/women?size=38"), from a target in origin
 * or absolute form; undefined for any other target ("*", "x/y"), which names no page. A page is
 * rendered from the shop's own origin and this (issue 45, finding 1), never from the request's Host.
 */
export function requestTarget(url: string): string | undefined {
  if (url.startsWith("/")) return url;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i.exec(url);
  if (!scheme) return undefined;
  const rest = url.slice(scheme[0].length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

export const isApiPath = (path: string): boolean => path === "/api" || path.startsWith("/api/");
