// `npm run create-admin` as the owner runs it: a child process on a DATA_DIR (and DATABASE_URL when
// the tests run on PostgreSQL), then the shop on the same database lets that admin in.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp, ROOT_DIR } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type Database, type Db, openDatabase } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { createScratchDatabase } from "#server/db/scratch.ts";
import { seedCategories } from "#server/seed/seed.ts";

const run = promisify(execFile);
/** Each case starts node several times (and hashes passwords): generous, as the machine is shared. */
const CLI_TIMEOUT = 180_000;
const serverUrl = process.env.DATABASE_URL;
let dataDir: string;
let databaseUrl: string | undefined;
let dropScratch: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "shoe-shop-cli-"));
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, "shop_cli");
    databaseUrl = scratch.url;
    dropScratch = scratch.drop;
  }
});
afterAll(async () => {
  await dropScratch?.();
  await rm(dataDir, { recursive: true, force: true });
});

async function createAdmin(
  email: string,
  password?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test" };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (password !== undefined) env.ADMIN_PASSWORD = password;
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/create-admin.ts", "--email", email], {
      cwd: ROOT_DIR,
      env,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** The shop on the CLI's database; closed again so the next CLI run may open it. */
async function withShop<T>(use: (shop: Awaited<ReturnType<typeof buildApp>>, db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database: Database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, "pglite") });
  await seedCategories(database.db);
  const app = await buildApp({ config, database });
  try {
    return await use(app, database.db);
  } finally {
    await app.close();
    await database.close();
  }
}

async function provenAt(db: Db, email: string) {
  return (await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.email, email)))[0]?.at;
}

async function signIn(app: Awaited<ReturnType<typeof buildApp>>, email: string, password: string) {
  const res = await app.inject({ method: "POST", url: "/api/user/login", payload: { email, password } });
  return res.statusCode === 200 ? res.json<{ token: string; user: { role: string } }>() : undefined;
}

it("creates an admin who can sign in and open the dashboard", { timeout: CLI_TIMEOUT }, async () => {
  const created = await createAdmin("Owner.Shop@example.pk", "Shop-Owner-Pass-24");
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain("Created the admin account owner.shop@example.pk (username owner.shop).");

  await withShop(async (app, db) => {
    const session = await signIn(app, "owner.shop@example.pk", "Shop-Owner-Pass-24");
    expect(session?.user.role).toBe("admin");
    // The owner names the address on the server: it counts as proven (docs/decisions/024).
    expect(await provenAt(db, "owner.shop@example.pk")).toBeInstanceOf(Date);
    const dashboard = await app.inject({
      url: "/api/admin/dashboard",
      headers: { authorization: `Bearer ${session?.token}` },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json()).toMatchObject({ today: { orders: 0, revenue: 0 } });
  });
});

it("refuses weak passwords and a new admin without one", { timeout: CLI_TIMEOUT }, async () => {
  const weak = await createAdmin("second@example.pk", "password");
  expect(weak.code).toBe(1);
  expect(weak.stderr).toMatch(/most common passwords/);
  const short = await createAdmin("second@example.pk", "short");
  expect([short.code, short.stderr.trim()]).toEqual([1, "Your password must be at least 8 characters long."]);
  const none = await createAdmin("second@example.pk");
  expect(none.code).toBe(1);
  expect(none.stderr).toMatch(/needs a password/);
  const badEmail = await createAdmin("not-an-email", "Shop-Owner-Pass-24");
  expect([badEmail.code, badEmail.stderr.trim()]).toEqual([1, "That is not a valid e-mail address."]);
});

it("promotes an existing customer, keeping the password unless a new one is given", {
  timeout: CLI_TIMEOUT,
}, async () => {
  await withShop(async (app) => {
    const signup = await app.inject({
      method: "POST",
      url: "/api/user/signup",
      payload: { email: "owner@elsewhere.pk", username: "owner", password: "Customer-Pass-2024" },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    // No request can make an admin: the sign-up refuses a role.
    const sneaky = await app.inject({
      method: "POST",
      url: "/api/user/signup",
      payload: { email: "sneaky@elsewhere.pk", username: "sneaky", password: "Customer-Pass-2024", role: "admin" },
    });
    expect(sneaky.statusCode).toBe(400);
  });

  const promoted = await createAdmin("owner@elsewhere.pk");
  expect(promoted.code, promoted.stderr).toBe(0);
  expect(promoted.stdout).toContain("owner@elsewhere.pk (username owner) is now an admin.");
  const renamed = await createAdmin("owner@example.pk", "Another-Owner-Pass-1");
  expect(renamed.stdout).toContain("(username owner2)");

  const changed = await createAdmin("owner@elsewhere.pk", "Brand-New-Pass-2025");
  expect(changed.stdout).toContain("was already an admin. Its password was changed.");
  await withShop(async (app, db) => {
    expect(await provenAt(db, "owner@elsewhere.pk")).toBeInstanceOf(Date);
    expect(await signIn(app, "owner@elsewhere.pk", "Customer-Pass-2024")).toBeUndefined();
    expect((await signIn(app, "owner@elsewhere.pk", "Brand-New-Pass-2025"))?.user.role).toBe("admin");
  });
});

it.skipIf(serverUrl !== undefined)(
  "says to stop the shop first while it holds the embedded database",
  { timeout: CLI_TIMEOUT },
  async () => {
    const shop = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      const res = await createAdmin("third@example.pk", "Shop-Owner-Pass-24");
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/^Stop the shop first: /);
    } finally {
      await shop.close();
    }
    const after = await createAdmin("third@example.pk", "Shop-Owner-Pass-24");
    expect(after.code, after.stderr).toBe(0);
  },
);
