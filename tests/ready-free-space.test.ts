// /readyz on an instance whose disk is nearly full (issue 45: it answered 200, so a health check kept
// the instance in and its uploads failed). The disk is this machine's real one, asked with statfs; the
// threshold (MIN_FREE_DISK_MB) is set above what it has free, which is what a full disk looks like.
import { mkdtemp, rm, statfs } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISK_FULL_MESSAGE } from "#server/free-space.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

/** More megabytes than the disk of `folder` has free. */
async function moreThanFree(folder: string): Promise<number> {
  const stats = await statfs(folder);
  return Math.ceil((stats.bavail * stats.bsize) / (1024 * 1024)) * 2 + 1024;
}

describe("/readyz and the disk", () => {
  let imagesDir: string;
  let full: TestApp;
  let roomy: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    imagesDir = await mkdtemp(path.join(tmpdir(), "shoe-shop-images-"));
    full = await createTestApp({
      demo: false,
      env: { IMAGES_DIR: imagesDir, MIN_FREE_DISK_MB: String(await moreThanFree(tmpdir())), LOG_LEVEL: "info" },
      logStream: { write: (line) => lines.push(line) },
    });
    roomy = await createTestApp({ demo: false, env: { IMAGES_DIR: imagesDir } });
  });
  afterAll(async () => {
    await full?.close();
    await roomy?.close();
    if (imagesDir) await rm(imagesDir, { recursive: true, force: true });
  });

  it("answers 503 with a message when the disk has less free than MIN_FREE_DISK_MB, and stays alive", async () => {
    const ready = await full.app.inject({ url: "/readyz" });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: "unavailable", message: DISK_FULL_MESSAGE }]);
    expect((await full.app.inject({ url: "/healthz" })).statusCode).toBe(200);
    // The owner's log names both folders the instance writes to, once however often it is asked.
    expect((await full.app.inject({ url: "/readyz" })).statusCode).toBe(503);
    const warnings = lines
      .map((line) => JSON.parse(line) as { msg: string; short?: { folder: string }[] })
      .filter((m) => m.msg.startsWith("disk nearly full"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.short?.map((s) => s.folder).sort()).toEqual([full.config.dataDir, imagesDir].sort());
  });

  it("answers 200 with the default threshold (64 MB) on a disk with room", async () => {
    expect(roomy.config.minFreeDiskBytes).toBe(64 * 1024 * 1024);
    const ready = await roomy.app.inject({ url: "/readyz" });
    expect([ready.statusCode, ready.json().status]).toEqual([200, "ok"]);
  });
});
