// No customer route downloads zod on its first load (issue 54, docs/decisions/045-cheap-phone-scripts.md):
// about 25 KB gzip that a page showing words and constants never runs. A page that validates in the
// browser fetches its schemas when the shopper first needs them (app/lib/checkout-checks.ts). One
// import of a word from a schema module brings zod back; this test names the page and the chunk.
// Needs the production build (`npm test` builds it first).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT_DIR } from "#server/app.ts";
import type { ProductList } from "#shared/catalog.ts";
import { customerRoutes } from "../scripts/bench/customer-routes.ts";
import { scriptUrls } from "../scripts/bench/page-weight.ts";
import { COMPILE_HINT } from "../scripts/compile-hints.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

/** Names zod keeps in its built code whatever the minifier does: its classes' own names, as strings. */
const ZOD_MARKS = ["$ZodType", "ZodError"];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pages: true });
});
afterAll(async () => {
  await t?.close();
});

async function body(url: string): Promise<string> {
  const res = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

/** The customer routes, the product page's with a shoe of the demo catalogue. */
async function demoCustomerRoutes(): Promise<string[]> {
  const [product] = (await t.app.inject({ url: "/api/products?category=men-formal-shoes" })).json<ProductList>()
    .products;
  const productId = product?._id ?? "";
  expect(productId).not.toBe("");
  return customerRoutes(productId);
}

it("loads no zod on the first load of any customer route", async () => {
  const carrying: string[] = [];
  for (const route of await demoCustomerRoutes()) {
    const { urls, inline } = scriptUrls(await body(route));
    expect(urls.length, route).toBeGreaterThan(0);
    const scripts = [
      ...inline.map((code) => ({ name: "an inline script", code })),
      ...(await Promise.all(urls.map(async (url) => ({ name: url, code: await body(url) })))),
    ];
    for (const { name, code } of scripts) {
      if (ZOD_MARKS.some((mark) => code.includes(mark))) carrying.push(`${route}: ${name}`);
    }
  }
  expect(carrying).toEqual([]);
});

// Decision 050: over HTTP/1.1 a file beyond the sixth waits for a connection, and on a phone's slow
// link each costs a round trip. The small modules many pages share come in one chunk
// (scripts/page-chunks.ts); before it, Track Your Order named 27 files and the product page 24.
const MOST_FILES_ON_A_FIRST_LOAD = 20;

it(`names at most ${MOST_FILES_ON_A_FIRST_LOAD} script files on the first load of any customer route`, async () => {
  const counts: Record<string, number> = {};
  for (const route of await demoCustomerRoutes()) counts[route] = scriptUrls(await body(route)).urls.length;
  const over = Object.entries(counts).filter(([, files]) => files > MOST_FILES_ON_A_FIRST_LOAD);
  expect(over, JSON.stringify(counts)).toEqual([]);
});

it("finds zod's marks in the build, so the test above can fail", async () => {
  // The checkout's schemas (fetched when it opens) are built with zod: its marks are in some chunk.
  const assets = path.join(ROOT_DIR, "build", "client", "assets");
  const chunks = (await readdir(assets)).filter((name) => name.endsWith(".js"));
  const marked: string[] = [];
  for (const name of chunks) {
    const code = await readFile(path.join(assets, name), "utf8");
    if (ZOD_MARKS.every((mark) => code.includes(mark))) marked.push(name);
  }
  expect(marked.length).toBeGreaterThan(0);
});

// Decision 054: the stylesheet holds the first paint, so it is the first file a page asks for. React's
// server wrote the module preloads ahead of it, and on the cart a phone fetched 19 scripts first.
it("asks for the stylesheet before any script on every customer route", async () => {
  const late: string[] = [];
  for (const route of await demoCustomerRoutes()) {
    const html = await body(route);
    const head = html.slice(0, html.indexOf("</head>"));
    const stylesheet = head.search(/<link\b[^>]*rel="stylesheet"/);
    const firstScript = head.search(/<link rel="modulepreload"|<script\b[^>]*\bsrc=/);
    expect(stylesheet, route).toBeGreaterThan(0);
    expect(firstScript, route).toBeGreaterThan(0);
    if (stylesheet > firstScript) late.push(route);
  }
  expect(late).toEqual([]);
});

// Decision 057: V8 compiles a script's functions as it streams in only when the script's first line
// asks it to; otherwise hydration compiles each on the main thread as it first calls it. Vite writes
// its list of a chunk's preloads above any banner, so the build moves the hint back to the top.
it("begins every script of every customer route's first load with V8's compile hint", async () => {
  const without = new Set<string>();
  let checked = 0;
  for (const route of await demoCustomerRoutes()) {
    // React Router's route manifest is its own file: one assignment of data, no function to compile.
    const urls = scriptUrls(await body(route)).urls.filter((url) => !/\/manifest-[\w-]+\.js$/.test(url));
    for (const url of urls) {
      checked += 1;
      if (!(await body(url)).startsWith(`${COMPILE_HINT}\n`)) without.add(url);
    }
  }
  expect(checked).toBeGreaterThan(100);
  expect([...without]).toEqual([]);
});
