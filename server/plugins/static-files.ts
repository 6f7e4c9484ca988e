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
    // One route per file found at start, so every other path still reaches the pages.
    wildcard: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.startsWith(path.join(clientDir, "assets") + path.sep);
      res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
}
