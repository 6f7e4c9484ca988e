// One place decides what an error looks like on the wire: `{ message }` (with `fields` when the input
// failed its schema), never a stack trace.
import type { FastifyError, FastifyInstance } from "fastify";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/availability.ts";
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseTimeout } from "../db/timeouts.ts";
import { DomainError } from "../domain-errors.ts";
import { statusOfDomainError } from "../http/domain-status.ts";
import { HttpError } from "../http/errors.ts";
import { requestPath } from "../http/request-path.ts";
import { StorageUnavailableError } from "../storage-unavailable.ts";

export const BRIEFLY_UNAVAILABLE = "The shop is briefly unavailable. Please try again in a minute.";
export const BUSY = "The shop is very busy right now. Please try again in a moment.";
export const CANNOT_SAVE_FILES = "The shop cannot save files right now. Please try again in a minute.";
export const PICTURES_UNAVAILABLE = "Pictures are briefly unavailable. Please try again in a minute.";

// DATA_DIR refusing writes (disk full, read-only, permissions): a fault of the machine, not of the request.
const DISK_ERRNO = new Set(["ENOSPC", "EROFS", "EDQUOT", "EACCES", "EPERM", "ENOTDIR", "EIO"]);
const isDiskError = (error: unknown) => DISK_ERRNO.has(String((error as { code?: unknown }).code));

/** A service's refusal on the wire: `{ message }`, with `fields` and its details when it has them. */
function domainErrorBody(error: DomainError): Record<string, unknown> {
  return { message: error.message, ...error.details, ...(error.fields && { fields: error.fields }) };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body());
    }
    if (error instanceof DomainError) {
      // "Busy" is for now only: the client is told when to try again (the web checkout does, with its key).
      if (error.kind === "busy") reply.header("retry-after", String(BUSY_RETRY_AFTER_SECONDS));
      return reply.code(statusOfDomainError(error)).send(domainErrorBody(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type, rate limit.
      return reply.code(status).send({ message: clientErrorMessage(error) });
    }
    if (error instanceof StorageUnavailableError) {
      // The image store (a shared directory's server, an S3 bucket) is away or refuses our keys.
      // Asked before the database: its cause (a refused connection) would read as the database being away.
      request.log.error({ err: error }, "the image store is unavailable");
      const message = error.operation === "write" ? CANNOT_SAVE_FILES : PICTURES_UNAVAILABLE;
      return reply.code(503).header("retry-after", "60").send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restart, failover, network): a retry soon will work, so say so.
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: BRIEFLY_UNAVAILABLE });
    }
    if (isDatabaseTimeout(error)) {
      // A statement waited for a lock, or ran, past its timeout (server/db/timeouts.ts): nothing
      // was written, and the same request in a moment will most likely work.
      request.log.warn({ err: error }, "a statement timed out");
      return reply.code(503).header("retry-after", String(BUSY_RETRY_AFTER_SECONDS)).send({ message: BUSY });
    }
    if (isDiskError(error)) {
      request.log.error({ err: error }, "the data folder refuses writes");
      return reply.code(503).header("retry-after", "60").send({ message: CANNOT_SAVE_FILES });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `There is nothing at ${request.method} ${requestPath(request.url)}.` });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Send the request body as application/json.";
    default:
      return error.message || "The request is not valid.";
  }
}
