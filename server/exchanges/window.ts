// Whether one of a customer's orders can still be exchanged (docs/decisions/019-exchanges.md): it is
// theirs, delivered, and the owner's window since its delivery (the last move to `delivered` counts)
// has not passed. Asked by the request itself and, before that, by each photo's upload (issue 45).
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { EXCHANGE_MESSAGES, type ExchangeSettings } from "#shared/exchanges.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { exchangeSettings } from "../db/schema.ts";
import { conflict, notFound } from "../domain-errors.ts";

const orderRow = z.object({ status: z.string() });

export async function readExchangeSettings(tx: Db): Promise<ExchangeSettings> {
  const [row] = await tx.select().from(exchangeSettings).where(eq(exchangeSettings.id, 1));
  return { windowDays: row?.windowDays ?? 7, answerWithinDays: row?.answerWithinDays ?? 3 };
}

/**
 * The last moment an exchange of a delivered order can be asked for: its delivery (the last move to
 * `delivered`, this transaction's own included) plus the owner's window. Undefined when not delivered.
 * The one count of the window: the request's check below and the delivered mail's deadline read it.
 */
export async function exchangeDeadline(
  tx: Db,
  orderId: string,
): Promise<{ until: Date; windowDays: number } | undefined> {
  const [row] = await selectRows(
    tx,
    z.object({ delivered_ms: z.number().nullable() }),
    sql`select (extract(epoch from max(created_at)) * 1000)::float8 as delivered_ms from order_status_events
        where order_id = ${orderId} and to_status = 'delivered'`,
  );
  if (!row || row.delivered_ms === null) return undefined;
  const { windowDays } = await readExchangeSettings(tx);
  return { until: new Date(row.delivered_ms + windowDays * 86_400_000), windowDays };
}

/**
 * Refuses unless the order is the customer's, delivered and inside its exchange window at `now`.
 * `lock` takes the order's row for the rest of the transaction, as every move of an order does.
 */
export async function checkExchangeWindow(
  tx: Db,
  userId: string,
  orderId: string,
  now: Date,
  options: { lock: boolean },
): Promise<void> {
  const [order] = await selectRows(
    tx,
    orderRow,
    sql`select o.status from orders o
        where o.id = ${orderId} and o.user_id = ${userId}${options.lock ? sql` for update of o` : sql``}`,
  );
  if (!order) throw notFound(EXCHANGE_MESSAGES.orderNotFound);
  const deadline = order.status === "delivered" ? await exchangeDeadline(tx, orderId) : undefined;
  if (!deadline) throw conflict(EXCHANGE_MESSAGES.notDelivered);
  if (now.getTime() > deadline.until.getTime()) throw conflict(EXCHANGE_MESSAGES.windowClosed(deadline.windowDays));
}
