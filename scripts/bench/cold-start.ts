// Cold start: `node server/start.ts` on a data directory, timed from spawn to /readyz 200.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NODE_FLAGS, START_ENV } from "#server/runtime-flags.ts";
import { freePort, waitFor200 } from "./http.ts";
import { stopChild } from "./serve.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface StartTiming {
  /** Spawn to the first 200 from /readyz, as a client sees it. */
  readyMs: number;
  /** The server's own figure from its "shop is open" log line (after the runtime loaded). */
  startupMs: number | undefined;
}

export async function timeStart(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  timeoutMs?: number;
}): Promise<StartTiming> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(ROOT, "server", "start.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...START_ENV,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let startupMs: number | undefined;
  let output = "";
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
    const match = /"startupMs":(\d+)/.exec(output);
    if (match && startupMs === undefined) startupMs = Number(match[1]);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  try {
    await Promise.race([
      waitFor200(`http://127.0.0.1:${port}/readyz`, options.timeoutMs ?? 180_000, 5),
      new Promise<never>((_, reject) =>
        child.once("exit", (code) => reject(new Error(`server/start.ts exited with ${code}:\n${output}`))),
      ),
    ]);
    const readyMs = performance.now() - started;
    // The log line follows listen() by a moment.
    for (let i = 0; i < 100 && startupMs === undefined; i++) await new Promise((r) => setTimeout(r, 10));
    return { readyMs, startupMs };
  } finally {
    child.removeAllListeners("exit");
    await stopChild(child);
  }
}
