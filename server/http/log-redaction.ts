// What the request log may say about a request (docs/architecture.md section 3: no secret reaches a log).
// Fastify's default serializer logs the whole URL, and a reset link carries its token in the query
// string; so every query value whose name looks secret is replaced before anything is written, for
// every route, including routes added later. Headers are not logged at all, and the logger's
// `redact` paths drop Authorization and Cookie should anything log them.
import type { FastifyRequest } from "fastify";

/** Query parameter names whose values are secrets (matched anywhere in the name, any case). */
const SECRET_NAME = /token|key|secret|passw|pwd|code|signature|sig$|auth|session|otp/i;
export const REDACTED = "[redacted]";

/** The URL with the value of every secret-looking query parameter replaced by [redacted]. */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const hash = url.indexOf("#", mark);
  const query = url.slice(mark + 1, hash === -1 ? undefined : hash);
  const parts = query.split("&").map((part) => {
    const eq = part.indexOf("=");
    const rawName = eq === -1 ? part : part.slice(0, eq);
    return SECRET_NAME.test(safeDecode(rawName)) && eq !== -1 ? `${rawName}=${REDACTED}` : part;
  });
  return `${url.slice(0, mark)}?${parts.join("&")}`;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
};

/** Fastify's `req` log serializer, with the URL redacted and no headers. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Paths the logger removes from any object it writes (an error's request, a body logged by hand). */
export const LOG_REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "headers.cookie",
  "*.password",
  "*.newPassword",
  "*.confirmPassword",
  "*.token",
];
