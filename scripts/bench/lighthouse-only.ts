// Lighthouse alone on a few pages of the demo catalogue (PGlite, or DATABASE_URL): quicker than the
// whole bench when a page's score is what changed.
//
//   node scripts/bench/lighthouse-only.ts [--runs 5] [--page /men]... [--as-index 1400] [--tls]
//
// --as-index: as on a machine of that benchmark index (issue 54), the CPU slowdown set from this one's.
// --tls: through deploy/nginx/shop.conf with TLS and HTTP/2, as production serves the pages.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startNginx } from "../../tests/scale/cluster/nginx.ts";
import { measureLighthouse } from "./lighthouse.ts";
import { startBenchServer } from "./serve.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    page: { type: "string", multiple: true, default: ["/men"] },
    "as-index": { type: "string" },
    tls: { type: "boolean", default: false },
  },
});
const dataDir = await mkdtemp(path.join(tmpdir(), "lighthouse-"));
const server = await startBenchServer({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const front = values.tls ? await startNginx([new URL(server.base).host], { tls: true }) : undefined;
try {
  const pages = values.page.map((p) => p.replace("{id}", server.productId));
  const results = await measureLighthouse(front?.url ?? server.base.replace("127.0.0.1", "localhost"), pages, {
    runs: Number(values.runs),
    asIndex: values["as-index"] ? Number(values["as-index"]) : undefined,
    shopBase: server.base,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  for (const r of results) {
    console.log(
      `${r.path}: ${JSON.stringify(r.scores)} FCP ${Math.round(r.fcpMs)} ms, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls}; index ${r.machineIndex}, CPU ×${r.cpuSlowdown.toFixed(1)}; below 1: ${r.failing.join(", ")}`,
    );
  }
} finally {
  await front?.stop();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
