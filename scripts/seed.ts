// `npm run seed`: migrates the database and adds the categories and, to an empty shop, the demo
// catalogue (the same as the first start does). Stop the shop first when it runs on PGlite.
import path from "node:path";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { seedCategories, seedDemoCatalogue } from "../server/seed/seed.ts";

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, "pglite"),
});
await seedCategories(database.db);
const added = await seedDemoCatalogue(database.db);
console.log(added > 0 ? `Added ${added} demo products.` : "The shop already has products; nothing added.");
await database.close();
