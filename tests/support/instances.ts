// More instances of the shop for the storage tests: each with its own DATA_DIR (its own disk, as on
// another machine) and the database of the first, plus an admin's upload through one of them.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { type Config, loadConfig } from "#server/config.ts";
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
