// The shop for browser tests: a fresh data folder each run, removed when the server stops.
import { rmSync } from "node:fs";

const dataDir = process.env.DATA_DIR;
if (dataDir?.startsWith(".tmp/")) {
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  process.on("exit", cleanUp);
}
await import("../server/start.ts");
