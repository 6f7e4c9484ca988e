// More instances of the shop for the storage tests: each with its own DATA_DIR (its own disk, as on
// another machine) and the database of the first, plus an admin's upload through one of them.
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
import { picture } from "./admin.ts";
import type { TestApp } from "./app.ts";

export interface Instance {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** Another machine: a fresh DATA_DIR, the database of `first`, the environment given. */
export async function anotherInstance(first: TestApp, env: Record<string, string>): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shoe-shop-other-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, database: first.database });
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
