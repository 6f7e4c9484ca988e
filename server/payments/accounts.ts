// The shop's payment accounts (table payment_accounts, issue 50), read for Track Your Order and the
// mails that ask an advance. No HTTP here.
import { asc } from "drizzle-orm";
import { PAYMENT_KINDS, type PaymentAccount } from "#shared/payment-accounts.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { paymentAccounts } from "../db/schema.ts";

/** Every account, in the owner's order. */
export async function listPaymentAccounts(db: Db): Promise<PaymentAccount[]> {
  const rows = await db
    .select()
    .from(paymentAccounts)
    .orderBy(asc(paymentAccounts.position), asc(paymentAccounts.createdAt));
  return rows.map((row) => {
    const kind = PAYMENT_KINDS.find((k) => k === row.kind);
    if (!kind) throw new BrokenPromise(`payment_accounts has kind ${row.kind}`);
    return {
      _id: row.id,
      kind,
      provider: row.provider,
      accountTitle: row.accountTitle,
      accountNumber: row.accountNumber,
    };
  });
}
