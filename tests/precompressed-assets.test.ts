// Scripts and stylesheets go out as the build compressed them (issue 54, decision 053): brotli at
// quality 11 to a browser that takes it, gzip -9 to one that takes only gzip, the file itself to a
// client that asks for neither. Needs the production build (`npm test` builds it first).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "#server/app.ts";
import { BROTLI_QUALITY } from "#server/http/compression.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

const ASSETS = path.join(ROOT_DIR, "build", "client", "assets");
/** What Chrome sends. */
const CHROME = "gzip, deflate, br, zstd";

let t: TestApp;
/** The largest script of the build: the shell every page loads. */
let shell: { name: string; bytes: Buffer };

beforeAll(async () => {
  t = await createTestApp({ demo: false, pages: true });
  const scripts = (await readdir(ASSETS)).filter((name) => name.endsWith(".js"));
  const files = await Promise.all(
    scripts.map(async (name) => ({ name, bytes: await readFile(path.join(ASSETS, name)) })),
  );
  const largest = files.sort((a, b) => b.bytes.length - a.bytes.length)[0];
  if (!largest) throw new Error("no scripts in the build");
  shell = largest;
});
afterAll(async () => {
  await t?.close();
});

function get(url: string, acceptEncoding?: string) {
  return t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
}

describe("a script of the build", () => {
  it("goes to Chrome as brotli at quality 11, smaller than compressing it as it is sent", async () => {
    const res = await get(`/assets/${shell.name}`, CHROME);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(shell.bytes)).toBe(true);
    // What @fastify/compress made of it before, per response: brotli at the quality the shop's answers use.
    const asSent = zlib.brotliCompressSync(shell.bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    });
    expect(res.rawPayload.length).toBeLessThan(asSent.length * 0.9);
  });

  it("goes as gzip to a client that takes only gzip, and as itself to one that asks for none", async () => {
    const gzipped = await get(`/assets/${shell.name}`, "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.rawPayload).equals(shell.bytes)).toBe(true);
    for (const acceptEncoding of [undefined, "identity"]) {
      const plain = await get(`/assets/${shell.name}`, acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-encoding"], acceptEncoding).toBeUndefined();
      expect(plain.rawPayload.equals(shell.bytes)).toBe(true);
    }
  });

  it("answers a HEAD with the compressed copy's length", async () => {
    const res = await t.app.inject({
      method: "HEAD",
      url: `/assets/${shell.name}`,
      headers: { "accept-encoding": CHROME },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe((await readFile(path.join(ASSETS, `${shell.name}.br`))).length);
  });
});

it("does not send the compressed copies under their own names", async () => {
  for (const suffix of [".br", ".gz"]) {
    const res = await get(`/assets/${shell.name}${suffix}`, CHROME);
    expect(res.statusCode, suffix).toBe(404);
  }
});

it("sends a file the build did not compress as before", async () => {
  // The icon is copied from public/, not built: it has no compressed copy, and is sent as it is
  // (under COMPRESS_MIN_BYTES) or compressed as it is sent.
  const icon = await readFile(path.join(ROOT_DIR, "build", "client", "favicon.svg"));
  const res = await get("/favicon.svg", "gzip");
  expect(res.statusCode).toBe(200);
  const body = res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(res.rawPayload) : res.rawPayload;
  expect(body.equals(icon)).toBe(true);
});

it("has a brotli and a gzip copy beside every script and stylesheet of over 1 KB", async () => {
  const names = new Set(await readdir(ASSETS));
  const missing: string[] = [];
  for (const name of names) {
    if (!/\.(js|css)$/.test(name)) continue;
    if ((await readFile(path.join(ASSETS, name))).length <= 1024) continue;
    for (const suffix of [".br", ".gz"]) if (!names.has(`${name}${suffix}`)) missing.push(`${name}${suffix}`);
  }
  expect(missing).toEqual([]);
});
