// Whether one of a customer's orders can still be exchanged (docs/decisions/019-exchanges.md): it is
// theirs, delivered, and the owner's window since its delivery (the last move to `delivered` counts)
// has not passed. Asked by the request itself and, before that, by each photo's upload (issue 45).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { EXCHANGE_MESSAGES } from "#shared/exchanges.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { conflict, notFound } from "../domain-errors.ts";
import { exchangeDeadline } from "../orders/exchange-deadline.ts";

const orderRow = z.object({ status: z.string() });

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
