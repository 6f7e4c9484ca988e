// Following parcels without files (issue 49): each courier with an API account is polled every
// COURIER_SYNC_EVERY_MINUTES for its parcels on the road (statuses, failed attempts) and its parcels
// whose cash is not in (payments), and the answers are applied as a status file and a payment report
// would be (imports.ts: the same plans, locks and once-only record). Once across instances: a courier
// is claimed by moving its next_sync_at forward under `for update skip locked`, so a second instance
// finds nothing due. A courier that fails waits longer each time (back-off to 6 hours), its failure
// kept for the owner; the others go on. Calls to one courier are spaced (its rate), never parallel.
// No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CourierApiConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { courierAccounts } from "../db/schema.ts";
import type { PaymentLine, TrackingLine } from "./adapter.ts";
import { connectAccount } from "./api/accounts.ts";
import { CourierApiError } from "./api/courier-api.ts";
import { applyCourierLines, type ImportHooks, type MovedOrder } from "./imports.ts";

/** The lease a claimed courier holds while it is synced; a dead instance's claim runs out. */
const LEASE_MINUTES = 10;
const MAX_BACK_OFF_MINUTES = 360;
/** One courier's calls are at least this far apart: no published rate is tighter than a few a second. */
const DEFAULT_GAP_MS = 500;
/** At most this many couriers per run; the rest are due at the next. */
const COURIERS_PER_RUN = 10;

export interface SyncDeps {
  db: Db;
  config: CourierApiConfig;
  hooks: ImportHooks;
  /** Between two calls to one courier; a test makes it short. */
  gapMs?: number | undefined;
}

export interface CourierSync {
  courierId: string;
  /** Null when it went well; the owner's words otherwise. */
  error: string | null;
}

export interface SyncOutcome {
  synced: CourierSync[];
  moved: MovedOrder[];
  attempts: string[];
  /** Orders whose customer was told the parcel is out for delivery (issue 53). */
  told: string[];
}

const claimed = z.object({ courier_id: z.string() });

/** Syncs every courier due now (claimed one at a time, so two instances share the work and never repeat it). */
export async function syncDueCouriers(deps: SyncDeps): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { synced: [], moved: [], attempts: [], told: [] };
  for (let i = 0; i < COURIERS_PER_RUN; i++) {
    const [due] = await selectRows(
      deps.db,
      claimed,
      sql`update courier_accounts set next_sync_at = now() + make_interval(mins => ${LEASE_MINUTES})
          where courier_id = (select courier_id from courier_accounts where enabled and next_sync_at <= now()
                              order by next_sync_at limit 1 for update skip locked)
          returning courier_id::text`,
    );
    if (!due) break;
    const synced = await syncCourier(deps, due.courier_id, outcome);
    outcome.synced.push(synced);
  }
  return outcome;
}

async function syncCourier(deps: SyncDeps, courierId: string, outcome: SyncOutcome): Promise<CourierSync> {
  const { db } = deps;
  try {
    const [row] = await db.select().from(courierAccounts).where(sql`${courierAccounts.courierId} = ${courierId}`);
    if (!row) return { courierId, error: null };
    const connected = connectAccount(row, deps.config);
    const gap = spacer(deps.gapMs ?? DEFAULT_GAP_MS);
    const source = `${connected.label} API`;

    const onRoad = await numbers(db, sql`o.status = 'dispatched'`, courierId);
    const statuses: TrackingLine[] = [];
    for (const chunk of chunks(onRoad, connected.api.trackBatch)) {
      await gap();
      for (const s of await connected.api.track(chunk)) statuses.push({ line: statuses.length + 1, ...s });
    }
    if (statuses.length > 0) {
      const applied = await applyCourierLines(db, courierId, { kind: "status", lines: statuses }, source, deps.hooks);
      outcome.moved.push(...applied.moved);
      outcome.attempts.push(...applied.attempts);
      outcome.told.push(...applied.told);
    }

    // Cash not yet in: delivered, or come back with a return charge to learn, and not settled.
    const unpaid = await numbers(db, sql`p.settled_at is null and o.status <> 'dispatched'`, courierId);
    const payments: PaymentLine[] = [];
    for (const chunk of chunks(unpaid, connected.api.trackBatch)) {
      await gap();
      for (const p of await connected.api.payments(chunk)) payments.push({ line: payments.length + 1, ...p });
    }
    if (payments.length > 0) {
      const applied = await applyCourierLines(db, courierId, { kind: "payment", lines: payments }, source, deps.hooks);
      outcome.moved.push(...applied.moved);
    }
    await db.execute(sql`update courier_accounts
      set next_sync_at = now() + make_interval(mins => ${deps.config.syncEveryMinutes}), sync_failures = 0,
          last_sync_at = now(), last_error = null
      where courier_id = ${courierId}`);
    return { courierId, error: null };
  } catch (error) {
    const message =
      error instanceof CourierApiError || error instanceof Error
        ? error.message
        : "The sync failed for an unknown reason.";
    // Waits twice as long after each failure in a row, from the usual interval up to six hours.
    await db.execute(sql`update courier_accounts
      set sync_failures = sync_failures + 1, last_error = ${message.slice(0, 500)},
          next_sync_at = now() + make_interval(mins => least(${MAX_BACK_OFF_MINUTES},
                                   ${deps.config.syncEveryMinutes} * power(2, sync_failures))::int)
      where courier_id = ${courierId}`);
    return { courierId, error: message };
  }
}

async function numbers(db: Db, where: ReturnType<typeof sql>, courierId: string): Promise<string[]> {
  const rows = await selectRows(
    db,
    z.object({ tracking_number: z.string() }),
    sql`select p.tracking_number from parcels p join orders o on o.id = p.order_id
        where p.courier_id = ${courierId} and p.tracking_number is not null and ${where}
          and p.dispatched_at > now() - interval '120 days'
        order by p.dispatched_at`,
  );
  return rows.map((r) => r.tracking_number);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += Math.max(1, size)) out.push(items.slice(i, i + Math.max(1, size)));
  return out;
}

/** Waits until `gapMs` after the previous call of this courier's sync. */
function spacer(gapMs: number): () => Promise<void> {
  let last = 0;
  return async () => {
    const wait = last + gapMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    last = Date.now();
  };
}
