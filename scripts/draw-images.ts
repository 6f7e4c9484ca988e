// `npm run images`: renders every variant of every product image and site image the image store
// lacks, in the foreground: the same work as the background job a start does (RENDER_PICTURES_AHEAD),
// for a shop that starts with it off or wants it done before opening. Safe to run again: variants
// already in the store are kept, and a second run renders nothing.
import path from "node:path";
import { openBlobStore } from "../server/catalog/blob-open.ts";
import { createImageStore } from "../server/catalog/images.ts";
import { renderPicturesAhead } from "../server/catalog/pictures-ahead.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, "pglite"),
});
const images = createImageStore({
  dataDir: config.dataDir,
  db: database.db,
  blobs: openBlobStore(config.imageStorage),
});
const started = performance.now();
const cpuBefore = process.cpuUsage();
const result = await renderPicturesAhead({ db: database.db, images, databaseUrl: config.databaseUrl });
const cpu = process.cpuUsage(cpuBefore);
if (result.busyElsewhere) {
  console.log("A running shop is rendering the pictures ahead already (it holds the lock); nothing done.");
} else {
  console.log(
    `${result.rendered} of ${result.checked} variants rendered in ${Math.round(performance.now() - started)} ms ` +
      `(CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms)`,
  );
}
await database.close();
