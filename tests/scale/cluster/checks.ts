// The checks on the database after the cluster load: the orders are exactly the ones customers
// were told about, and every pair that left the stock is in one of them.
import { expect } from "vitest";
import type { Ledger } from "./ledger.ts";
import type { Load } from "./load.ts";

/** The database's orders are exactly the ones customers were told about, each once. */
export function expectOrdersExactlyOnce(load: Load, ledger: Ledger): void {
  const answered = load.checkouts.filter((c) => c.orderId !== undefined);
  for (const c of load.checkouts) {
    const produced = ledger.keys.get(`${c.customer.userId} ${c.key}`);
    if (c.orderId === undefined) {
      expect(produced, `${c.key} was refused but produced an order`).toBeUndefined();
      continue;
    }
    expect(produced, `${c.key}: the key's order`).toBe(c.orderId);
    const order = ledger.orders.get(c.orderId);
    expect(order?.userId).toBe(c.customer.userId);
    const sortLines = (lines: { productId: string; size: number; quantity: number }[]) =>
      lines.map((l) => `${l.productId}/${l.size}x${l.quantity}`).sort();
    expect(sortLines(order?.lines ?? [])).toEqual(sortLines(c.lines));
  }
  expect(new Set(answered.map((c) => c.orderId)).size).toBe(answered.length);
  expect([...ledger.orders.keys()].sort()).toEqual(answered.map((c) => c.orderId).sort());
}

/** No size went below zero, and every pair that left the stock is in an order. */
export function expectStockAccountedFor(before: Ledger, after: Ledger): void {
  const wrong: string[] = [];
  for (const [key, initial] of before.stock) {
    const now = after.stock.get(key) ?? Number.NaN;
    const sold = after.sold.get(key) ?? 0;
    if (now < 0 || initial - now !== sold) wrong.push(`${key}: ${initial} before, ${now} now, ${sold} sold`);
  }
  expect(wrong).toEqual([]);
  expect([...after.sold.keys()].every((key) => before.stock.has(key))).toBe(true);
}
