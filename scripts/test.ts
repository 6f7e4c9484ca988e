// `npm test`: build the app, run the integration tests (Vitest) and the browser tests
// (Playwright, Debian's Chromium) against PGlite, or against PostgreSQL when DATABASE_URL is set.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createScratchDatabase } from "../server/db/scratch.ts";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, ".tmp", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const target = process.env.DATABASE_URL ? `PostgreSQL (${redact(process.env.DATABASE_URL)})` : "PGlite";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@");
}

console.log(`\n== Building the app\n`);
if (run(bin("react-router"), ["build"]) !== 0) process.exit(1);

console.log(`\n== Integration tests on ${target}\n`);
const vitestCode = run(bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reports, "vitest.json")}`,
]);

console.log(`\n== Browser tests on ${target}\n`);
const e2eDatabase = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, "shop_e2e")
  : undefined;
const playwrightCode = run(bin("playwright"), ["test"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "playwright.json"),
  ...(e2eDatabase ? { DATABASE_URL: e2eDatabase.url } : {}),
});
await e2eDatabase?.drop();

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitest = readJson<VitestReport>("vitest.json");
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests;
}
const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
  "playwright.json",
);
if (playwright) {
  counts.passed += playwright.stats.expected + playwright.stats.flaky;
  counts.failed += playwright.stats.unexpected;
  counts.skipped += playwright.stats.skipped;
}
const failed = vitestCode !== 0 || playwrightCode !== 0;
if (failed && counts.failed === 0) counts.failed = 1; // a runner that crashed before reporting
console.log(`\n${target}:`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
// CI keeps only the tail of a long log: name what failed here, where it is read.
for (const line of vitestFailures(vitest)) console.log(`failed: ${line}`);
process.exit(failed ? 1 : 0);

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
