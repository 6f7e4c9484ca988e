// Security headers on every kind of answer (pages, API, errors, pictures, built files), picked
// from the app's own route table, and no stack trace or version banner anywhere, even when the
// database is gone.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY } from "#server/plugins/security-headers.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { makeShopper, products, type Shopper, type TestProduct } from "../support/shoppers.ts";
import { fillParams, routeTable } from "./routes.ts";
import { expectNoStack } from "./support.ts";

let t: TestApp;
let https: TestApp;
let shopper: Shopper;
let product: TestProduct;
beforeAll(async () => {
  [t, https] = await Promise.all([
    createTestApp({ pages: true }),
    createTestApp({ pages: true, demo: false, env: { PUBLIC_URL: "https://shoes.example.pk" } }),
  ]);
  shopper = await makeShopper(t);
  [product] = (await products(t, 1)) as [TestProduct];
});
afterAll(async () => {
  await Promise.all([t?.close(), https?.close()]);
});

type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;

/** A script, a stylesheet or a picture carries what acts on it; every other answer every rule. */
function expectSecurityHeaders(res: Res, label: string) {
  if (isScriptStyleOrPicture(res)) expectSubresourceHeaders(res, label);
  else expectEveryRule(res, label);
}

function expectEveryRule(res: Res, label: string) {
  const h = res.headers;
  const csp = String(h["content-security-policy"] ?? "");
  const directives = new Map(
    csp.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get("object-src"), label).toEqual(["'none'"]);
  expect(directives.get("base-uri"), label).toEqual(["'none'"]);
  expect(directives.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(directives.get("default-src"), label).toEqual(["'self'"]);
  const scriptSrc = directives.get("script-src") ?? [];
  expect(scriptSrc, label).toContain("'self'");
  expect(
    scriptSrc.some((s) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(s)),
    label,
  ).toBe(true);
  expect(scriptSrc.join(" "), label).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|https?:/);
  expect(h["x-content-type-options"], label).toBe("nosniff");
  expect(h["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"], label).toBe(PERMISSIONS_POLICY);
  expect(h["x-frame-options"], label).toBe("DENY");
  expect(h["x-powered-by"], label).toBeUndefined();
  expect(h.server, label).toBeUndefined();
  expect(h["x-aspnet-version"] ?? h["x-runtime"] ?? h.via, label).toBeUndefined();
}

/** Checked by the answer's type as sent, not by the server's own test of it. */
function isScriptStyleOrPicture(res: Res): boolean {
  return /^(application\/javascript|text\/css|image\/(avif|webp|jpeg|png))\b/.test(String(res.headers["content-type"]));
}

/** The rules a document obeys (decision 054): a script, a stylesheet or a picture goes without them. */
const DOCUMENT_ONLY = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/** What acts on a script, a stylesheet or a picture itself, and nothing that tells about the server. */
function expectSubresourceHeaders(res: Res, label: string) {
  const h = res.headers;
  expect(h["x-content-type-options"], label).toBe("nosniff");
  expect(h["cross-origin-resource-policy"], label).toBe("same-origin");
  expect(h["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  for (const name of DOCUMENT_ONLY) expect(h[name], `${label}: ${name}`).toBeUndefined();
  expect(h["x-powered-by"], label).toBeUndefined();
  expect(h.server, label).toBeUndefined();
}

describe("headers on every answer", () => {
  it("every GET route of the table, pages, the 404 page, errors and built files carry them", async () => {
    const routes = routeTable(t.app).filter((r) => r.method === "GET" || r.method === "POST");
    expect(routes.length).toBeGreaterThan(15);
    const urls = routes.map((r) => ({ method: r.method, url: fillParams(r.url, () => product.id) }));
    const assets = routeTable(t.app).length; // the table holds the built files too; pick one below
    expect(assets).toBeGreaterThan(0);
    const asset = t.app.printRoutes({ commonPrefix: false }).match(/\/assets\/[\w.-]+\.js/)?.[0];
    const extra = [
      "/",
      `/products/${product.id}`,
      "/products/00000000-0000-4000-8000-000000000000",
      "/no-such-page",
      "/men/formal-shoes",
      "/search?query=chappal",
      "/api/no-such-route",
      "/api/products/not-an-id",
      `/images/${product.id}/640.webp`,
      "/images/site/cover/640.webp",
      "/robots.txt",
      "/sitemap.xml",
      "/healthz",
      "/readyz",
      ...(asset ? [asset] : []),
    ].map((url) => ({ method: "GET", url }));
    for (const { method, url } of [...urls, ...extra]) {
      for (const headers of [{}, shopper.headers]) {
        const res = await t.app.inject({ method: method as "GET" | "POST", url, headers });
        expectSecurityHeaders(res, `${method} ${url} ${res.statusCode}`);
        expectNoStack(res.body.slice(0, 200_000));
      }
    }
  });

  it("a script, a stylesheet and a picture carry what acts on them; an SVG and a page carry every rule", async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    const script = routes.match(/\/assets\/[\w.-]+\.js\b/)?.[0];
    const stylesheet = routes.match(/\/assets\/[\w.-]+\.css\b/)?.[0];
    expect(script && stylesheet).toBeTruthy();
    // Two pictures rendered as the start's job renders them (until then a picture is its SVG drawing).
    const imageId = (await t.app.inject({ method: "GET", url: "/" })).body.match(/\/images\/([0-9a-f-]{36})\//)?.[1];
    expect(imageId).toBeTruthy();
    await t.app.images.renderIfMissing({ kind: "product", imageId: String(imageId), width: 320, format: "avif" });
    await t.app.images.renderIfMissing({ kind: "site", name: "cover", width: 640, format: "webp" });
    const subresources = [script, stylesheet, `/images/${imageId}/320.avif`, "/images/site/cover/640.webp"];
    for (const url of subresources) {
      for (const encoding of ["br", "gzip", "identity"]) {
        const res = await t.app.inject({ method: "GET", url: String(url), headers: { "accept-encoding": encoding } });
        expect(res.statusCode, url).toBe(200);
        expect(isScriptStyleOrPicture(res), `${url}: ${res.headers["content-type"]}`).toBe(true);
        expectSubresourceHeaders(res, `${url} ${encoding}`);
      }
    }
    // An SVG opened on its own is a document that can run script: it keeps the page's rules.
    for (const url of ["/favicon.svg", "/", "/api/nothing"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"], url).toContain("default-src 'self'");
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], `${url}: ${name}`).toBeDefined();
      expectSecurityHeaders(res, url);
    }
    // Fetched to run as a worker, a script obeys its own policy: it keeps every rule.
    const worker = await t.app.inject({ method: "GET", url: String(script), headers: { "sec-fetch-dest": "worker" } });
    expect(worker.headers["content-security-policy"]).toContain("default-src 'self'");
    expectEveryRule(worker, "a script fetched as a worker");
    // Over https a script still renews HSTS.
    const secure = await https.app.inject({ method: "GET", url: String(script) });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("HSTS is sent when PUBLIC_URL is https, on pages and the API; not for a plain-http shop", async () => {
    for (const url of ["/", `/api/products?category=${CATEGORY_SLUGS[0]}`, "/api/nothing"]) {
      const secure = await https.app.inject({ method: "GET", url });
      expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expectSecurityHeaders(secure, url);
      expect(String(secure.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
      const plain = await t.app.inject({ method: "GET", url });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("the page's scripts all carry this answer's nonce, and it differs per answer", async () => {
    const a = await t.app.inject({ method: "GET", url: "/" });
    const b = await t.app.inject({ method: "GET", url: "/" });
    const nonce = (r: Res) => /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))?.[1];
    expect(nonce(a)).toBeDefined();
    expect(nonce(a)).not.toBe(nonce(b));
    const tags = a.body.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce(a)}"`);
    // Styles take the same nonce (the client reads it from a script for the <style> Radix writes),
    // and nothing else: no inline <style> runs without it.
    const directive = (name: string) =>
      String(a.headers["content-security-policy"])
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1);
    expect(directive("style-src")).toEqual(["'self'", `'nonce-${nonce(a)}'`]);
    expect(directive("script-src")).toEqual(["'self'", `'nonce-${nonce(a)}'`]);
    expect(a.body).not.toMatch(/\son[a-z]+=["']/i);
    // A page bound to its nonce is never reused from a cache without asking.
    expect(a.headers["cache-control"]).toBe("no-cache");
  });
});

describe("no stack traces", () => {
  it("with the database closed, API calls answer 503 with a message, pages answer without a trace", async () => {
    const broken = await createTestApp({ pages: true });
    const s = await makeShopper(broken);
    const [p] = await products(broken, 1);
    await broken.database.close();
    try {
      const api = [
        `/api/products?category=${CATEGORY_SLUGS[0]}`,
        `/api/products/${p?.id}`,
        "/api/products/search?query=chappal",
        "/api/user/cart",
        "/api/orders/track",
        "/readyz",
      ];
      for (const url of api) {
        const res = await broken.app.inject({ method: "GET", url, headers: s.headers });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().message, url).toMatch(/unavailable|not reachable/);
        expectNoStack(res.body);
        expectSecurityHeaders(res, url);
      }
      for (const url of ["/", `/products/${p?.id}`, "/men/formal-shoes", "/search?query=x"]) {
        const res = await broken.app.inject({ method: "GET", url });
        expectNoStack(res.body);
        expect(res.body).not.toMatch(/PGlite|drizzle|select |\.ts:\d+/i);
        expectSecurityHeaders(res, url);
      }
    } finally {
      await broken.app.close();
    }
  });
});
