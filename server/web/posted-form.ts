// A plain form post to a page (issue 29, docs/decisions/015-forms-before-hydration.md). The shop's
// forms send JSON to /api from React; a POST reaches a page only when React was not there to take
// the press (JavaScript off, the app's scripts failed to load). The answer is the same page, read
// as a GET, with what was typed (no passwords) and a message to press again: never JSON, never a
// dead end, and nothing is done on the shopper's behalf (a login could not finish here: the session
// lives in localStorage, docs/product.md section 4).
import type { IncomingMessage } from "node:http";
import { POSTED_LIMITS, type PostedForm, postedFields } from "#shared/posted-form.ts";
import { escapeHtml } from "../mail/html.ts";

/**
 * Reads a urlencoded body up to the limit, every field (a form the server answers itself needs the
 * password: server/web/no-script/forms.ts); anything else (or more) posts no fields.
 */
export function readPostedBody(raw: IncomingMessage): Promise<URLSearchParams> {
  const type = raw.headers["content-type"] ?? "";
  const declared = Number(raw.headers["content-length"] ?? 0);
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded") || declared > POSTED_LIMITS.bytes)
    return Promise.resolve(new URLSearchParams());
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (fields: URLSearchParams) => {
      raw.off("data", onData).off("end", onEnd).off("error", onError);
      // What is left unread is discarded by Node once the answer is sent.
      raw.pause();
      resolve(fields);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > POSTED_LIMITS.bytes) finish(new URLSearchParams());
      else chunks.push(chunk);
    };
    const onEnd = () => finish(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    const onError = () => finish(new URLSearchParams());
    raw.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/** What of a posted body goes back into the page: no passwords (shared/posted-form.ts). */
export function postedFormOf(path: string, body: URLSearchParams, notice?: string): PostedForm {
  return { path, fields: postedFields(body.toString()), ...(notice !== undefined && { notice }) };
}

/**
 * A plain post of a form the server does not answer itself is answered 'press once more' once; this
 * short cookie (the page's path, no one's data) makes the next one say the form needs scripts and
 * offer WhatsApp instead, so no form loops on 'press once more' (issue 46).
 */
const POSTED_ONCE = "shop_posted_once";

export function postedOnceBefore(cookieHeader: string | undefined, path: string): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim() === `${POSTED_ONCE}=${encodeURIComponent(path)}`);
}

export const postedOnceCookie = (path: string): string =>
  `${POSTED_ONCE}=${encodeURIComponent(path)}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax`;

/** The page as a GET of the same address: React Router reads no body and runs no action. */
export function asPageRead(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of ["content-type", "content-length", "transfer-encoding"]) headers.delete(name);
  return new Request(request.url, { method: "GET", headers, signal: request.signal });
}

/** What a browser shows for a method pages do not take (PUT, TRACE...): a page with a way on. */
export function refusedMethodPage(method: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not allowed</title><body style="font-family:system-ui,sans-serif;margin:2rem;line-height:1.5"><h1>This page cannot take a ${escapeHtml(method)} request</h1><p>Pages can only be read. <a href="/">Go to the home page</a>.</p></body></html>`;
}
