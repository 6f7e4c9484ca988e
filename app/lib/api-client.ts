// The one way the browser talks to the shop's API (/api/...). Every answer, whatever went wrong,
// becomes one shape: `ok`, the HTTP `status` (0 when the shop could not be reached at all), the
// parsed `body`, and on failure an `error` with the server's `{ message, fields }` (the shape of
// every 4xx, server/http/errors.ts), or a fallback message when the answer carried none.
import type { FieldMessages } from "#shared/validation.ts";
import { tokenStore } from "./auth-store.ts";
import { readAsDataUrl } from "./data-url.ts";

/** The one message for a request that never reached the shop (offline, DNS, a dropped connection). */
export const OFFLINE_MESSAGE = "We could not reach the shop. Please check your connection and try again.";

export interface ApiError {
  message: string;
  /** Field name (or path, "shippingAddress.city") -> what is wrong with it; empty when none named. */
  fields: FieldMessages;
}

export type ApiResult<T> =
  | { ok: true; status: number; body: T; error?: undefined }
  | {
      ok: false;
      status: number;
      body: unknown;
      error: ApiError;
      /** The answer's Retry-After in seconds (a 503 for now only), when it gave one. */
      retryAfter?: number | undefined;
    };

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (a picture upload), with its own content type. */
  file?: Blob;
  /** true: the signed-in user's token; a string: that token (one read before an await). */
  auth?: boolean | string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Sends one request; answers `ApiResult` and never throws (an abort reads as status 0). */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const response = await send(path, options);
  if (!response) return failure(0, undefined, OFFLINE_MESSAGE);
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status, body: body as T };
  return { ...failure(response.status, body), retryAfter: retryAfterOf(response.headers.get("retry-after")) };
}

/** Retry-After as seconds (the shop and nginx send whole seconds; an HTTP date is not used). */
function retryAfterOf(header: string | null): number | undefined {
  const value = Number(header ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * A file answer (CSV, PDF) saved under the name the server gives in Content-Disposition. A plain
 * link cannot carry the bearer token (it lives in localStorage, docs/product.md section 3), so the file is
 * fetched with it and saved from a Blob.
 */
export async function apiDownload(path: string, fallbackName: string, options: ApiOptions = {}) {
  const response = await send(path, options);
  if (!response) return failure(0, undefined, OFFLINE_MESSAGE);
  if (!response.ok) return failure(response.status, await response.json().catch(() => undefined));
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { ok: true, status: response.status, body: undefined } satisfies ApiResult<undefined>;
}

/**
 * A private picture (a customer's photo for the owner) as a data: URL to show: an <img src> cannot
 * send the bearer token, so it is fetched with it (app/lib/data-url.ts says why not a blob: URL).
 */
export async function apiPicture(path: string, options: ApiOptions = {}): Promise<ApiResult<string>> {
  const response = await send(path, {
    ...options,
    headers: { Accept: "image/*, application/json", ...options.headers },
  });
  if (!response) return failure(0, undefined, OFFLINE_MESSAGE);
  if (!response.ok) return failure(response.status, await response.json().catch(() => undefined));
  return { ok: true, status: response.status, body: await readAsDataUrl(await response.blob()) };
}

/**
 * A file sent with the signed-in user's token, telling `onProgress` the share sent so far (0-1):
 * XMLHttpRequest, since a fetch cannot report an upload's progress. Answers like `api`, and never
 * throws (an abort, a dropped connection: status 0).
 */
export function apiUpload<T>(
  path: string,
  file: Blob,
  options: { onProgress: (sent: number) => void; signal?: AbortSignal },
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("Content-Type", file.type);
    const token = tokenStore.get();
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve({ ok: true, status: request.status, body: body as T });
        return;
      }
      resolve({ ...failure(request.status, body), retryAfter: retryAfterOf(request.getResponseHeader("retry-after")) });
    };
    request.onerror = request.onabort = request.ontimeout = () => resolve(failure(0, undefined, OFFLINE_MESSAGE));
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(file);
  });
}

async function send(path: string, options: ApiOptions): Promise<Response | undefined> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const token = options.auth === true ? tokenStore.get() : options.auth || null;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.file) {
    headers["Content-Type"] = options.file.type;
    body = options.file;
  } else if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  try {
    return await fetch(path, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (!options.signal?.aborted) console.error(`${method} ${path} failed`, error);
    return undefined;
  }
}

function failure(status: number, body: unknown, message = messageOf(body) ?? fallbackMessage(status)) {
  return { ok: false, status, body, error: { message, fields: fieldsOf(body) } } satisfies ApiResult<never>;
}

const fallbackMessage = (status: number) => `The shop answered ${status}.`;

/** The answer's own `message`, when it carried one (a success's words, or to tell them from a fallback). */
export function messageOf(body: unknown): string | undefined {
  if (body && typeof body === "object" && "message" in body) {
    const { message } = body as { message: unknown };
    if (typeof message === "string" && message.trim() !== "") return message;
  }
  return undefined;
}

function fieldsOf(body: unknown): FieldMessages {
  if (!body || typeof body !== "object" || !("fields" in body)) return {};
  const { fields } = body as { fields: unknown };
  if (!fields || typeof fields !== "object") return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
