// The shop's payment accounts (table payment_accounts, issue 50), read for Track Your Order and the
// mails that ask an advance, and kept by the owner (/api/admin/payment-accounts). No HTTP here.
import { asc, eq, sql } from "drizzle-orm";
import {
  PAYMENT_ACCOUNT_MESSAGES,
  PAYMENT_ACCOUNTS_MAX,
  PAYMENT_KINDS,
  type PaymentAccount,
  type PaymentAccountInput,
} from "#shared/payment-accounts.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { constraintOf, sqlState } from "../db/errors.ts";
import { paymentAccounts } from "../db/schema.ts";
import { conflict, limitReached, notFound } from "../domain-errors.ts";

const NUMBER_INDEX = "payment_accounts_number_idx";

type Row = typeof paymentAccounts.$inferSelect;

function toAccount(row: Row): PaymentAccount {
  const kind = PAYMENT_KINDS.find((k) => k === row.kind);
  if (!kind) throw new BrokenPromise(`payment_accounts has kind ${row.kind}`);
  return {
    _id: row.id,
    kind,
    provider: row.provider,
    accountTitle: row.accountTitle,
    accountNumber: row.accountNumber,
  };
}

/** Every account, in the owner's order. */
export async function listPaymentAccounts(db: Db): Promise<PaymentAccount[]> {
  const rows = await db
    .select()
    .from(paymentAccounts)
    .orderBy(asc(paymentAccounts.position), asc(paymentAccounts.createdAt));
  return rows.map(toAccount);
}

/** Adds an account after the others; a number already listed for its kind is a conflict. */
export async function addPaymentAccount(db: Db, input: PaymentAccountInput): Promise<PaymentAccount> {
  return db.transaction(async (tx) => {
    // Serialises adds and reorders, so two adds at once cannot take the same last position.
    await tx.execute(sql`lock table payment_accounts in share row exclusive mode`);
    const [state] = await tx
      .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${paymentAccounts.position}), -1)::int` })
      .from(paymentAccounts);
    if ((state?.n ?? 0) >= PAYMENT_ACCOUNTS_MAX) throw limitReached(PAYMENT_ACCOUNT_MESSAGES.tooMany);
    const [row] = await saving(
      tx
        .insert(paymentAccounts)
        .values({ ...input, position: (state?.last ?? -1) + 1 })
        .returning(),
    );
    if (!row) throw new BrokenPromise("the payment account just added is not there");
    return toAccount(row);
  });
}

/** Replaces an account's kind, provider, title and number; its place in the order stays. */
export async function updatePaymentAccount(db: Db, id: string, input: PaymentAccountInput): Promise<PaymentAccount> {
  const [row] = await saving(
    db
      .update(paymentAccounts)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(paymentAccounts.id, id))
      .returning(),
  );
  if (!row) throw notFound(PAYMENT_ACCOUNT_MESSAGES.notFound);
  return toAccount(row);
}

export async function removePaymentAccount(db: Db, id: string): Promise<void> {
  const [removed] = await db
    .delete(paymentAccounts)
    .where(eq(paymentAccounts.id, id))
    .returning({ id: paymentAccounts.id });
  if (!removed) throw notFound(PAYMENT_ACCOUNT_MESSAGES.notFound);
}

/**
 * The owner's order: every account's id once, first shown first. The whole list rather than one
 * move, so what the owner saw is what is saved; a list that no longer matches (another tab added or
 * removed one) changes nothing.
 */
export async function orderPaymentAccounts(db: Db, ids: readonly string[]): Promise<PaymentAccount[]> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table payment_accounts in share row exclusive mode`);
    const existing = new Set((await tx.select({ id: paymentAccounts.id }).from(paymentAccounts)).map((r) => r.id));
    if (ids.some((id) => !existing.has(id))) throw notFound(PAYMENT_ACCOUNT_MESSAGES.notFound);
    if (ids.length !== existing.size) throw conflict(PAYMENT_ACCOUNT_MESSAGES.orderChanged);
    // In the transaction, so a reader sees the old order or the new one, never half of each.
    for (const [position, id] of ids.entries()) {
      await tx.update(paymentAccounts).set({ position, updatedAt: sql`now()` }).where(eq(paymentAccounts.id, id));
    }
  });
  return listPaymentAccounts(db);
}

/** A number its kind already lists is a conflict, said in the owner's words. */
async function saving<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (sqlState(error) === "23505" && constraintOf(error) === NUMBER_INDEX) {
      throw conflict(PAYMENT_ACCOUNT_MESSAGES.duplicate);
    }
    throw error;
  }
}
