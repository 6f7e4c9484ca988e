// `npm test`: build the app, run the integration tests (Vitest) and the browser tests
// (Playwright, Debian's Chromium) against PGlite, or against PostgreSQL when DATABASE_URL is set.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type ReportSuite, shardsFor, timingsOf } from "../e2e/spec-sets.ts";
import { createScratchDatabase } from "../server/db/scratch.ts";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, ".tmp", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
// Node keeps the code it compiles (the server's TypeScript and its packages) here, and every process
// the tests start after the first reads it instead of compiling again: the process tests (a shop
// started, killed, restored) took 36-37 s instead of 38 s (docs/benchmarks.md, "The test suite").
process.env.NODE_COMPILE_CACHE ??= path.join(root, ".tmp", "node-compile-cache");
const target = process.env.DATABASE_URL ? `PostgreSQL (${redact(process.env.DATABASE_URL)})` : "PGlite";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * The browser tests run as E2E_SHARDS (default 2) Playwright processes at once, each with a group of
 * spec files of about equal time (e2e/spec-sets.ts) and its own shop: its own port, data folder and
 * database, so no spec sees another shard's orders, stock or settings. On CI's two cores this takes
 * the browser half from about 14 to about 9 minutes (docs/benchmarks.md, "The test suite").
 */
function browserShards(): string[][] {
  const count = Number(process.env.E2E_SHARDS ?? 2);
  return shardsFor(Boolean(process.env.DATABASE_URL), Number.isInteger(count) && count > 0 ? count : 1);
}

async function runShard(shard: number, of: number, specs: string[]): Promise<number> {
  const database = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, `shop_e2e${shard}`)
    : undefined;
  const basePort = Number(process.env.E2E_PORT ?? 3107);
  const started = performance.now();
  const child = spawn(bin("playwright"), ["test"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      E2E_PORT: String(basePort + (shard - 1) * 10),
      E2E_SPECS: specs.join(","),
      E2E_DATA_DIR: `.tmp/e2e-data-${Date.now()}-${shard}`,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, `playwright-${shard}.json`),
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
  });
  // Each line named by its shard: two lists interleave in one log.
  const prefix = of > 1 ? `[${shard}/${of}] ` : "";
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on("end", () => rest && process.stdout.write(`${prefix}${rest}\n`));
  }
  const code = await new Promise<number>((resolve) => child.on("close", (status) => resolve(status ?? 1)));
  // How even the split was: the shards' own times, read beside e2e/timings.json.
  process.stdout.write(`${prefix}browser tests took ${Math.round((performance.now() - started) / 1000)} s\n`);
  await database?.drop();
  return code;
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@");
}

/**
 * `npm test -- --only=integration` or `--only=browser`: one half alone, for an engineer at work (CI
 * and the README's command run both). The browser half alone is how e2e/timings.json is refreshed.
 */
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
if (only !== undefined && only !== "integration" && only !== "browser") {
  console.error(`--only takes "integration" or "browser", not "${only}"`);
  process.exit(2);
}

console.log(`\n== Building the app\n`);
if (run(bin("react-router"), ["build"]) !== 0) process.exit(1);

let vitestCode = 0;
if (only !== "browser") {
  console.log(`\n== Integration tests on ${target}\n`);
  vitestCode = run(bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(reports, "vitest.json")}`,
  ]);
}

const shards = only === "integration" ? [] : browserShards();
if (shards.length > 0) console.log(`\n== Browser tests on ${target}\n`);
const playwrightCodes = await Promise.all(shards.map((specs, index) => runShard(index + 1, shards.length, specs)));
const playwrightCode = playwrightCodes.every((code) => code === 0) ? 0 : 1;

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitest = readJson<VitestReport>("vitest.json");
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests;
}
const playwrightReports: PlaywrightReport[] = [];
for (const [index] of shards.entries()) {
  const playwright = readJson<PlaywrightReport>(`playwright-${index + 1}.json`);
  if (!playwright) continue;
  playwrightReports.push(playwright);
  counts.passed += playwright.stats.expected + playwright.stats.flaky;
  counts.failed += playwright.stats.unexpected;
  counts.skipped += playwright.stats.skipped;
}
// What each spec took in this run, for e2e/timings.json (the shards' split) when it has drifted.
writeFileSync(path.join(reports, "e2e-timings.json"), `${JSON.stringify(timingsOf(playwrightReports), null, 2)}\n`);
const failed = vitestCode !== 0 || playwrightCode !== 0;
if (failed && counts.failed === 0) counts.failed = 1; // a runner that crashed before reporting
console.log(`\n${target}:`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
// CI keeps only the tail of a long log: name what failed here, where it is read.
for (const line of vitestFailures(vitest)) console.log(`failed: ${line}`);
process.exit(failed ? 1 : 0);

type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: ReportSuite[];
};

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};

/** One line per failed test, and per file that failed outside its tests (a hook, an import). */
function vitestFailures(report: VitestReport | undefined): string[] {
  const lines: string[] = [];
  for (const file of report?.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests) lines.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === "failed" && failedTests.length === 0) lines.push(`${where}: ${firstLine(file.message)}`);
  }
  return lines;
}

function firstLine(text: string | undefined): string {
  return (text ?? "").split("\n")[0]?.slice(0, 300) ?? "";
}

function readJson<T>(name: string): T | undefined {
  const file = path.join(reports, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : undefined;
}
