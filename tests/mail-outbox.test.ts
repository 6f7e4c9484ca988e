// The mail outbox: an order's confirmation is queued in the order's own statement, so a mail that
// could not be sent (or whose sender died) is still owed, and goes out from any instance later;
// several instances draining one outbox send each mail once.
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmationLinks } from "#server/confirmation/links.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createMailer, type Mailer } from "#server/mail/mailer.ts";
import { startMailOutbox } from "#server/mail/outbox.ts";
import { queueMails, startQueuedMailOutbox } from "#server/mail/queue.ts";
import { createOrderService } from "#server/orders/service.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { placeOnePair } from "./support/orders.ts";
import { makeShopper, products, setStock, type TestProduct } from "./support/shoppers.ts";
import { allMailsSent, until } from "./support/wait.ts";

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

/**
 * Another instance's sender: its own mail folder, the same database. `before` runs ahead of each
 * send (the test holds a send there, as a slow or hung mail server would).
 */
async function otherInstance(on: TestApp = t, before?: () => Promise<void>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-outbox-"));
  scratch.push(dataDir);
  const real = createMailer({ smtpUrl: undefined, dataDir, from: "Shoe Shop <support@shoeshop.pk>" });
  const mailer: Mailer = {
    outboxDir: real.outboxDir,
    send: async (mail) => {
      await before?.();
      await real.send(mail);
    },
  };
  // Signs its links with the same key as the shop's own instance: the one kept in the database.
  const links = createConfirmationLinks(on.database.db, { publicUrl: on.config.publicUrl });
  const orders = createOrderService(on.database.db, {
    shop: on.config.shop,
    alert: { to: on.config.ordersEmail, publicUrl: on.config.publicUrl },
    confirmRequest: async (order) => ({
      url: await links.urlFor(order._id, new Date(order.createdAt)),
      cancelAfterMinutes: 2_880,
    }),
  });
  const errors: string[] = [];
  const outbox = startMailOutbox({
    db: on.database.db,
    mailer,
    render: (entries) => orders.queuedMails(entries),
    logError: (_error, message) => errors.push(message),
    pollMs: 60_000,
    batchSize: 3,
  });
  /** The messages this instance wrote, each as its file's text. */
  const written = async () => {
    const names = await readdir(mailer.outboxDir).catch(() => []);
    return Promise.all(names.map((name) => readFile(path.join(mailer.outboxDir, name), "utf8")));
  };
  return { outbox, errors, written, mails: async () => (await written()).length };
}

const queued = async (on: TestApp = t) =>
  selectRowsAsserted<{ kind: string; order_id: string; attempts: number; last_error: string | null }>(
    on.database.db,
    sql`select kind, order_id, attempts, last_error from mail_outbox order by created_at, kind`,
  );

async function order(on: TestApp = t, shoe: TestProduct = product) {
  const shopper = await makeShopper(on);
  return (await placeOnePair(on, shopper, shoe))._id;
}

describe("the mail outbox", () => {
  it("keeps a confirmation that could not be sent, and another instance sends it later", async () => {
    // This instance's mail folder is a file: every send fails, as with a mail server that is down.
    await rm(path.join(t.config.dataDir, "outbox"), { recursive: true, force: true });
    await writeFile(path.join(t.config.dataDir, "outbox"), "not a folder");
    const orderId = await order();
    const rows = await until(
      () => queued(),
      (found) => found.every((r) => r.attempts > 0 && r.last_error),
      "both mails to be tried and kept",
    );
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
    await allMailsSent(t.database.db);
    const ownBefore = await ownMails();

    // The same twelve confirmations owed again, and three more instances (this one polls too) racing for them.
    await t.database.db.execute(
      sql`insert into mail_outbox (kind, order_id) select 'order_confirmation', id from orders where id in ${ids}`,
    );
    const senders = await Promise.all([otherInstance(), otherInstance(), otherInstance()]);
    const sent = await Promise.all(senders.map((s) => s.outbox.drain()));
    // This instance may have leased some of the rows at its own poll and still be sending them: the
    // others skip leased rows, so the queue is empty only once it has finished too.
    await allMailsSent(t.database.db);
    const written = await Promise.all(senders.map((s) => s.mails()));
    expect(written).toEqual(sent);
    expect(sent.reduce((a, b) => a + b, 0) + (await ownMails()) - ownBefore).toBe(12);
    for (const s of senders) await s.outbox.close();
  });
});

/**
 * A shop of its own whose instance has stopped (its sender with it), so the rows these tests queue
 * are sent only by the senders they start; the database stays open for them.
 */
describe("the mail outbox when the database fails after a send, or a sender dies", () => {
  let quiet: TestApp;
  let orderIds: string[];

  beforeAll(async () => {
    quiet = await createTestApp();
    const [shoe] = (await products(quiet, 1)) as [TestProduct];
    await setStock(quiet, shoe.id, shoe.sizes[0] as number, 100);
    orderIds = [];
    for (let i = 0; i < 3; i++) orderIds.push(await order(quiet, shoe));
    // Its own sender sends what the orders queued; then it stops, for good.
    await allMailsSent(quiet.database.db);
    await quiet.app.close();
  });
  afterAll(async () => {
    await quiet?.database.close();
    if (quiet) await rm(quiet.config.dataDir, { recursive: true, force: true });
  });

  /** Each order's confirmation owed again; answers the new rows' ids. */
  async function owe(): Promise<string[]> {
    const rows = await selectRowsAsserted<{ id: string }>(
      quiet.database.db,
      sql`insert into mail_outbox (kind, order_id) select 'order_confirmation', id from orders where id in ${orderIds} returning id`,
    );
    return rows.map((row) => row.id);
  }

  /** How many messages went to each recipient, over every sender's folder. */
  async function perRecipient(...senders: { written(): Promise<string[]> }[]) {
    const counts = new Map<string, number>();
    for (const sender of senders) {
      for (const text of await sender.written()) {
        const to = /^To: (.+)$/m.exec(text)?.[1] ?? "?";
        counts.set(to, (counts.get(to) ?? 0) + 1);
      }
    }
    return [...counts.values()];
  }

  it("sends a batch in the order its rows were queued, whatever order the claim answers in", async () => {
    // One change queues a parcel's news in order; then the older rows are touched (a lease that ran
    // out), which moves them after the newer ones in the table. All are claimed in one batch.
    const subjects = Array.from({ length: 12 }, (_, i) => `Parcel news ${String(i + 1).padStart(2, "0")}`);
    await quiet.database.db.transaction(async (tx) => {
      for (const subject of subjects) await queueMails(tx, [{ to: "ayesha@example.pk", subject, text: subject }]);
      await tx.execute(sql`update mail_outbox set attempts = 0 where message->>'subject' <= ${subjects[5]}`);
    });
    const dataDir = await mkdtemp(path.join(tmpdir(), "shop-outbox-"));
    scratch.push(dataDir);
    const real = createMailer({ smtpUrl: undefined, dataDir, from: "Shoe Shop <support@shoeshop.pk>" });
    const asked: string[] = [];
    const mailer: Mailer = {
      outboxDir: real.outboxDir,
      send: async (mail) => {
        asked.push(mail.subject);
        await real.send(mail);
      },
    };
    const outbox = startQueuedMailOutbox({ db: quiet.database.db, mailer, logError: () => {}, pollMs: 60_000 });
    expect(await outbox.drain()).toBe(subjects.length);
    await outbox.close();
    expect(asked).toEqual(subjects);
    // The mail files, named by the moment they left, sort in the same order even within one millisecond.
    const names = (await readdir(real.outboxDir)).filter((name) => name.endsWith(".eml")).sort();
    const written = await Promise.all(names.map((name) => readFile(path.join(real.outboxDir, name), "utf8")));
    expect(written.map((text) => /^Subject: (.+)$/m.exec(text)?.[1])).toEqual(subjects);
  });

  it("sends one mail per order when the row's delete fails after the send", async () => {
    const rowIds = await owe();
    const a = await otherInstance(quiet);
    const b = await otherInstance(quiet);
    // A real fault of the database, not of our code: every delete from the outbox is refused.
    await quiet.database.db.execute(sql`
      create function refuse_outbox_delete() returns trigger language plpgsql as $$
      begin raise exception 'the outbox refuses deletes (test fault)'; end $$`);
    await quiet.database.db.execute(
      sql`create trigger refuse_outbox_delete before delete on mail_outbox for each row execute function refuse_outbox_delete()`,
    );
    try {
      await a.outbox.drain();
      expect(await a.mails()).toBeGreaterThan(0);
      expect(a.errors.length).toBeGreaterThan(0);
      // Meanwhile another instance finds nothing it may send: what a sent is still a's.
      expect(await b.outbox.drain()).toBe(0);
    } finally {
      await quiet.database.db.execute(sql`drop trigger refuse_outbox_delete on mail_outbox`);
      await quiet.database.db.execute(sql`drop function refuse_outbox_delete()`);
    }
    // The fault is over; a's next drain (its poll) records what it sent.
    await a.outbox.drain();
    // Long after any lease: whatever is still queued is due, for either instance.
    await quiet.database.db.execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 second'`);
    await b.outbox.drain();
    await a.outbox.drain();

    expect(await queued(quiet)).toEqual([]);
    expect(await perRecipient(a, b)).toEqual([1, 1, 1]);
    // Each names its outbox row, the same on every try: a resend would be recognisably the same message.
    const messageIds = [...(await a.written()), ...(await b.written())].map(
      (text) => /^Message-ID: <outbox-(.+)@shoeshop\.pk>$/m.exec(text)?.[1],
    );
    expect(messageIds.sort()).toEqual([...rowIds].sort());
    await a.outbox.close();
    await b.outbox.close();
  });

  it("sends a dead sender's mails from another instance within 30 s of its claim, and each once", async () => {
    await owe();
    // This sender claims a batch and hangs in its first send, never finishing: as if its process died.
    let release: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inSend: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      inSend = resolve;
    });
    const dead = await otherInstance(quiet, () => {
      inSend();
      return hung;
    });
    const draining = dead.outbox.drain();
    await sending;
    expect((await queued(quiet)).map((row) => row.attempts)).toEqual([1, 1, 1]);
    const other = await otherInstance(quiet);
    expect(await other.outbox.drain()).toBe(0);

    // Thirty seconds later (moved in the database rather than waited for), its claim has run out.
    await quiet.database.db.execute(
      sql`update mail_outbox set next_attempt_at = next_attempt_at - interval '30 seconds'`,
    );
    expect(await other.outbox.drain()).toBe(3);
    expect(await queued(quiet)).toEqual([]);

    // The hung sender wakes after all: the send it was in goes out (it was already on its way), but
    // none of the rest of its batch, which is another's now.
    release();
    await draining;
    expect(await dead.mails()).toBe(1);
    expect(await other.mails()).toBe(3);
    await dead.outbox.close();
    await other.outbox.close();
  });
});
