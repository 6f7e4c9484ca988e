// Issue 35's first taps alone, on the demo catalogue (PGlite, or DATABASE_URL): quicker than the
// whole bench when the first tap is what changed.
//
//   node scripts/bench/first-tap-only.ts [--loads 5] [--only "/men"]
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { measureFirstTaps } from "./first-tap.ts";
import { warmPages } from "./lighthouse.ts";
import { startBenchServer } from "./serve.ts";

const { values } = parseArgs({
  options: { loads: { type: "string", default: "5" }, only: { type: "string", multiple: true, default: [] } },
});
const dataDir = await mkdtemp(path.join(tmpdir(), "first-tap-"));
const server = await startBenchServer({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
try {
  const only = values.only;
  const paths = only.length > 0 ? only : ["/", "/men", "/search?query=khussa", `/products/${server.productId}`];
  await warmPages(
    server.base,
    paths.map((p) => p.replace("{id}", server.productId)),
  );
  const pages = await measureFirstTaps(server.base, server.productId, {
    loads: Number(values.loads),
    log: (line) => process.stderr.write(`${line}\n`),
    only: (label) => only.length === 0 || only.some((p) => label.startsWith(`\`${p}\``)),
  });
  for (const page of pages) {
    console.log(
      `${page.label}: p75 ${page.p75Ms} ms, lost ${page.lost}; hydrated p75 ${Math.round(page.hydratedP75Ms)} ms; index ${page.machineIndex}`,
    );
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
