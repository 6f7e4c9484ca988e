// Where the page renderer comes from: the Vite build in production, Vite itself in development.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageHandler } from "./react-router.ts";

export interface PageSource {
  handler: () => Promise<PageHandler>;
}

export function productionPages(rootDir: string): PageSource | undefined {
  const entry = path.join(rootDir, "build", "server", "index.js");
  if (!existsSync(entry)) return undefined;
  let handler: PageHandler | undefined;
  return {
    handler: async () => {
      if (!handler) {
        const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
        handler = createRequestHandler(build, "production");
      }
      return handler;
    },
  };
}

/** Vite's dev server in middleware mode: fresh modules on every request, hot reload in the browser. */
export async function developmentPages(app: FastifyInstance): Promise<PageSource> {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  // Paths Vite serves itself (its client, source modules, pre-bundled dependencies).
  const vitePaths = /^\/(@|node_modules\/|app\/|__vite)/;
  app.addHook("onRequest", async (request, reply) => {
    if (!vitePaths.test(request.url)) return;
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end();
    });
  });
  app.addHook("onClose", () => vite.close());
  return {
    handler: async () => {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler(build, "development");
    },
  };
}
