// The failed attempts a courier already reported for its parcels on the road, so that a status file
// imported twice, or a sync that sees the same status again, asks the customer once per attempt.
// An attempt is the same when the courier gives the same time for it; without a time (a file with no
// date column), when its words and remark are those of an attempt still open. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import type { TrackingLine } from "../adapter.ts";

const row = z.object({
  order_id: z.string(),
  reported_ms: z.number(),
  courier_status: z.string(),
  remark: z.string().nullable(),
  open: z.boolean(),
});

type Said = Pick<TrackingLine, "status" | "remark" | "statusDate">;

export interface ReportedAttempts {
  has(orderId: string, line: Said): boolean;
  /** A line planned to record one: the lines after it see it. */
  add(orderId: string, line: Said): void;
}

export async function reportedAttempts(db: Db, courierId: string): Promise<ReportedAttempts> {
  const rows = await selectRows(
    db,
    row,
    sql`select a.order_id, (extract(epoch from a.reported_at) * 1000)::float8 as reported_ms, a.courier_status,
               a.remark, a.state <> 'closed' as open
        from delivery_attempts a join orders o on o.id = a.order_id
        where a.courier_id = ${courierId} and o.status = 'dispatched'`,
  );
  const known = rows.map((r) => ({ ...r }));
  const sameWords = (r: (typeof known)[number], line: Said) =>
    r.courier_status === line.status && (r.remark ?? null) === (line.remark ?? null);
  return {
    has(orderId, line) {
      const at = line.statusDate ? Date.parse(line.statusDate) : undefined;
      return known.some(
        (r) =>
          r.order_id === orderId &&
          (at !== undefined ? Math.abs(r.reported_ms - at) < 1000 : r.open && sameWords(r, line)),
      );
    },
    add(orderId, line) {
      known.push({
        order_id: orderId,
        reported_ms: line.statusDate ? Date.parse(line.statusDate) : Date.now(),
        courier_status: line.status,
        remark: line.remark ?? null,
        open: true,
      });
    },
  };
}
