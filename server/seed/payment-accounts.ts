// The demo shop's payment accounts (payment-accounts.json, issue 50): a bank account and a JazzCash
// wallet, both titled "(demo)", so Track Your Order has somewhere to show when a demo order asks an
// advance. Seeded only with the demo catalogue, into a shop that has none, so accounts the owner
// removed stay removed after a restart.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { type PaymentAccountInput, paymentAccountInputSchema } from "#shared/payment-accounts.ts";
import type { Db } from "../db/client.ts";
import { paymentAccounts } from "../db/schema.ts";

export function readSeedPaymentAccounts(): PaymentAccountInput[] {
  const file = JSON.parse(readFileSync(new URL("./payment-accounts.json", import.meta.url), "utf8")) as {
    accounts: unknown[];
  };
  // Checked by the owner's own schema: a bad row in the file fails the start loudly.
  return file.accounts.map((account) => paymentAccountInputSchema.parse(account));
}

/** Adds the demo accounts to a shop that has no account yet; answers how many it added. */
export async function seedDemoPaymentAccounts(db: Db): Promise<number> {
  const accounts = readSeedPaymentAccounts();
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table payment_accounts in share row exclusive mode`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(paymentAccounts);
    if ((existing?.n ?? 0) > 0) return 0;
    await tx.insert(paymentAccounts).values(accounts.map((account, position) => ({ ...account, position })));
    return accounts.length;
  });
}
