// Built client files. Vite puts a content hash in every name under /assets, so those are cached
// for a year; the few unhashed files (favicon, robots.txt) for an hour.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export async function registerStaticFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  if (!existsSync(clientDir)) return;
  await app.register(fastifyStatic, {
    root: clientDir,
    // One route per file found at start, so every other path still reaches the pages. The compressed
    // copies the build writes beside each script and stylesheet (scripts/precompress-assets.ts) get
    // none: they are sent in their file's place, never under their own names.
    wildcard: false,
    globIgnore: ["**/*.br", "**/*.gz"],
    cacheControl: false,
    // A script or stylesheet goes out as the build compressed it, brotli at quality 11 (gzip -9 for
    // a browser without brotli): 12-17% fewer bytes on a phone's slow link than compressing each
    // response as it is sent, and no compressing per request (issue 54, decision 053). A file
    // without a copy is compressed as it is sent, as every answer is (server/app.ts).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.startsWith(path.join(clientDir, "assets") + path.sep);
      res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
}
