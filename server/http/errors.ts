// Errors a person can act on. Anything thrown as an HttpError reaches the client as its body()
// (`{ "message": ... }`) with its status; anything else is logged and answered as a plain 500.
import type { z } from "zod";
import { type FieldMessages, summariseIssues } from "#shared/validation.ts";

export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }

  /** What the client reads. */
  body(): { message: string } {
    return { message: this.message };
  }
}

/** Input that failed its schema: one 400 naming every invalid field, so a form marks them all at once. */
export class ValidationError extends HttpError {
  readonly fields: FieldMessages;
  constructor(message: string, fields: FieldMessages) {
    super(400, message);
    this.fields = fields;
  }

  override body(): { message: string; fields: FieldMessages } {
    return { message: this.message, fields: this.fields };
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Please sign in first.") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do that.") => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * Parses request input with a shared schema; a failure becomes one 400 `{ message, fields }`:
 * the first problem as the message and every invalid field's own message under its path.
 */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const { message, fields } = summariseIssues(result.error);
    throw new ValidationError(message, fields);
  }
  return result.data;
}
