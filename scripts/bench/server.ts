// The bench's shop process: the real app (buildApp, production pages) plus two routes that only
// the bench registers, answering the exact bytes of the real catalogue endpoints from memory
// through the same hooks and headers, compressed once per encoding as the read cache keeps them
// (the ceiling). Started by serve.ts with fork();
// tells its parent {port, productId} over IPC once it listens.
import path from "node:path";
import { buildApp, ROOT_DIR } from "#server/app.ts";
import type { Variant } from "#server/catalog/images.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { type Precompressed, precompressed, sendJson } from "#server/http/compression.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";
import { productionPages } from "#server/web/page-handlers.ts";
import { type ImageFormat, type Product, type ProductList, SITE_IMAGES, type SiteImageName } from "#shared/catalog.ts";

const BENCH_CATEGORY = "men-formal-shoes";
const COPIED_HEADERS = ["content-type", "cache-control", "etag", "last-modified"];

interface Captured {
  answer: Precompressed;
  headers: Record<string, string>;
}

const env = process.env;
const port = Number(env.BENCH_PORT);
const config = loadConfig({
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  DATA_DIR: env.DATA_DIR ?? "",
  DATABASE_URL: env.DATABASE_URL ?? "",
  PUBLIC_URL: `http://localhost:${port}`,
  RATE_LIMIT_SCALE: "1000000",
  LOG_LEVEL: "warn",
  // What a bench mode adds (serve.ts's `config`): the couriers' key, sync and timeout for --couriers.
  ...(JSON.parse(env.BENCH_CONFIG || "{}") as Record<string, string>),
});
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, "pglite"),
});
await seedCategories(database.db);
await seedDemoCatalogue(database.db);

const app = await buildApp({ config, database, pages: async () => productionPages(ROOT_DIR) });
const memory = new Map<string, Captured>();
app.get<{ Params: { name: string } }>("/__bench/memory/:name", async (request, reply) => {
  const captured = memory.get(request.params.name);
  if (!captured) return reply.code(404).send({ message: "not captured" });
  return sendJson(request, reply.headers(captured.headers), captured.answer);
});
// What start-up's background job (server/catalog/pictures-ahead.ts) does for every picture, for
// the pictures the measured pages name only (all of them take about 13 CPU-minutes): a shopper's
// request never renders one, so without this the browsers would measure the SVG drawings sent
// while a picture is not rendered yet.
app.post<{ Body: { path?: string } }>("/__bench/render-picture", async (request, reply) => {
  const match = /^\/images\/(?:site\/([a-z-]+)|([0-9a-f-]{36}))\/(\d+)\.(avif|webp)$/.exec(request.body.path ?? "");
  const [, site, imageId = "", width, format] = match ?? [];
  // As the picture routes check a site image's name (server/catalog/routes.ts).
  if (!match || (site !== undefined && !Object.hasOwn(SITE_IMAGES, site))) {
    return reply.code(400).send({ message: "not a picture's address" });
  }
  const common = { width: Number(width), format: format as ImageFormat };
  const variant: Variant = site
    ? { kind: "site", name: site as SiteImageName, ...common }
    : { kind: "product", imageId, ...common };
  return { rendered: await app.images.renderIfMissing(variant) };
});
await app.listen({ host: config.host, port });

async function capture(name: string, url: string): Promise<Buffer> {
  const response = await app.inject({ method: "GET", url });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  const headers: Record<string, string> = {};
  for (const header of COPIED_HEADERS) {
    const value = response.headers[header];
    if (typeof value === "string") headers[header] = value;
  }
  memory.set(name, { answer: precompressed(response.rawPayload), headers });
  return response.rawPayload;
}

const list = JSON.parse(
  (await capture("category", `/api/products?category=${BENCH_CATEGORY}`)).toString(),
) as ProductList;
const product: Product | undefined = list.products[0];
if (!product) throw new Error(`no product in ${BENCH_CATEGORY}`);
await capture("product", `/api/products/${product._id}`);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("disconnect", () => void shutdown());
process.send?.({
  type: "ready",
  port,
  productId: product._id,
  imageId: product.images[0]?.id ?? "",
  categoryPath: `/api/products?category=${BENCH_CATEGORY}`,
  productPath: `/api/products/${product._id}`,
});
