// One bounded HTTP call to a courier's API, for every adapter: a timeout on the whole exchange, the
// answer parsed as JSON and checked with the adapter's zod schema, every failure a CourierApiError in
// the owner's words. Nothing from the request (where the credentials are) goes into a message, and
// nothing here logs. No retry here: the caller knows whether its call may be repeated (a booking is
// repeated only with the same reference, by the booking service).
import type { z } from "zod";
import { CourierApiError } from "./courier-api.ts";

export interface CourierCall<S extends z.ZodType> {
  /** The courier's name as the owner reads it ('PostEx'). */
  courier: string;
  /** What the call does, for the message ('the booking', 'tracking'). */
  what: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  headers?: Record<string, string> | undefined;
  /** Sent as JSON. */
  json?: unknown;
  timeoutMs: number;
  /** The answer's shape when the courier answers 2xx. */
  schema: S;
}

export interface CourierAnswer<T> {
  status: number;
  body: T;
}

/**
 * Calls and answers the body checked against `schema`; a non-2xx answer whose body the caller must
 * still read (a validation error's message) is thrown as 'refused' with the courier's own words when
 * the body has a message field.
 */
export async function callCourier<S extends z.ZodType>(call: CourierCall<S>): Promise<CourierAnswer<z.output<S>>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: {
        accept: "application/json",
        ...(call.json === undefined ? {} : { "content-type": "application/json" }),
        ...call.headers,
      },
      body: call.json === undefined ? undefined : JSON.stringify(call.json),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    // The body is inside the bound too: a courier that sends headers and then stalls is a timeout.
    text = await response.text();
  } catch (error) {
    if (isTimeout(error)) {
      throw new CourierApiError(
        "timeout",
        `${call.courier} did not answer ${call.what} within ${Math.round(call.timeoutMs / 1000)} s.`,
        {
          cause: error,
        },
      );
    }
    throw new CourierApiError("unavailable", `${call.courier} could not be reached for ${call.what}.`, {
      cause: error,
    });
  }
  const body = parseJson(text);
  if (response.status === 401 || response.status === 403) {
    throw new CourierApiError("credentials", `${call.courier} refused the shop's credentials for ${call.what}.`);
  }
  if (response.status >= 500) {
    throw new CourierApiError("unavailable", `${call.courier} failed ${call.what} (HTTP ${response.status}).`);
  }
  if (!response.ok) {
    const said = messageIn(body);
    throw new CourierApiError(
      "refused",
      `${call.courier} refused ${call.what}: ${said ?? `HTTP ${response.status}`}`.slice(0, 300),
    );
  }
  const parsed = call.schema.safeParse(body);
  if (!parsed.success) {
    throw new CourierApiError(
      "badAnswer",
      `${call.courier} answered ${call.what} in a shape its document does not describe.`,
    );
  }
  return { status: response.status, body: parsed.data };
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The courier's own message in an error body, whatever it calls the field. */
export function messageIn(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  for (const key of ["message", "statusMessage", "error", "error_msg", "errorMessage", "msg"]) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim().slice(0, 200);
    if (Array.isArray(value) && typeof value[0] === "string") return value.join("; ").slice(0, 200);
  }
  return undefined;
}
