// Helpers for the attack tests: a fingerprint of everything an attack could change, and the
// shape every refusal must have (a 4xx with a `{ message }` a person can act on, nothing else).
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { TestApp } from "../support/app.ts";

/** Row counts and sums over every table a request can write, plus the users' roles and hashes. */
export async function dbState(t: TestApp): Promise<Record<string, unknown>> {
  const [row] = await selectRowsAsserted<Record<string, unknown>>(
    t.database.db,
    sql`select
      (select count(*)::int from users) as users,
      (select string_agg(id::text || role || password_hash, ',' order by id) from users) as user_rows,
      (select count(*)::int from sessions where revoked_at is null) as live_sessions,
      (select count(*)::int from carts) as carts,
      (select coalesce(string_agg(cart_id::text || product_id::text || size || ':' || quantity, ',' order by cart_id, product_id, size), '') from cart_lines) as cart_lines,
      (select count(*)::int from orders) as orders,
      (select string_agg(id::text || status || total_amount, ',' order by id) from orders) as order_rows,
      (select count(*)::int from order_lines) as order_lines,
      (select count(*)::int from order_status_events) as order_events,
      (select count(*)::int from idempotency_keys) as idempotency_keys,
      (select count(*)::int from password_resets) as password_resets,
      (select coalesce(string_agg(id::text || full_name || address_line || phone_number || email, ',' order by id), '')
       from addresses) as addresses,
      (select sum(stock)::int from product_sizes) as stock,
      (select sum(price)::bigint || ':' || sum(discount_price)::bigint from products) as prices,
      (select count(*)::int from products) as products`,
  );
  return row ?? {};
}

/** Runs the attack and checks the database is exactly as before. */
export async function expectNothingChanged<T>(t: TestApp, attack: () => Promise<T>): Promise<T> {
  const before = await dbState(t);
  const result = await attack();
  expect(await dbState(t)).toEqual(before);
  return result;
}

/** A refusal: the given 4xx status (or any 4xx), JSON `{ message }` with a non-empty message, no stack. */
export function expectRefusal(res: LightMyRequestResponse, status?: number): string {
  if (status === undefined) {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  } else {
    expect(res.statusCode, res.body).toBe(status);
  }
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(typeof body.message, res.body).toBe("string");
  expect((body.message as string).length).toBeGreaterThan(3);
  expectNoStack(res.body);
  return body.message as string;
}

/** No stack trace: no "    at fn (file:line:col)" lines, no file URLs or node_modules paths. */
export function expectNoStack(body: string): void {
  const trace = /\n\s*at [^\n]*:\d+:\d+|file:\/\/\/|node_modules\/|\/work\/|[A-Za-z]+Error: [^<"]*\n/.exec(body);
  expect(trace?.[0], "a stack trace in the answer").toBeUndefined();
}

/** Classic SQL injection strings, a few per dialect trick. */
export const SQL_INJECTIONS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "admin'--",
  "'; DROP TABLE users; --",
  "1; DELETE FROM orders",
  "' UNION SELECT id, email, password_hash FROM users --",
  '") OR ("1"="1',
  "1' AND pg_sleep(5) --",
  "%' AND 1=0 UNION ALL SELECT NULL --",
  "\\'; SELECT pg_read_file('/etc/passwd'); --",
];

/** Input shaped to make backtracking regular expressions take exponential or quadratic time. */
export const REDOS_INPUTS = [
  `${"a".repeat(50_000)}!`,
  `a@${"a.".repeat(100_000)}@`,
  `${"a@".repeat(50_000)}`,
  `${"-".repeat(50_000)}@x`,
  `${"a".repeat(30_000)}@${"a".repeat(30_000)}`,
  `(${"a|".repeat(10_000)}a)*`,
  `${"a ".repeat(50_000)}\u2028`,
];

export const XSS_PAYLOADS = [
  `<script>window.__xss=1</script>`,
  `"><img src=x onerror="window.__xss=1">`,
  `<svg onload=window.__xss=1>`,
  `javascript:window.__xss=1`,
  `</title><script>window.__xss=1</script>`,
  `'-alert(1)-'`,
];
