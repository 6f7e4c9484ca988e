// The real server as a child process (`node server/start.ts`) on a data folder of its own, for
// the tests that kill it, stop it or take its disk away. Pictures are not rendered ahead (NODE_ENV=test
// turns the job off) and DATA_DIR/images is a plain file, so a test that turns the job on sees it fail
// at once instead of taking a CPU core.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { ROOT_DIR } from "#server/app.ts";
import { createScratchDatabase, type ScratchDatabase } from "#server/db/scratch.ts";

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  /** Every log line so far (JSON from pino). */
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ShopData {
  dataDir: string;
  databaseUrl: string | undefined;
  start(): Promise<ShopProcess>;
  remove(): Promise<void>;
}

/**
 * The data folder and server of each test of a file: `create` makes the folder (see shopData),
 * `start` starts the server on it, or starts it again after a kill or a stop. After each test a
 * server still running is killed and the folder (and scratch database) removed.
 */
export function shopPerTest() {
  let data: ShopData | undefined;
  let running: ShopProcess | undefined;
  afterEach(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill("SIGKILL");
      await running.exited;
    }
    running = undefined;
    await data?.remove();
    data = undefined;
  });
  return {
    async create(options: { breakDirs?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<void> {
      data = await shopData(options);
    },
    async start(): Promise<ShopProcess> {
      if (!data) throw new Error("create the data folder first");
      running = await data.start();
      return running;
    },
  };
}

/** A data folder (and, with DATABASE_URL, a scratch database) that survives restarts of the server. */
export async function shopData(options: { breakDirs?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<ShopData> {
  const dataDir = await shopDataDir(options.breakDirs);
  const scratch: ScratchDatabase | undefined = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, "shop_process")
    : undefined;
  return {
    dataDir,
    databaseUrl: scratch?.url,
    start: () => startShop(dataDir, scratch?.url, options.env),
    async remove() {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A data folder whose pictures folder, and `breakDirs`, are plain files (see above); removed by the caller. */
export async function shopDataDir(breakDirs: string[] = []): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-process-"));
  // A plain file where a folder should be: writes below it fail even for root (chmod would not).
  for (const dir of ["images", ...breakDirs]) {
    await writeFile(path.join(dataDir, dir), "this folder is read-only for the test\n");
  }
  return dataDir;
}

/** Starts `node server/start.ts` on `dataDir`; `extra` adds to or overrides the environment. */
export async function startShop(
  dataDir: string,
  databaseUrl: string | undefined,
  extra: NodeJS.ProcessEnv = {},
): Promise<ShopProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // The test run's compiled-code cache (scripts/test.ts), so each start compiles nothing twice.
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE,
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    RATE_LIMIT_SCALE: "100",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
  const child = spawn(process.execPath, ["server/start.ts"], { cwd: ROOT_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
  const logs: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = "";
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        logs.push(line);
        const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (found?.[1]) resolve(found[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then(({ code }) =>
      reject(new Error(`the shop exited (${code}) before listening:\n${logs.join("\n")}`)),
    );
  });
  return { url, child, logs, exited };
}

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One request on its own connection (no keep-alive), so a killed server shows as a failed request. */
export function request(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const req = http.request(new URL(url, base), {
    method,
    agent: false,
    headers: {
      ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
      ...options.headers,
    },
  });
  const answer = answerOf(req);
  req.end(payload);
  return answer;
}

/** The answer to a request, read whole. */
export function answerOf(req: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

export const json = <T>(answer: Answer): T => JSON.parse(answer.body) as T;

/** A request whose body is sent in two halves: the server is reading it until `finish` sends the rest. */
export function halfSentRequest(
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): { finish(): Promise<Answer> } {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);

  const req = http.request(new URL(url, base), {
    method: "POST",
    agent: false,
    headers: { "content-type": "application/json", "content-length": payload.length, ...headers },
  });
  const answer = answerOf(req);
  req.write(payload.subarray(0, half));
  return {
    finish() {
      req.end(payload.subarray(half));
      return answer;
    },
  };
}
