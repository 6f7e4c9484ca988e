// The back-in-stock tests' side of the shop's mail: the mails the outbox wrote to its folder, read
// back decoded, and the wait for the drainers to send what a restock queued.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { until } from "./wait.ts";

/** Every mail written to the outbox folders of these data dirs, to `to`, decoded from quoted-printable. */
export async function mailsTo(to: string, dataDirs: string[]): Promise<string[]> {
  const mails: string[] = [];
  for (const dir of dataDirs.map((d) => path.join(d, "outbox"))) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort();
    for (const name of names) mails.push(await readFile(path.join(dir, name), "utf8"));
  }
  return mails.map(decodeBody).filter((m) => m.split("\n").some((line) => line.toLowerCase() === `to: ${to}`));
}

/** The body's quoted-printable decoded; the headers as they are (a token there may hold "=89"). */
function decodeBody(mail: string): string {
  const end = mail.indexOf("\n\n");
  const body = mail
    .slice(end)
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return mail.slice(0, end) + body;
}

/** Waits until every back-in-stock row has been sent (a sent row is deleted after its mail is written). */
export async function allSent(db: Db): Promise<void> {
  await until(
    async () =>
      (
        await selectRowsAsserted<{ n: number }>(
          db,
          sql`select count(*)::int as n from mail_outbox where stock_alert_id is not null`,
        )
      )[0]?.n ?? 0,
    (n) => n === 0,
    "the back-in-stock outbox to empty",
  );
}
