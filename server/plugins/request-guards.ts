// Guards every request meets before a route sees it (docs/security.md, "Input"):
// - API writes carry JSON only. A form post or text/plain body is what a cross-site form can send
//   without a preflight, so it is refused with 415 instead of being parsed into something.
//   The picture uploads alone (the admin's product pictures, a customer's photo of a fault or of an
//   advance's receipt) send the picture itself (image/*), and the back-in-stock mail's one-click unsubscribe alone takes the form
//   post RFC 8058 prescribes (a mail program sends it; its signed token, not a cookie, is the
//   permission, so a cross-site form gains nothing).
// - No text may hold what PostgreSQL cannot store: the NUL character, or a lone UTF-16 surrogate
//   (half of an emoji, which JSON's "\ud800" escape can carry). PostgreSQL refuses both with an
//   error, so a route would answer 500; here every body, query and path of every route, present
//   and future, is refused with a 400 naming the field, before any route code runs.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { STOCK_ALERTS_UNSUBSCRIBE_PATH } from "#shared/stock-alerts.ts";
import { HttpError, ValidationError } from "../http/errors.ts";
import { isApiPath, requestPath } from "../http/request-path.ts";

export const JSON_ONLY = "Send the request body as application/json.";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const UPLOAD_ROUTES: ReadonlySet<string> = new Set([
  "/api/admin/products/:id/images",
  "/api/orders/:id/exchange-photos",
  "/api/orders/:id/advance-receipts",
  "/api/reviews/:id/photos",
]);

/** The bodies a mail program's one-click unsubscribe may send (RFC 8058). */
export const ONE_CLICK_FORMS: ReadonlySet<string> = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
]);

export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!WRITES.has(request.method) || !isApiPath(requestPath(request.url)) || !hasBody(request)) return;
    if (mediaType(request.headers["content-type"]) === "application/json") return;
    // The picture uploads take the image itself and word their own refusal of other types.
    if (request.method === "POST" && UPLOAD_ROUTES.has(request.routeOptions.url ?? "")) return;
    // RFC 8058's one-click unsubscribe is a form post; anything else there is refused like everywhere.
    const type = mediaType(request.headers["content-type"]);
    if (
      request.method === "POST" &&
      request.routeOptions.url === STOCK_ALERTS_UNSUBSCRIBE_PATH &&
      ONE_CLICK_FORMS.has(type)
    ) {
      return;
    }
    throw new HttpError(415, JSON_ONLY);
  });

  // preValidation: after every content-type parser (a scope may bring its own, as the cart does),
  // before any handler. Registered on the root, so every route inherits it.
  app.addHook("preValidation", async (request) => {
    // The path is checked raw too: a NUL in a path segment reaches params before any route code.
    const path = requestPath(request.url);
    if (path.includes("%00") || findUnstorableText(request.params) !== undefined) {
      throw new HttpError(400, unstorableMessage("The address"));
    }
    const inQuery = findUnstorableText(request.query);
    if (inQuery !== undefined) throw refusal(inQuery, `The search parameter "${inQuery}"`);
    const inBody = findUnstorableText(request.body);
    if (inBody !== undefined) throw refusal(inBody, inBody === "" ? "The request body" : `The field "${inBody}"`);
  });
}

export const unstorableMessage = (what: string) =>
  `${what} contains a character the shop cannot save (the NUL character \\u0000, or half of an emoji or ` +
  "other two-part character). Please remove it and try again.";

/** One 400 in the shape of a schema failure, so a form marks the field like any other invalid one. */
function refusal(field: string, what: string): HttpError {
  const message = unstorableMessage(what);
  return field === "" ? new HttpError(400, message) : new ValidationError(message, { [field]: message });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  if (length !== undefined) return length !== "0";
  return request.headers["transfer-encoding"] !== undefined;
}

const mediaType = (header: string | undefined) => (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/** Text PostgreSQL refuses: NUL, or a UTF-16 surrogate without its other half (not well-formed). */
export const isUnstorable = (text: string) => text.includes("\u0000") || !text.isWellFormed();

/**
 * The dotted path ("items.0.size") of the first string or key in `value` that cannot be stored,
 * "" when `value` itself is such a string, undefined when all is well. Walks strings, arrays and
 * plain objects without recursion, so deeply nested JSON cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, ""]];
  const join = (parent: string, key: string) => (parent === "" ? key : `${parent}.${key}`);
  while (stack.length > 0) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item === "string") {
      if (isUnstorable(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => {
        stack.push([element, join(path, String(index))]);
      });
    } else if (item !== null && typeof item === "object" && !Buffer.isBuffer(item)) {
      for (const [key, element] of Object.entries(item)) {
        // The key itself cannot be quoted back: it holds the character.
        if (isUnstorable(key)) return join(path, "(a field name)");
        stack.push([element, join(path, key)]);
      }
    }
  }
  return undefined;
}
