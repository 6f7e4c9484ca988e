// Guards every request meets before a route sees it (docs/security.md, "Input"):
// - API writes carry JSON only. A form post or text/plain body is what a cross-site form can send
//   without a preflight, so it is refused with 415 instead of being parsed into something.
//   The admin's picture upload alone sends the picture itself (image/*).
// - No text may hold a NUL character: PostgreSQL cannot store one, and it has no use in a shoe shop.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors.ts";

export const JSON_ONLY = "Send the request body as application/json.";
export const NO_NUL = "Text may not contain the NUL character (\\u0000). Please remove it and try again.";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const UPLOAD_ROUTE = "/api/admin/products/:id/images";

export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!WRITES.has(request.method) || !request.url.startsWith("/api/") || !hasBody(request)) return;
    if (mediaType(request.headers["content-type"]) === "application/json") return;
    // The picture upload takes the image itself and words its own refusal of other types.
    if (request.method === "POST" && request.routeOptions.url === UPLOAD_ROUTE) return;
    throw new HttpError(415, JSON_ONLY);
  });

  app.addHook("preValidation", async (request) => {
    // The URL is checked raw too: a NUL in a path segment reaches params before any route code.
    if (request.url.includes("%00") || containsNul(request.params) || containsNul(request.query)) {
      throw new HttpError(400, NO_NUL);
    }
    if (containsNul(request.body)) throw new HttpError(400, NO_NUL);
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  if (length !== undefined) return length !== "0";
  return request.headers["transfer-encoding"] !== undefined;
}

const mediaType = (header: string | undefined) => (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/** Walks strings, arrays and plain objects (keys too) without recursion, so deep JSON cannot overflow the stack. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (item !== null && typeof item === "object" && !Buffer.isBuffer(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        stack.push(element);
      }
    }
  }
  return false;
}
