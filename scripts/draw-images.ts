// `npm run images`: renders every variant of every product image and site image ahead of time,
// so no visitor waits for a first render. Safe to run again: existing files are kept.
import path from "node:path";
import { openBlobStore } from "../server/catalog/blob-open.ts";
import { createImageStore } from "../server/catalog/images.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { productImages } from "../server/db/schema.ts";

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, "pglite"),
});
const store = createImageStore({ dataDir: config.dataDir, db: database.db, blobs: openBlobStore(config.imageStorage) });
const started = performance.now();
await store.warm();
const ids = (await database.db.select({ id: productImages.id }).from(productImages)).map((row) => row.id);
const rendered = await store.prerender(ids);
console.log(`${rendered} variants of ${ids.length} images ready in ${Math.round(performance.now() - started)} ms`);
await database.close();
