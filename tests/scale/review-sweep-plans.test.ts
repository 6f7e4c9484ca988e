// The review sweep's plan with years of deliveries behind it (issue 53's sweep, decision 044): every
// instance runs it once a minute, so it must read the deliveries of the asking window, not every
// order the shop ever delivered. 20,000 orders delivered long ago and one delivered inside the
// window: the statement that finds the due orders, run under EXPLAIN ANALYZE, reads a few rows, and
// the one order is asked. Counts of rows, not milliseconds: the same on a busy machine.
// PostgreSQL only: the planner's choices are what is tested.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createReviewLinks } from "#server/reviews/links.ts";
import { sweepReviewRequests } from "#server/reviews/requests.ts";
import type { Order } from "#shared/orders.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { deliveredOrder } from "../support/orders.ts";
import { type Explained, explaining } from "../support/plans.ts";
import { products, setStock, type TestProduct } from "../support/shoppers.ts";

const LONG_AGO = 20_000;
const onServer = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onServer)(`the review sweep beside ${LONG_AGO.toLocaleString("en-US")} old deliveries`, () => {
  let t: TestApp;
  let recent: Order;

  /** A table's columns that take a value (not the generated ones), as a list: `(a, b)` or `r.a, r.b`. */
  async function columns(table: string, prefix?: string) {
    const rows = await selectRowsAsserted<{ column_name: string }>(
      t.database.db,
      sql`select column_name from information_schema.columns
          where table_name = ${table} and table_schema = current_schema() and is_generated = 'NEVER'
          order by ordinal_position`,
    );
    const names = rows.map((row) => `"${row.column_name}"`);
    return sql.raw(prefix === undefined ? `(${names.join(", ")})` : names.map((name) => prefix + name).join(", "));
  }

  beforeAll(async () => {
    t = await createTestApp();
    const [shoe] = (await products(t, 1)) as [TestProduct];
    await setStock(t, shoe.id, shoe.sizes[0] as number, 10);
    const template = await deliveredOrder(t, shoe);
    recent = await deliveredOrder(t, shoe);
    const db = t.database.db;
    // The template's copies, each delivered a year or more ago with its line: only the ids (and the
    // order numbers, unique) differ. Asked long ago or never, they are outside the window either way.
    await db.execute(sql`
      create temporary table copies as
        select gen_random_uuid() as id, n from generate_series(1, ${LONG_AGO}) as n`);
    await db.execute(sql`
      insert into orders ${await columns("orders")}
      select ${await columns("orders", "r.")}
      from orders o, copies c,
           jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object('id', c.id)) r
      where o.id = ${template._id}`);
    await db.execute(sql`
      insert into order_lines ${await columns("order_lines")}
      select ${await columns("order_lines", "r.")}
      from order_lines l, copies c,
           jsonb_populate_record(null::order_lines,
                                 to_jsonb(l) || jsonb_build_object('id', gen_random_uuid(), 'order_id', c.id)) r
      where l.order_id = ${template._id}`);
    await db.execute(sql`
      insert into order_status_events (order_id, from_status, to_status, created_at)
      select c.id, 'confirmed', 'delivered', now() - make_interval(days => 365 + c.n % 700) from copies c`);
    await db.execute(sql`
      update order_status_events set created_at = now() - interval '400 days'
      where order_id = ${template._id} and to_status = 'delivered'`);
    await db.execute(sql`
      update order_status_events set created_at = now() - interval '4 days'
      where order_id = ${recent._id} and to_status = 'delivered'`);
    await db.execute(sql`analyze orders, order_lines, order_status_events, review_requests`);
  }, 120_000);
  afterAll(() => t?.close());

  it("reads the window's deliveries, not every delivered order, and asks the one due", async () => {
    const delivered = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where status = 'delivered'`,
    );
    expect(delivered).toEqual([{ n: LONG_AGO + 2 }]);
    const plans: Explained[] = [];
    const deps = {
      links: createReviewLinks(t.database.db, { publicUrl: t.config.publicUrl, secret: t.config.confirmLinkSecret }),
      shop: t.config.shop,
      whatsapp: false,
    };
    await sweepReviewRequests(explaining(t.database.db, plans), deps);
    const due = plans.filter((plan) => plan.statement.includes("to_status = 'delivered'"));
    expect(due.length).toBeGreaterThan(0);
    for (const plan of due) expect(plan.rowsRead, plan.statement).toBeLessThan(200);
    // The sweep itself (EXPLAIN ANALYZE above ran its claim once already, so a plain one now asks
    // nothing new): the one order due was claimed.
    const claimed = await selectRowsAsserted<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from review_requests where order_id = ${recent._id}`,
    );
    expect(claimed).toEqual([{ n: 1 }]);
  });
});
