// More instances of the shop for the storage tests: each with its own DATA_DIR (its own disk, as on
// another machine) and the database of the first, plus an admin's upload and a customer's exchange
// photo through one of them.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "#server/app.ts";
import { type Config, loadConfig } from "#server/config.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { CANNOT_SAVE_FILES } from "#server/plugins/errors.ts";
import type { AdminExchangeList } from "#shared/exchanges.ts";
import { call, picture } from "./admin.ts";
import type { TestApp } from "./app.ts";
import { ADDRESS, makeShopper, placeOrder } from "./shoppers.ts";
import { until } from "./wait.ts";

export interface Instance {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * Another machine: a fresh DATA_DIR, the database of `first`, the environment given; its log lines
 * go to `logStream` (give LOG_LEVEL in env: tests are silent by default).
 */
export async function anotherInstance(
  first: TestApp,
  env: Record<string, string>,
  logStream?: { write(line: string): void },
): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shoe-shop-other-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, database: first.database, logStream });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function uploadPicture(
  app: FastifyInstance,
  admin: { headers: Record<string, string> },
  productId: string,
  picture: Buffer,
) {
  return app.inject({
    method: "POST",
    url: `/api/admin/products/${productId}/images`,
    headers: { ...admin.headers, "content-type": "image/jpeg" },
    payload: picture,
  });
}

/** Pictures recorded in the shared database. */
export async function imageRows(first: TestApp): Promise<number> {
  const [row] = await selectRowsAsserted<{ n: number }>(
    first.database.db,
    sql`select count(*)::int as n from product_images`,
  );
  return row?.n ?? 0;
}

/** An upload through an instance whose image store fails: 503 with its message, and no row written. */
export async function expectUploadRefused(
  first: TestApp,
  instance: Instance,
  admin: { headers: Record<string, string> },
  productId: string,
): Promise<void> {
  const before = await imageRows(first);
  const res = await uploadPicture(instance.app, admin, productId, await picture("jpeg"));
  expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([503, CANNOT_SAVE_FILES]);
  expect(res.headers["retry-after"]).toBe("60");
  expect(await imageRows(first)).toBe(before);
}

/**
 * A customer's exchange photo of a delivered pair of `productId` (size 40, Rs.4,500: newProduct's),
 * sent through `uploadVia` and decoded there, then shown to the owner through `readVia`: the answer's
 * status and type ("200 image/webp" when both reach the same store).
 */
export async function exchangePhotoAcross(
  first: TestApp,
  uploadVia: FastifyInstance,
  readVia: FastifyInstance,
  admin: { headers: Record<string, string> },
  productId: string,
): Promise<string> {
  const shopper = await makeShopper(first);
  const body = {
    userId: shopper.id,
    items: [{ productId, size: 40, quantity: 1 }],
    shippingAddress: { ...ADDRESS, email: shopper.email },
    totalAmount: 4500,
  };
  const placed = await placeOrder(first, shopper, body);
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json<{ _id: string }>()._id;
  for (const status of ["confirm", "delivered"]) {
    const moved = await call(first, admin, "POST", `/api/admin/orders/${orderId}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const photo = await uploadVia.inject({
    method: "POST",
    url: `/api/orders/${orderId}/exchange-photos`,
    headers: { ...shopper.headers, "content-type": "image/jpeg" },
    payload: await picture("jpeg", 1200, 900),
  });
  expect(photo.statusCode, photo.body).toBe(202);
  const photoId = photo.json<{ _id: string }>()._id;
  // Decoded in the background by the uploading instance's photo worker; the request names it once it
  // is, so that the request's lock on the photo's row never makes the worker pass it by.
  await until(
    async () =>
      (
        await selectRowsAsserted<{ status: string }>(
          first.database.db,
          sql`select status from exchange_photos where id = ${photoId}`,
        )
      )[0]?.status,
    (status) => status === "ready",
    "the exchange photo to be decoded",
  );
  const asked = await first.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/exchanges`,
    headers: shopper.headers,
    payload: { lineNo: 1, reason: "faulty", wantedSize: 40, photoIds: [photoId] },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const listed = (await readVia.inject({ url: "/api/admin/exchanges", headers: admin.headers }))
    .json<AdminExchangeList>()
    .exchanges.find((e) => e.orderId === orderId)?.photos[0]?.url;
  expect(listed, "the photo is listed").toBeDefined();
  const shown = await readVia.inject({ url: listed ?? "", headers: admin.headers });
  return `${shown.statusCode} ${shown.headers["content-type"]}`;
}
