// What a service refuses, said in the domain's words: services throw these and know nothing of
// HTTP (docs/architecture.md section 2). The error handler (server/plugins/errors.ts) is the one
// place that turns a kind into a status code, a body and headers; the message reaches the client as is.
import type { FieldMessages } from "#shared/validation.ts";

/** Why a request was refused: a closed set, so every kind has its answer on the wire. */
export type DomainErrorKind =
  /** The input is wrong (an unknown colour, a size a shoe lacks, a picture that is not one). */
  | "invalid"
  /** What the input names does not exist (a product, an order, a cart line). */
  | "not-found"
  /** The thing is not in a state that allows it, or changed under the caller (sold out, stale stock, prices). */
  | "conflict"
  /** A limit of the shop is reached (open orders, pairs on open orders, pictures per product). */
  | "limit-reached"
  /** Nobody is signed in, or the session has ended. */
  | "unauthorized"
  /** The person may not do this (a blocked customer ordering, a customer on the owner's routes). */
  | "forbidden"
  /** An Idempotency-Key used again for a different request. */
  | "key-reused"
  /** The shop cannot do it right now (too much contention); the same request later will work. */
  | "busy"
  /** An outside service the request needs (a courier's API) failed or did not answer in time. */
  | "upstream";

export interface DomainErrorOptions {
  /** Each invalid field's message, for input a service validates itself. */
  fields?: FieldMessages | undefined;
  /** What the caller needs beside the message to act on it (the current total of a refused order). */
  details?: Readonly<Record<string, string | number>> | undefined;
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly fields: FieldMessages | undefined;
  readonly details: Readonly<Record<string, string | number>> | undefined;
  constructor(kind: DomainErrorKind, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.fields = options.fields;
    this.details = options.details;
  }
}

export const invalid = (message: string, fields?: FieldMessages) => new DomainError("invalid", message, { fields });
export const notFound = (message: string) => new DomainError("not-found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const limitReached = (message: string) => new DomainError("limit-reached", message);
export const signInNeeded = (message: string) => new DomainError("unauthorized", message);
export const forbidden = (message: string) => new DomainError("forbidden", message);
