// The shop for browser tests: a fresh data folder each run, removed when the server stops, and
// (with E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD) an admin made the way `npm run create-admin`
// makes one, before the shop opens the database (PGlite allows one process per folder).
import { rmSync } from "node:fs";
import path from "node:path";

const dataDir = process.env.DATA_DIR;
if (dataDir?.startsWith(".tmp/")) {
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  process.on("exit", cleanUp);
}

// Couriers by API (issue 49): e2e/courier-booking.spec.ts saves a courier's credentials, which the
// shop keeps only under a key. A fixed key of the tests, never a shop's (it is in this file). The
// sync runs when the owner presses Sync now, not on a timer, so what a spec sees is what it did.
process.env.COURIER_CREDENTIALS_KEY ??= "ZTJlLWNvdXJpZXItY3JlZGVudGlhbHMta2V5LTAwMDE=";
process.env.COURIER_SYNC_SECONDS ??= "0";

// Advances paid online (issue 50): JazzCash's page is the tests' stand-in on 127.0.0.1
// (tests/support/jazzcash-stand-in.ts), whose Pay and Cancel buttons post its signed answer back to the
// shop, so e2e/advance-online.spec.ts walks the whole journey in the browser. Test credentials only.
const { startJazzCashStandIn } = await import("../tests/support/jazzcash-stand-in.ts");
const jazzcash = { merchantId: "MC_E2E_0001", password: "e2e-password", integritySalt: "e2e-integrity-salt" };
const standIn = await startJazzCashStandIn(jazzcash);
process.env.JAZZCASH_MERCHANT_ID ??= jazzcash.merchantId;
process.env.JAZZCASH_PASSWORD ??= jazzcash.password;
process.env.JAZZCASH_INTEGRITY_SALT ??= jazzcash.integritySalt;
process.env.JAZZCASH_URL ??= standIn.url;

const adminEmail = process.env.E2E_ADMIN_EMAIL;
const adminPassword = process.env.E2E_ADMIN_PASSWORD;
if (adminEmail && adminPassword) {
  const { loadConfig } = await import("../server/config.ts");
  const { openDatabase } = await import("../server/db/client.ts");
  const { createOrPromoteAdmin } = await import("../server/admin/create-admin.ts");
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "pglite"),
  });
  await createOrPromoteAdmin(database.db, { email: adminEmail, password: adminPassword });
  await database.close();
}

await import("../server/start.ts");
