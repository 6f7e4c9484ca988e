// Instances run the way docs/scaling.md's example once showed them (each its own DATA_DIR, no
// IMAGES_DIR, one database and one Redis): a picture uploaded through one was a 404 on the others
// (issue 45). Now each instance says in Redis which store it keeps pictures in, and one that sees
// another keeping them elsewhere warns in its log, naming the fix; instances sharing IMAGES_DIR do not.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_MARKER } from "#server/catalog/store-peers.ts";
import type { AdminProduct } from "#shared/admin.ts";
import { call, makeAdmin, newProduct, picture } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { anotherInstance, exchangePhotoAcross, type Instance, uploadPicture } from "../support/instances.ts";
import { redisReachable, TEST_REDIS_URL } from "../support/redis.ts";
import { until } from "../support/wait.ts";

const redisUp = await redisReachable();
const COMPARED = "image store compared with other instances";
const NOT_SHARED = "pictures are not shared with another instance of this shop";

interface Logged {
  app: TestApp | Instance;
  lines: string[];
}
const messages = (logged: Logged) =>
  logged.lines.map((line) => JSON.parse(line) as { msg: string; level: number; [key: string]: unknown });
const said = (logged: Logged, text: string) => messages(logged).filter((m) => m.msg.startsWith(text));
/** Until the instance has compared its store with the others' in Redis (it does so in the background). */
const compared = (logged: Logged) =>
  until(
    () => said(logged, COMPARED),
    (found) => found.length > 0,
    COMPARED,
  );

/** Two instances of one shop (one database, one Redis) with `env` each; the second starts after the first compared. */
async function twoInstances(firstEnv: Record<string, string>, secondEnv: Record<string, string>) {
  const base = { REDIS_URL: TEST_REDIS_URL, LOG_LEVEL: "info" };
  const firstLines: string[] = [];
  const app = await createTestApp({
    demo: false,
    env: { ...base, ...firstEnv },
    logStream: { write: (line) => firstLines.push(line) },
  });
  const first: Logged & { app: TestApp } = { app, lines: firstLines };
  await compared(first);
  const secondLines: string[] = [];
  const other = await anotherInstance(app, { ...base, ...secondEnv }, { write: (line) => secondLines.push(line) });
  const second: Logged & { app: Instance } = { app: other, lines: secondLines };
  await compared(second);
  return { first, second };
}

describe.skipIf(!redisUp)(
  `instances of one shop, pictures on each one's own disk${redisUp ? "" : " (needs Redis)"}`,
  () => {
    let first: Logged & { app: TestApp };
    let second: Logged & { app: Instance };
    beforeAll(async () => {
      ({ first, second } = await twoInstances({}, {}));
    });
    afterAll(async () => {
      await second?.app.close();
      await first?.app.close();
    });

    it("a picture or exchange photo uploaded through one is missing on the other (what the outside test saw)", async () => {
      const admin = await makeAdmin(first.app);
      const product = (await call(first.app, admin, "POST", "/api/admin/products", newProduct())).json<AdminProduct>();
      const res = await uploadPicture(first.app.app, admin, product._id, await picture("jpeg", 1200, 900));
      expect(res.statusCode, res.body).toBe(200);
      const imageId = res.json<AdminProduct>().images.at(-1)?.id ?? "";
      expect((await first.app.app.inject({ url: `/images/${imageId}/640.webp` })).statusCode).toBe(200);
      expect((await second.app.app.inject({ url: `/images/${imageId}/640.webp` })).statusCode).toBe(404);
      // The same for a customer's exchange photo: kept where it was sent, not found by the owner elsewhere.
      expect(await exchangePhotoAcross(first.app, first.app.app, second.app.app, admin, product._id)).toMatch(/^404 /);
    });

    it("the instance that started second warns, naming both folders and the fix", async () => {
      const [warning] = said(second, NOT_SHARED);
      expect(warning?.level).toBe(40);
      expect(warning?.msg).toContain(`the folder ${path.join(second.app.config.dataDir, "images")} on `);
      expect(warning?.msg).toContain(`the folder ${path.join(first.app.config.dataDir, "images")} on `);
      expect(warning?.msg).toMatch(
        /Give every instance the same IMAGES_DIR .* or the same S3_BUCKET \(docs\/scaling\.md\)\./,
      );
      expect(said(second, COMPARED)[0]).toMatchObject({ otherInstances: 1, sharingPictures: 0 });
    });
  },
);

describe.skipIf(!redisUp)(`instances of one shop sharing IMAGES_DIR${redisUp ? "" : " (needs Redis)"}`, () => {
  let shared: string;
  let first: Logged & { app: TestApp };
  let second: Logged & { app: Instance };
  beforeAll(async () => {
    shared = await mkdtemp(path.join(tmpdir(), "shoe-shop-shared-images-"));
    ({ first, second } = await twoInstances({ IMAGES_DIR: shared }, { IMAGES_DIR: shared }));
  });
  afterAll(async () => {
    await second?.app.close();
    await first?.app.close();
    if (shared) await rm(shared, { recursive: true, force: true });
  });

  it("know they share it, and neither warns", async () => {
    // The folder's name, made by the first and read by the second.
    expect(existsSync(path.join(shared, STORE_MARKER))).toBe(true);
    expect(said(second, COMPARED)[0]).toMatchObject({ otherInstances: 1, sharingPictures: 1 });
    expect([...said(first, NOT_SHARED), ...said(second, NOT_SHARED)]).toEqual([]);
  });
});
