// How long start-up's image warm-up (ImageStore.warm: site images plus every card picture at
// 320 and 640 px, AVIF and WebP) takes on an empty image store, as a fresh shop does it.
//
//   node scripts/bench/warm-images.ts [--runs 3]
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createImageStore } from "#server/catalog/images.ts";
import { openDatabase } from "#server/db/client.ts";
import { seedCategories, seedDemoCatalogue } from "#server/db/seed/seed.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);

const database = await openDatabase({ pgliteDir: "memory://" });
await seedCategories(database.db);
await seedDemoCatalogue(database.db);

const times: number[] = [];
for (let run = 0; run < runs; run++) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "warm-images-"));
  const store = createImageStore({ db: database.db, dataDir });
  const started = performance.now();
  await store.warm();
  times.push(performance.now() - started);
  await rm(dataDir, { recursive: true, force: true });
}
await database.close();
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `warm-up on an empty store, ${runs} runs: ${times.map((t) => `${(t / 1000).toFixed(1)} s`).join(", ")}; median ${((sorted[Math.floor(runs / 2)] ?? 0) / 1000).toFixed(1)} s`,
);
