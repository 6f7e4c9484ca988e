// `npm start`: open (and on first start migrate and seed) the database, then listen.
import path from "node:path";
import { buildApp, ROOT_DIR } from "./app.ts";
import { startRenderingAhead } from "./catalog/pictures-ahead.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedDemoPaymentAccounts } from "./seed/payment-accounts.ts";
import { seedCategories, seedDemoCatalogue } from "./seed/seed.ts";
import { seedSynonyms } from "./seed/synonyms.ts";
import { developmentPages, productionPages } from "./web/page-handlers.ts";

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, "pglite"),
});
await seedCategories(database.db);
// Before the demo catalogue: the synonyms go only into a shop that has no products yet.
await seedSynonyms(database.db);
const seeded = config.seedDemo ? await seedDemoCatalogue(database.db) : 0;
// Only with the demo catalogue, when it was just added: a real shop's accounts are its owner's.
if (seeded > 0) await seedDemoPaymentAccounts(database.db);

const dev = config.env === "development";
const pages = dev ? developmentPages : async () => productionPages(ROOT_DIR);
const app = await buildApp({ config, database, pages });
if (seeded > 0) app.log.info({ products: seeded }, "added the demo catalogue");

let closing = false;
let renderingAhead: { stop(): void } | undefined;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  renderingAhead?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ host: config.host, port: config.port });
// Every picture variant the store lacks (the demo catalogue's after a first start), in the
// background, one at a time; through the app's own store, so a picture a visitor asks for meanwhile
// is rendered once, not twice.
if (config.renderPicturesAhead) {
  renderingAhead = startRenderingAhead({
    db: database.db,
    images: app.images,
    databaseUrl: config.databaseUrl,
    log: app.log,
  });
}
app.log.info(
  { url: config.publicUrl, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
  "shop is open",
);
