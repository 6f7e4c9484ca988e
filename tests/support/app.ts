// The real app on a fresh database, for tests that go through the HTTP layer with inject().
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, ROOT_DIR } from "#server/app.ts";
import { type Config, loadConfig } from "#server/config.ts";
import { productionPages } from "#server/web/page-handlers.ts";
import { openTestDatabase, type TestDatabase } from "./database.ts";

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Add the demo catalogue (default true). */
  demo?: boolean;
  /** Serve pages from the production build (run `npm run build` first). */
  pages?: boolean;
  env?: Record<string, string>;
  /** Connections of the main pool on PostgreSQL (a test of what happens when they run short). */
  poolSize?: number;
  /** Receives every log line (give LOG_LEVEL in env: tests are silent by default). */
  logStream?: { write(line: string): void };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shoe-shop-test-"));
  // The sale job off unless a test asks for it: tests sweep scheduled sales themselves, at the moments
  // they choose, and a sweep each second in every test app would only add load to the others' timings.
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SALE_SWEEP_MS: "0", ...options.env });
  // The categories and synonyms always, the demo catalogue unless asked not to: a copy of the run's
  // template at that level (templates.ts).
  const database = await openTestDatabase({
    from: (options.demo ?? true) ? "demo" : "seeded",
    ...(options.poolSize !== undefined && { poolSize: options.poolSize }),
  });
  const pages = options.pages ? async () => requireBuild() : undefined;
  const app = await buildApp({ config, database, pages, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function requireBuild() {
  const pages = productionPages(ROOT_DIR);
  if (!pages) throw new Error("No production build: run `npm run build` before page tests.");
  return pages;
}
