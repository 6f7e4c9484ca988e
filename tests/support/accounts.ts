// Helpers for the account tests: sign up, sign in, and read the reset link and other mails from the outbox.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { TestApp } from "./app.ts";
import { until } from "./wait.ts";

export const PASSWORD = "Correct-Horse-Battery-7";

let counter = 0;
/** A fresh e-mail and username per call, so tests do not depend on each other. */
export function newPerson(prefix = "user") {
  counter += 1;
  const id = `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${id}@example.pk`, username: id, password: PASSWORD };
}

export function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url, payload: payload as object, headers });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUp(t: TestApp, person = newPerson()) {
  const res = await post(t, "/api/user/signup", person);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return person;
}

export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await post(t, "/api/user/login", { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** The mails written to DATA_DIR/outbox for `to`, oldest first, decoded from quoted-printable. */
export async function mailsTo(t: TestApp, to: string): Promise<string[]> {
  const dir = path.join(t.config.dataDir, "outbox");
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort();
  const mails = await Promise.all(names.map((n) => readFile(path.join(dir, n), "utf8")));
  return mails.map(decodeQuotedPrintable).filter((m) => new RegExp(`^To: ${escapeRegExp(to)}$`, "mi").test(m));
}

const RESET_LINK = /\/reset-password\/confirm\?token=/;

/** The password reset mails to `to` (sign-up also mails its 'confirm your e-mail' link). */
export async function resetMailsTo(t: TestApp, to: string): Promise<string[]> {
  return (await mailsTo(t, to)).filter((mail) => RESET_LINK.test(mail));
}

/** Waits (mail leaves in the background) until `to` has `count` reset mails, and answers the newest link. */
export async function waitForResetLink(t: TestApp, to: string, count: number): Promise<string> {
  const linkIn = (mail = "") => /(\S+\/reset-password\/confirm\?token=[\w-]+)/.exec(mail)?.[1];
  const mails = await until(
    () => resetMailsTo(t, to),
    (found) => found.length >= count && linkIn(found.at(-1)) !== undefined,
    `reset mail number ${count} for ${to}`,
  );
  return linkIn(mails.at(-1)) ?? "";
}

/** Waits (mail leaves in the background) until a mail to `to` matches `pattern`; answers the first that does. */
export async function waitForMail(t: TestApp, to: string, pattern: RegExp): Promise<string> {
  const mails = await until(
    () => mailsTo(t, to),
    (found) => found.some((mail) => pattern.test(mail)),
    `a mail matching ${pattern} to ${to}`,
  );
  return mails.find((mail) => pattern.test(mail)) ?? "";
}

/** Waits (mail leaves in the background) until `to` has at least `count` mails; answers them all, oldest first. */
export function waitForMails(t: TestApp, to: string, count: number): Promise<string[]> {
  return until(
    () => mailsTo(t, to),
    (found) => found.length >= count,
    `mail number ${count} to ${to}`,
  );
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
