// The last day a delivered order can be exchanged: its delivery plus the owner's window
// (docs/decisions/019-exchanges.md). Read by the delivered mail (life/status-mail.ts) and by the
// exchange request's own check (server/exchanges/window.ts): one count of the window.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { ExchangeSettings } from "#shared/exchanges.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { exchangeSettings } from "../db/schema.ts";

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
