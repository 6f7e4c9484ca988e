// `npm run backup` and `npm run restore` as the owner runs them, on the database the suite runs
// on (PGlite in DATA_DIR, or a PostgreSQL database when DATABASE_URL is set): a shop with a
// customer, an order and an uploaded picture is backed up, restored into a fresh database and
// DATA_DIR, and a shop started there still has all three.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp, ROOT_DIR } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createScratchDatabase, type ScratchDatabase } from "#server/db/scratch.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";
import type { AdminProduct } from "#shared/admin.ts";
import { bearer, newPerson, signIn, signUp } from "../support/accounts.ts";
import { makeAdmin, picture } from "../support/admin.ts";
import type { TestApp } from "../support/app.ts";
import { orderBody, placeOrder, products } from "../support/shoppers.ts";

const exec = promisify(execFile);
/** Each case starts node several times and dumps a database: generous, as the machine is shared. */
const TIMEOUT = 240_000;
const serverUrl = process.env.DATABASE_URL;
const scratches: ScratchDatabase[] = [];
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "shoe-shop-backup-"));
});
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  await rm(work, { recursive: true, force: true });
});

interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** A new, empty place for a shop: a DATA_DIR and, on PostgreSQL, an empty database. */
async function newPlace(name: string): Promise<Place> {
  const dataDir = path.join(work, name);
  await mkdir(dataDir);
  if (!serverUrl) return { dataDir, databaseUrl: undefined };
  const scratch = await createScratchDatabase(serverUrl, "shop_backup");
  scratches.push(scratch);
  return { dataDir, databaseUrl: scratch.url };
}

/** The shop on a place, as server/start.ts opens it (migrations, categories, the demo catalogue). */
async function openShop(place: Place, demo: boolean): Promise<TestApp> {
  const env = {
    NODE_ENV: "test",
    DATA_DIR: place.dataDir,
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
  };
  const config = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: place.databaseUrl,
    pgliteDir: path.join(place.dataDir, "pglite"),
  });
  await seedCategories(database.db);
  if (demo) await seedDemoCatalogue(database.db);
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    config,
    database: { ...database, url: place.databaseUrl },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function cli(script: "backup" | "restore", args: string[], place: Place) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", DATA_DIR: place.dataDir };
  delete env.DATABASE_URL;
  delete env.IMAGES_DIR;
  if (place.databaseUrl) env.DATABASE_URL = place.databaseUrl;
  try {
    const { stdout, stderr } = await exec(process.execPath, [`scripts/${script}.ts`, ...args], {
      cwd: ROOT_DIR,
      env,
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

it("restores a shop's customer, order and picture into a fresh database and DATA_DIR", {
  timeout: TIMEOUT,
}, async () => {
  const source = await newPlace("source");
  const shop = await openShop(source, true);
  const person = await signUp(shop, newPerson("backup"));
  const token = await signIn(shop, person.email, person.password);
  const me = (await shop.app.inject({ url: "/api/user/my-details", headers: bearer(token) })).json<{
    user: { _id: string };
  }>();
  const customer = { id: me.user._id, email: person.email, token, headers: bearer(token) };
  const [product] = await products(shop, 1);
  if (!product) throw new Error("no demo product");
  const placed = await placeOrder(
    shop,
    customer,
    orderBody(customer, [{ product, size: product.sizes[0] ?? 40, quantity: 2 }]),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json<{ _id: string }>()._id;
  const admin = await makeAdmin(shop);
  const uploaded = await shop.app.inject({
    method: "POST",
    url: `/api/admin/products/${product.id}/images`,
    headers: { ...admin.headers, "content-type": "image/png" },
    payload: await picture("png", 900, 700),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const imageId = uploaded.json<AdminProduct>().images.at(-1)?.id ?? "";

  if (!serverUrl) {
    // The embedded database is open in this process: the backup must refuse, not copy it mid-write.
    const refused = await cli("backup", ["--out", path.join(work, "while-open")], source);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Stop the shop first: /);
    expect(existsSync(path.join(work, "while-open"))).toBe(false);
  }
  await shop.close();

  const backupDir = path.join(work, "backup");
  const backup = await cli("backup", ["--out", backupDir], source);
  expect(backup.code, backup.stderr).toBe(0);
  expect((await readdir(backupDir)).sort()).toEqual(
    ["images", "manifest.json", serverUrl ? "database.dump" : "pglite.tar.gz"].sort(),
  );
  expect(existsSync(path.join(backupDir, "images", imageId, "original.webp"))).toBe(true);

  // The source is gone for good: everything below comes from the backup folder alone.
  await rm(source.dataDir, { recursive: true, force: true });
  if (serverUrl) await scratches.shift()?.drop();

  const target = await newPlace("target");
  const restored = await cli("restore", ["--from", backupDir], target);
  expect(restored.code, restored.stderr).toBe(0);

  const again = await openShop(target, false);
  try {
    const newToken = await signIn(again, person.email, person.password);
    const mine = await again.app.inject({ url: "/api/orders/track", headers: bearer(newToken) });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(orderId);
    const shown = (await again.app.inject({ url: `/api/products/${product.id}` })).json<{
      product: { images: { id: string }[] };
    }>().product;
    expect(shown.images.map((i) => i.id)).toContain(imageId);
    // Rendered from the restored original, not from a variant the backup happened to hold: until
    // the background job renders it, the original itself is sent.
    await rm(path.join(target.dataDir, "images", imageId, "320.avif"));
    const original = await again.app.inject({ url: `/images/${imageId}/320.avif` });
    expect([original.statusCode, original.headers["content-type"]]).toEqual([200, "image/webp"]);
    const variant = { kind: "product", imageId, width: 320, format: "avif" } as const;
    expect(await again.app.images.renderIfMissing(variant)).toBe(true);
    const served = await again.app.inject({ url: `/images/${imageId}/320.avif` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/avif");
  } finally {
    await again.close();
  }

  // A second restore onto the now-filled target is refused, and leaves it as it was.
  const twice = await cli("restore", ["--from", backupDir], target);
  expect(twice.code).toBe(1);
  expect(twice.stderr).toMatch(/already (has \d+ tables|holds a database)\. .*--force/);
  const forced = await cli("restore", ["--from", backupDir, "--force"], target);
  expect(forced.code, forced.stderr).toBe(0);
  const third = await openShop(target, false);
  try {
    expect(await signIn(third, person.email, person.password)).toBeTruthy();
  } finally {
    await third.close();
  }
});

it("refuses to write into a folder that holds files, and to restore a backup without its manifest", async () => {
  const place = await newPlace("refusals");
  const full = path.join(work, "full");
  await mkdir(full);
  await writeFile(path.join(full, "keep.txt"), "an earlier backup");
  const backup = await cli("backup", ["--out", full], place);
  expect(backup.code).toBe(1);
  expect(backup.stderr).toContain("already holds files");
  expect(await readdir(full)).toEqual(["keep.txt"]);

  const restore = await cli("restore", ["--from", full], place);
  expect(restore.code).toBe(1);
  expect(restore.stderr).toContain("is not a complete backup: it has no manifest.json");
  expect(await readdir(place.dataDir)).toEqual([]);

  await writeFile(path.join(full, "manifest.json"), '{"format": 1, "database": ');
  const damaged = await cli("restore", ["--from", full], place);
  expect(damaged.code).toBe(1);
  expect(damaged.stderr).toContain("manifest.json is damaged");

  const missing = await cli("restore", [], place);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("--from is missing");
});
