// The mail outbox: an order's confirmation is queued in the order's own statement, so a mail that
// could not be sent (or whose sender died) is still owed, and goes out from any instance later;
// several instances draining one outbox send each mail once.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { startMailOutbox } from "#server/mail/outbox.ts";
import { createOrderService } from "#server/orders/service.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { makeShopper, orderBody, placeOrder, products, setStock, type TestProduct } from "./support/shoppers.ts";

let t: TestApp;
let product: TestProduct;
const scratch: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [product] = (await products(t, 1)) as [TestProduct];
  await setStock(t, product.id, product.sizes[0] as number, 100);
});
afterAll(async () => {
  await t?.close();
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

/** Another instance's sender: its own mail folder, the same database. */
async function otherInstance() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-outbox-"));
  scratch.push(dataDir);
  const mailer = createMailer({ smtpUrl: undefined, dataDir, from: "Shoe Shop <support@shoeshop.pk>" });
  // Signs its links with the same key as the shop's own instance: the one kept in the database.
  const links = createConfirmationLinks(t.database.db, { publicUrl: t.config.publicUrl });
  const orders = createOrderService(t.database.db, {
    shop: t.config.shop,
    alert: { to: t.config.ordersEmail, publicUrl: t.config.publicUrl },
    confirmRequest: async (order) => ({
      url: await links.urlFor(order._id, new Date(order.createdAt)),
      cancelAfterMinutes: 2_880,
    }),
  });
  const errors: string[] = [];
  const outbox = startMailOutbox({
    db: t.database.db,
    mailer,
    render: (entries) => orders.queuedMails(entries),
    logError: (_error, message) => errors.push(message),
    pollMs: 60_000,
    batchSize: 3,
  });
  return { outbox, errors, mails: async () => (await readdir(mailer.outboxDir).catch(() => [])).length };
}

const queued = async () =>
  selectRowsAsserted<{ kind: string; order_id: string; attempts: number; last_error: string | null }>(
    t.database.db,
    sql`select kind, order_id, attempts, last_error from mail_outbox order by created_at, kind`,
  );

async function order() {
  const shopper = await makeShopper(t);
  const res = await placeOrder(
    t,
    shopper,
    orderBody(shopper, [{ product, size: product.sizes[0] as number, quantity: 1 }]),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

describe("the mail outbox", () => {
  it("keeps a confirmation that could not be sent, and another instance sends it later", async () => {
    // This instance's mail folder is a file: every send fails, as with a mail server that is down.
    await rm(path.join(t.config.dataDir, "outbox"), { recursive: true, force: true });
    await writeFile(path.join(t.config.dataDir, "outbox"), "not a folder");
    const orderId = await order();
    let rows = await queued();
    for (let i = 0; i < 100 && !rows.every((r) => r.attempts > 0 && r.last_error); i++) {
      await new Promise((r) => setTimeout(r, 20));
      rows = await queued();
    }
    // The customer's confirmation and the shop's alert, both kept.
    expect(rows).toEqual(
      ["order_alert", "order_confirmation"].map((kind) => ({
        kind,
        order_id: orderId,
        attempts: 1,
        last_error: expect.any(String),
      })),
    );

    // Later (the back-off has passed), a healthy instance picks it up.
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    const other = await otherInstance();
    expect(await other.outbox.drain()).toBe(2);
    expect(await other.mails()).toBe(2);
    expect(await queued()).toEqual([]);
    await other.outbox.close();
    await rm(path.join(t.config.dataDir, "outbox"), { force: true });
  });

  it("several instances draining one outbox send every mail exactly once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await order());
    const ownMails = async () => (await readdir(path.join(t.config.dataDir, "outbox"))).length;
    // Each order mails its customer and the shop (orders of one batch share the shop's mail).
    // Generous bounds: on a loaded CI machine this instance's sender can take seconds.
    for (let i = 0; i < 500 && ((await queued()).length > 0 || (await ownMails()) < 13); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const ownBefore = await ownMails();

    // The same twelve confirmations owed again, and three more instances (this one polls too) racing for them.
    await t.database.db.execute(
      sql`insert into mail_outbox (kind, order_id) select 'order_confirmation', id from orders where id in ${ids}`,
    );
    const senders = await Promise.all([otherInstance(), otherInstance(), otherInstance()]);
    const sent = await Promise.all(senders.map((s) => s.outbox.drain()));
    // This instance may have leased some of the rows at its own poll and still be sending them: the
    // others skip leased rows, so the queue is empty only once it has finished too.
    for (let i = 0; i < 500 && (await queued()).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await queued()).toEqual([]);
    const written = await Promise.all(senders.map((s) => s.mails()));
    expect(written).toEqual(sent);
    expect(sent.reduce((a, b) => a + b, 0) + (await ownMails()) - ownBefore).toBe(12);
    for (const s of senders) await s.outbox.close();
  });
});
