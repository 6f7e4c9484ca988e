// Starts and stops scripts/bench/server.ts (the shop plus the in-memory ceiling routes) as a child.
import { type ChildProcess, fork } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { NODE_FLAGS, START_ENV } from "#server/runtime-flags.ts";
import { freePort } from "./http.ts";

const SERVER_ENTRY = fileURLToPath(new URL("./server.ts", import.meta.url));

export interface BenchServer {
  pid: number;
  base: string;
  productId: string;
  imageId: string;
  categoryPath: string;
  productPath: string;
  /** Resident memory of the server process now, in bytes (Linux /proc). */
  rss(): Promise<number>;
  /** The most resident memory the process has had since start or the last resetPeak(), in bytes. */
  peakRss(): Promise<number>;
  /** Starts a new peak: the next peakRss() counts from now (Linux clear_refs). */
  resetPeak(): Promise<void>;
  stop(): Promise<void>;
}

interface ReadyMessage {
  type: "ready";
  port: number;
  productId: string;
  imageId: string;
  categoryPath: string;
  productPath: string;
}

function isReady(message: unknown): message is ReadyMessage {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "ready";
}

export async function startBenchServer(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  timeoutMs?: number;
  /** Settings added to the shop's configuration (server.ts reads them from BENCH_CONFIG), e.g. the couriers'. */
  config?: Record<string, string>;
}): Promise<BenchServer> {
  const port = await freePort();
  const child = fork(SERVER_ENTRY, [], {
    // Started as `npm start` starts the shop, so its memory is the shop's.
    execArgv: [...process.execArgv, ...NODE_FLAGS],
    env: {
      ...process.env,
      ...START_ENV,
      // As npm start sets it: React's production build (the development one renders a third slower).
      NODE_ENV: "production",
      BENCH_PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      BENCH_CONFIG: JSON.stringify(options.config ?? {}),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("bench server did not start in time"));
    }, options.timeoutMs ?? 180_000);
    child.on("message", (message) => {
      if (!isReady(message)) return;
      clearTimeout(timer);
      resolve(message);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with ${code} before it was ready`));
    });
  });
  const pid = child.pid ?? 0;
  return {
    pid,
    base: `http://127.0.0.1:${ready.port}`,
    productId: ready.productId,
    imageId: ready.imageId,
    categoryPath: ready.categoryPath,
    productPath: ready.productPath,
    rss: () => readRss(pid),
    peakRss: () => readRss(pid, "VmHWM"),
    resetPeak: () => writeFile(`/proc/${pid}/clear_refs`, "5"),
    stop: () => stopChild(child),
  };
}

/** VmRSS (resident now) or VmHWM (the peak) of a process, in bytes. */
export async function readRss(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** SIGTERM, then SIGKILL if the child has not exited within graceMs. */
export function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
