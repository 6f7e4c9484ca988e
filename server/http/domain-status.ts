// The status code of each kind of refusal a service throws (server/domain-errors.ts): one table for
// the API's error handler (server/plugins/errors.ts) and the pages' loaders and actions alike.
import type { DomainError, DomainErrorKind } from "../domain-errors.ts";

/** Each kind of refusal a service throws (server/domain-errors.ts), as the status a client reads. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "limit-reached": 409,
  "key-reused": 422,
  busy: 503,
  upstream: 502,
};

export const statusOfDomainError = (error: DomainError): number => STATUS_OF_KIND[error.kind];
