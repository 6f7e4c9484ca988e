// Exchange photos within bounds (issue 45, finding 4), on PGlite and PostgreSQL. The outside test saw
// uploads from any account (no delivered order needed), 49-50 MP photos decoded in the request,
// no rate or quota, and unused photos kept forever. Here: only for an order of the uploader's own
// inside its exchange window; at most 25 MP, refused from the header before any decoding; at most
// 12 unused photos held and 20 added an hour per account, even when sent all at once; decoded one at
// a time outside the request; unused photos deleted after a day, once across instances.
import { stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageStore, InvalidImageError } from "#server/catalog/images.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createExchangePhotoService, photoKey } from "#server/exchanges/photos.ts";
import {
  type AdminExchangeList,
  EXCHANGE_MESSAGES,
  EXCHANGE_PHOTOS_HELD_MAX,
  EXCHANGE_PHOTOS_PER_HOUR,
} from "#shared/exchanges.ts";
import type { Order } from "#shared/orders.ts";
import { call, makeAdmin, picture } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";
import { until } from "./support/wait.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let small: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [shoe] = (await products(t, 1)) as [TestProduct];
  for (const size of shoe.sizes) await setStock(t, shoe.id, size, 50);
  small = await picture("jpeg", 400, 300);
});
afterAll(() => t?.close());

type Delivered = Order & { shopper: Shopper };

/** A new customer's order, delivered `deliveredDaysAgo` days ago (unless `status` stops it earlier). */
async function orderOf(shopper: Shopper, options: { deliveredDaysAgo?: number; status?: "confirm" } = {}) {
  const size = shoe.sizes[0] as number;
  const res = await placeOrder(t, shopper, orderBody(shopper, [{ product: shoe, size, quantity: 1 }]));
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<Order>();
  for (const status of options.status ? [options.status] : ["confirm", "delivered"]) {
    expect((await call(t, admin, "POST", `/api/admin/orders/${order._id}/status`, { status })).statusCode).toBe(200);
  }
  if (options.deliveredDaysAgo) {
    await t.database.db.execute(
      sql`update order_status_events set created_at = now() - make_interval(secs => ${options.deliveredDaysAgo * 86_400})
          where order_id = ${order._id} and to_status = 'delivered'`,
    );
  }
  return { ...order, shopper };
}
const delivered = async (): Promise<Delivered> => orderOf(await makeShopper(t));

const upload = (orderId: string, who: Shopper, body: Buffer) =>
  t.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/exchange-photos`,
    headers: { ...who.headers, "content-type": "image/jpeg" },
    payload: body,
  });

interface PhotoRow {
  id: string;
  status: string;
  claimed: boolean;
  width: number | null;
  height: number | null;
}
const photoRows = (userIds: string[]) =>
  selectRowsAsserted<PhotoRow>(
    t.database.db,
    sql`select id, status, claimed_at is not null as claimed, width, height from exchange_photos
        where user_id in ${userIds} order by created_at`,
  );

/** Polls (up to 30 s) until `done` holds of the account's photos; `seen` gets each look. */
const photosWhen = (userIds: string[], done: (rows: PhotoRow[]) => boolean, seen?: (rows: PhotoRow[]) => void) =>
  until(
    async () => {
      const rows = await photoRows(userIds);
      seen?.(rows);
      return rows;
    },
    done,
    "the photos to be decoded",
    { timeout: 30_000, interval: 25 },
  );
const allDecoded = (rows: PhotoRow[]) => rows.every((r) => r.status !== "pending");

const storeDir = () => {
  if (t.config.imageStorage.kind !== "directory") throw new Error("the tests keep images in a directory");
  return t.config.imageStorage.dir;
};
const hasFile = async (key: string) =>
  stat(path.join(storeDir(), key)).then(
    () => true,
    () => false,
  );

/** A phone-sized JPEG of one colour: a few hundred KB however many pixels. */
const phonePhoto = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 136, g: 102, b: 85 } } })
    .jpeg({ quality: 1 })
    .toBuffer();

describe("whose photos", () => {
  it("takes photos only for an order of the uploader's own inside its exchange window", async () => {
    const shopper = await makeShopper(t);
    const someoneElse = await delivered();
    const notYetDelivered = await orderOf(shopper, { status: "confirm" });
    const longAgo = await orderOf(shopper, { deliveredDaysAgo: 8 });
    const cases: [string, number, string][] = [
      ["00000000-0000-4000-8000-000000000000", 404, "No order of yours has that id."],
      [someoneElse._id, 404, "No order of yours has that id."],
      [notYetDelivered._id, 409, "Only a delivered order can be exchanged."],
      [longAgo._id, 409, "Exchanges are possible within 7 days of delivery; this order's time has passed."],
      ["not-an-id", 400, "That is not a valid order id."],
    ];
    for (const [orderId, status, message] of cases) {
      const res = await upload(orderId, shopper, small);
      expect([res.statusCode, res.json().message], orderId).toEqual([status, message]);
    }
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/orders/${someoneElse._id}/exchange-photos`,
      headers: { "content-type": "image/jpeg" },
      payload: small,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await photoRows([shopper.id])).toEqual([]);

    const recent = await orderOf(shopper);
    const accepted = await upload(recent._id, shopper, small);
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json()).toEqual({ _id: expect.any(String) });
  });

  it("attaches a photo only to a request about the order it was uploaded for", async () => {
    const shopper = await makeShopper(t);
    const [one, two] = [await orderOf(shopper), await orderOf(shopper)];
    const photo = (await upload(one._id, shopper, small)).json<{ _id: string }>()._id;
    const ask = (order: { _id: string }) =>
      t.app.inject({
        method: "POST",
        url: `/api/orders/${order._id}/exchanges`,
        headers: shopper.headers,
        payload: { lineNo: 1, reason: "faulty", wantedSize: shoe.sizes[0], photoIds: [photo] },
      });
    const elsewhere = await ask(two);
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([400, EXCHANGE_MESSAGES.photoNotFound]);
    expect((await ask(one)).statusCode).toBe(201);
  });
});

describe("how big", () => {
  it("refuses more than 25 megapixels from the header, before decoding, and takes a 24 MP phone photo", async () => {
    const order = await delivered();
    // A 50 MP "high resolution" shot (8000 x 6250), and only its first 4 KB: the header says its
    // size, so it is refused for its pixels; a decode would have found it cut short.
    const fifty = await phonePhoto(8000, 6250);
    for (const body of [fifty, fifty.subarray(0, 4096)]) {
      const res = await upload(order._id, order.shopper, body);
      expect([res.statusCode, res.json().message]).toEqual([400, EXCHANGE_MESSAGES.photoTooManyPixels(50)]);
    }
    expect(EXCHANGE_MESSAGES.photoTooManyPixels(50)).toBe(
      "This photo has 50 megapixels; we take at most 25. Please take it at your camera's usual setting rather than its high-resolution mode, or send a screenshot of it.",
    );
    expect(await photoRows([order.shopper.id])).toEqual([]);

    // A recent iPhone's usual 24 MP (5712 x 4284), kept at most 2000 px a side.
    const res = await upload(order._id, order.shopper, await phonePhoto(5712, 4284));
    expect(res.statusCode, res.body).toBe(202);
    const [kept] = await photosWhen([order.shopper.id], allDecoded);
    expect(kept).toMatchObject({ status: "ready", width: 2000, height: 1500 });
    expect(await hasFile(`${photoKey(kept?.id ?? "")}.webp`)).toBe(true);
    expect(await hasFile(`${photoKey(kept?.id ?? "")}.upload`)).toBe(false);
  });

  it("refuses past the pixel limit in the decoder too (sharp's limitInputPixels)", async () => {
    const images = createImageStore({ db: t.database.db, dataDir: t.config.dataDir });
    const key = "exchange/backstop-test";
    await images.keepPhotoUpload(key, await phonePhoto(8000, 6250));
    await expect(images.savePhoto(key, 25_000_000)).rejects.toBeInstanceOf(InvalidImageError);
    await images.discardPhoto(key);
  });

  it("marks a photo that cannot be decoded unreadable, keeps none of it, and a request cannot name it", async () => {
    const order = await delivered();
    const whole = await picture("jpeg", 1200, 900);
    const res = await upload(order._id, order.shopper, whole.subarray(0, Math.floor(whole.length / 3)));
    expect(res.statusCode, res.body).toBe(202);
    const [row] = await photosWhen([order.shopper.id], allDecoded);
    expect(row?.status).toBe("unreadable");
    expect(await hasFile(`${photoKey(row?.id ?? "")}.upload`)).toBe(false);
    const ask = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/exchanges`,
      headers: order.shopper.headers,
      payload: { lineNo: 1, reason: "faulty", wantedSize: shoe.sizes[0], photoIds: [row?.id] },
    });
    expect([ask.statusCode, ask.json().message]).toEqual([400, EXCHANGE_MESSAGES.photoNotFound]);
  });
});

describe("how many", () => {
  it(`holds at most ${EXCHANGE_PHOTOS_HELD_MAX} unused photos per account, even sent all at once`, async () => {
    const order = await delivered();
    const answers = await Promise.all(
      Array.from({ length: EXCHANGE_PHOTOS_HELD_MAX + 3 }, () => upload(order._id, order.shopper, small)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(EXCHANGE_PHOTOS_HELD_MAX);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      `You have added ${EXCHANGE_PHOTOS_HELD_MAX} photos that are not on a request yet, the most we keep. Please send your request with the photos you added; photos not used within 24 hours are removed.`,
    );
    expect(await photoRows([order.shopper.id])).toHaveLength(EXCHANGE_PHOTOS_HELD_MAX);
  });

  it(`adds at most ${EXCHANGE_PHOTOS_PER_HOUR} photos an hour per account`, async () => {
    const order = await delivered();
    const ask = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/exchanges`,
      headers: order.shopper.headers,
      payload: { lineNo: 1, reason: "too_small", wantedSize: shoe.sizes[1] },
    });
    expect(ask.statusCode, ask.body).toBe(201);
    // As if each batch had gone on a request (4 a request, several pairs): only the hourly limit is left.
    const onRequests = () =>
      t.database.db.execute(
        sql`update exchange_photos set exchange_id = (select id from exchange_requests where order_id = ${order._id})
            where user_id = ${order.shopper.id}`,
      );
    for (let added = 0; added < EXCHANGE_PHOTOS_PER_HOUR; added++) {
      if (added % EXCHANGE_PHOTOS_HELD_MAX === 0) await onRequests();
      const res = await upload(order._id, order.shopper, small);
      expect(res.statusCode, res.body).toBe(202);
    }
    await onRequests();
    const refused = await upload(order._id, order.shopper, small);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^You have added 20 photos in the last hour, the most we take\. Please try again in (59|60) minutes\.$/,
    );
    expect(await photoRows([order.shopper.id])).toHaveLength(EXCHANGE_PHOTOS_PER_HOUR);
    await t.database.db.execute(
      sql`update exchange_photos set created_at = now() - interval '61 minutes' where user_id = ${order.shopper.id}`,
    );
    expect((await upload(order._id, order.shopper, small)).statusCode).toBe(202);
  });
});

describe("decoding", () => {
  it("answers before decoding, and decodes one photo at a time however many customers upload", async () => {
    const orders = [await delivered(), await delivered(), await delivered()];
    const photo = await phonePhoto(5712, 4284);
    const answers = await Promise.all(orders.map((o) => upload(o._id, o.shopper, photo)));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    let mostAtOnce = 0;
    const rows = await photosWhen(
      orders.map((o) => o.shopper.id),
      allDecoded,
      (look) => {
        mostAtOnce = Math.max(mostAtOnce, look.filter((r) => r.status === "pending" && r.claimed).length);
      },
    );
    expect(rows.map((r) => [r.status, r.width, r.height])).toEqual(Array(3).fill(["ready", 2000, 1500]));
    expect(mostAtOnce).toBe(1);
  });
});

describe("expiry", () => {
  it("deletes a photo no request used within a day, with its files, once across instances", async () => {
    const order = await delivered();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(order._id, order.shopper, small)).json<{ _id: string }>()._id);
    const [used, unused, recent] = ids as [string, string, string];
    await photosWhen([order.shopper.id], allDecoded);
    const ask = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/exchanges`,
      headers: order.shopper.headers,
      payload: { lineNo: 1, reason: "faulty", wantedSize: shoe.sizes[0], photoIds: [used] },
    });
    expect(ask.statusCode, ask.body).toBe(201);
    await t.database.db.execute(
      sql`update exchange_photos set created_at = now() - interval '25 hours' where id in ${[used, unused]}`,
    );
    await t.database.db.execute(
      sql`update exchange_photos set created_at = now() - interval '23 hours' where id = ${recent}`,
    );

    // Two instances' sweeps at once: each photo is deleted by one of them.
    const images = createImageStore({ db: t.database.db, dataDir: t.config.dataDir });
    const [a, b] = [
      createExchangePhotoService(t.database.db, { images }),
      createExchangePhotoService(t.database.db, { images }),
    ];
    const deleted = await Promise.all([a.expire(), b.expire()]);
    expect(deleted[0] + deleted[1]).toBe(1);
    const left = await photoRows([order.shopper.id]);
    expect(left.map((r) => r.id).sort()).toEqual([used, recent].sort());
    expect(await hasFile(`${photoKey(unused)}.webp`)).toBe(false);
    expect(await hasFile(`${photoKey(used)}.webp`)).toBe(true);

    // The used one is still the owner's to see.
    const list = (await call(t, admin, "GET", "/api/admin/exchanges?view=waiting")).json<AdminExchangeList>();
    const exchange = list.exchanges.find((e) => e.orderId === order._id);
    expect(exchange?.photos.map((p) => p._id)).toEqual([used]);
    expect((await call(t, admin, "GET", exchange?.photos[0]?.url ?? "")).statusCode).toBe(200);
  });
});
