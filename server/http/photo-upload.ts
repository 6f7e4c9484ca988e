// A customer's photo as a request's raw body (issue 45's exchange photos, issue 50's advance
// receipts): only the picture types are parsed, up to the photo's size, and its body may arrive
// slowly over a phone's link (its own budget, server/upload-budget.ts, issue 46) — so only a
// signed-in customer is waited for, the session checked from the headers before a byte of the body
// is read. Each domain registers its photo routes inside `registerPhotoUploads`.
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";

/** A JSON body beside a photo route: its fields, never a photo in disguise. */
const JSON_BODY_LIMIT = 16 * 1024;

export interface PhotoUploadOptions {
  /** The content types a photo may have. */
  types: readonly string[];
  maxBytes: number;
  /** How long the body may take to arrive (config.photoUploadMs). */
  budgetMs: number;
  messages: { tooBig: string; type: string };
  /** Checks the session from the headers (throws a 401 before the body is read). */
  signedIn(request: FastifyRequest): Promise<unknown>;
  /** Parse JSON bodies too, for a route that takes either a photo or its fields alone. */
  json?: boolean;
}

/**
 * The options of one photo route inside the scope: its budget and the session check. No route
 * bodyLimit: it would override each parser's own, and a JSON body must not get the photo's.
 */
export interface PhotoRouteOptions {
  config: { bodyBudgetMs: number };
  onRequest(request: FastifyRequest): Promise<void>;
}

export function registerPhotoUploads(
  app: FastifyInstance,
  options: PhotoUploadOptions,
  routes: (scope: FastifyInstance, route: PhotoRouteOptions) => void,
): void {
  app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser(
      [...options.types],
      { parseAs: "buffer", bodyLimit: options.maxBytes },
      (_request, body, done) => done(null, body),
    );
    if (options.json) {
      // The fields alone are a few bytes: the photo's limit is not theirs.
      upload.addContentTypeParser(
        "application/json",
        { parseAs: "string", bodyLimit: JSON_BODY_LIMIT },
        upload.getDefaultJsonParser("error", "error"),
      );
    }
    upload.setErrorHandler((error: FastifyError, request) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        const json = (request.headers["content-type"] ?? "").startsWith("application/json");
        throw new HttpError(413, json ? "The request is too big." : options.messages.tooBig);
      }
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new HttpError(415, options.messages.type);
      throw error;
    });
    routes(upload, {
      config: { bodyBudgetMs: options.budgetMs },
      onRequest: async (request) => {
        await options.signedIn(request);
      },
    });
  });
}

/** The photo's content type as sent, if it is one of `types`; a 415 otherwise. */
export function photoTypeOf<T extends string>(request: FastifyRequest, types: readonly T[], message: string): T {
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const found = types.find((t) => t === type);
  if (!found) throw new HttpError(415, message);
  return found;
}
