// The generated catalogues: 100,000 products (issue 15's search) and 10,000 (issue 52's search at
// scale). On PGlite each is generated once into .tmp/bench-100k/ (or bench-10k/) and reused while the
// migrations and the generator stay the same; on PostgreSQL the bench generates it into its own
// database each run (which is fast enough there).
import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "#server/db/client.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";
import { GENERATOR_VERSION, generateCatalogue } from "../generate-catalogue.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Where the PGlite catalogue of `count` products is kept: .tmp/bench-100k/, .tmp/bench-10k/. */
export function cacheDirFor(count: number): string {
  return path.join(ROOT, ".tmp", `bench-${count % 1_000 === 0 ? `${count / 1_000}k` : count}`);
}

/** The count, the generator and every migration's text: a cached catalogue made by other SQL is made again. */
async function fingerprint(count: number): Promise<string> {
  const folder = path.join(ROOT, "server/db/migrations");
  const hash = createHash("sha256").update(`${count}:${GENERATOR_VERSION}:`);
  for (const name of (await readdir(folder)).filter((n) => n.endsWith(".sql")).sort()) {
    hash.update(name).update(await readFile(path.join(folder, name)));
  }
  return hash.digest("hex");
}

/** Generates (or finds) the big catalogue; answers the data directory, or, on PostgreSQL, nothing. */
export async function prepareBigCatalogue(options: {
  count: number;
  databaseUrl?: string | undefined;
  log: (line: string) => void;
}): Promise<{ dataDir: string | undefined; generatedMs: number; cached: boolean }> {
  const started = performance.now();
  if (options.databaseUrl) {
    const database = await openDatabase({ databaseUrl: options.databaseUrl });
    try {
      await seedCategories(database.db);
      await seedDemoCatalogue(database.db);
      await generateCatalogue(database.db, { count: options.count, log: options.log });
    } finally {
      await database.close();
    }
    return { dataDir: undefined, generatedMs: performance.now() - started, cached: false };
  }
  const cacheDir = cacheDirFor(options.count);
  const marker = path.join(cacheDir, "ready.json");
  const expected = await fingerprint(options.count);
  const found = await readFile(marker, "utf8").catch(() => "");
  if (found.includes(expected)) return { dataDir: cacheDir, generatedMs: 0, cached: true };
  await rm(cacheDir, { recursive: true, force: true });
  const database = await openDatabase({ pgliteDir: path.join(cacheDir, "pglite") });
  try {
    await seedCategories(database.db);
    await seedDemoCatalogue(database.db);
    await generateCatalogue(database.db, { count: options.count, log: options.log });
  } finally {
    await database.close();
  }
  const generatedMs = performance.now() - started;
  await writeFile(marker, JSON.stringify({ fingerprint: expected, count: options.count, generatedMs }));
  return { dataDir: cacheDir, generatedMs, cached: false };
}

if (import.meta.main) {
  const result = await prepareBigCatalogue({ count: 100_000, log: (line) => console.log(line) });
  console.log(result);
}
