// How long start-up's background job (server/catalog/pictures-ahead.ts: site images and every
// variant of every demo picture) takes on an empty image store, as a fresh shop does it.
//
//   node scripts/bench/warm-images.ts [--runs 3]
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createImageStore } from "#server/catalog/images.ts";
import { renderPicturesAhead } from "#server/catalog/pictures-ahead.ts";
import { openDatabase } from "#server/db/client.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);

const database = await openDatabase({ pgliteDir: "memory://" });
await seedCategories(database.db);
await seedDemoCatalogue(database.db);

const times: number[] = [];
const cpuTimes: number[] = [];
for (let run = 0; run < runs; run++) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "warm-images-"));
  const images = createImageStore({ db: database.db, dataDir });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await renderPicturesAhead({ db: database.db, images });
  times.push(performance.now() - started);
  // CPU time (every thread of the process, sharp's included) is steadier than wall time on a busy machine.
  const cpu = process.cpuUsage(cpuBefore);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  await rm(dataDir, { recursive: true, force: true });
}
await database.close();
const seconds = (list: number[]) => list.map((t) => `${(t / 1000).toFixed(1)} s`).join(", ");
const median = (list: number[]) =>
  (([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0) / 1000).toFixed(1);
console.log(`rendering ahead on an empty store, ${runs} runs`);
console.log(`  wall: ${seconds(times)}; median ${median(times)} s`);
console.log(`  cpu:  ${seconds(cpuTimes)}; median ${median(cpuTimes)} s`);
