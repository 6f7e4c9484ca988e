// Two gates the test holds in the scratch database, so that it knows exactly what two checkouts
// on the instance it kills were doing when it died; each gate stops only its own pair, which
// nobody else buys:
// - rows: the test locks the pair's stock row; a checkout of it waits inside its statement
//   (nothing written yet) when its instance dies, and is then ended or completes, once;
// - commits: a deferred trigger on order_lines, in this scratch database only, takes a shared
//   advisory lock at COMMIT for the pair; while the test holds that lock the checkout waits in its
//   COMMIT, and once let through it is committed, whatever happens to the instance that sent it.
// Each instance names its sessions (application_name), so pg_stat_activity shows who waits where.
import type pg from "pg";

const COMMIT_GATE = 727_042;

export interface Waiting {
  /** Sessions waiting in COMMIT at the commits gate. */
  commits: number;
  /** Sessions waiting for the row the rows gate holds (not for the load's own row locks). */
  rows: number;
  sessions: number;
}

export interface Gates {
  holdRows(pair: { productId: string; size: number }): Promise<void>;
  releaseRows(): Promise<void>;
  holdCommits(): Promise<void>;
  releaseCommits(): Promise<void>;
  waiting(applicationName: string): Promise<Waiting>;
  /** Drops the gates' connections (and so whatever they hold). */
  dispose(): void;
}

export async function installGates(pool: pg.Pool, commitPair: { productId: string; size: number }): Promise<Gates> {
  const { productId, size } = commitPair;
  if (!/^[0-9a-f-]{36}$/.test(productId) || !Number.isInteger(size)) throw new Error("not a pair");
  await pool.query(`create function cluster_test_commit_gate() returns trigger language plpgsql
    -- The checkout sets a lock timeout in its transaction; this gate holds its COMMIT on purpose.
    set lock_timeout = 0 as $$
    begin
      if new.product_id = '${productId}'::uuid and new.size = ${size} then
        perform pg_advisory_xact_lock_shared(${COMMIT_GATE});
      end if;
      return null;
    end $$`);
  await pool.query(`create constraint trigger cluster_test_commit_gate after insert on order_lines
    deferrable initially deferred for each row execute function cluster_test_commit_gate()`);
  const rows = await pool.connect();
  const commits = await pool.connect();
  // The load's checkouts wait on each other's stock rows for moments; only a session the rows gate
  // itself blocks is the one the test put there.
  const rowsGatePid = (await rows.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;
  return {
    async holdRows(pair) {
      await rows.query("begin");
      await rows.query("select 1 from product_sizes where product_id = $1 and size = $2 for update", [
        pair.productId,
        pair.size,
      ]);
    },
    releaseRows: async () => void (await rows.query("rollback")),
    holdCommits: async () => void (await commits.query("select pg_advisory_lock($1)", [COMMIT_GATE])),
    releaseCommits: async () => void (await commits.query("select pg_advisory_unlock($1)", [COMMIT_GATE])),
    async waiting(applicationName) {
      const { rows: found } = await pool.query<Waiting>(
        `select count(*) filter (where wait_event = 'advisory')::int as commits,
                count(*) filter (where wait_event_type = 'Lock' and $2::int = any(pg_blocking_pids(pid)))::int as rows,
                count(*)::int as sessions
           from pg_stat_activity where application_name = $1`,
        [applicationName, rowsGatePid],
      );
      return found[0] ?? { commits: 0, rows: 0, sessions: 0 };
    },
    dispose() {
      rows.release(true);
      commits.release(true);
    },
  };
}
