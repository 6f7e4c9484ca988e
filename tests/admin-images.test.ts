// Product pictures through the admin API: JPEG, PNG and WebP go through the shop's pipeline (an
// original kept, AVIF and WebP at three widths); wrong types, oversized and fake files are refused
// with a message and leave nothing behind; pictures can be reordered and removed.
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogChange } from "#server/catalog/changes.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import type { AdminProduct } from "#shared/admin.ts";
import type { ProductAnswer } from "#shared/catalog.ts";
import { call, makeAdmin, newProduct, picture } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import type { Shopper } from "./support/shoppers.ts";

let t: TestApp;
let admin: Shopper;
let product: AdminProduct;
const changes: CatalogChange[] = [];
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  admin = await makeAdmin(t);
  product = (await call(t, admin, "POST", "/api/admin/products", newProduct({ name: "Photo Shoe" }))).json();
  t.app.catalogChanges.subscribe((change) => changes.push(change));
});
afterAll(() => t?.close());

function upload(body: Buffer | string, type: string | undefined, query = "", productId = product._id) {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/products/${productId}/images${query}`,
    headers: { ...admin.headers, ...(type ? { "content-type": type } : {}) },
    payload: body,
  });
}

const imagesDir = () => path.join(t.config.dataDir, "images");
const folders = async () => (await readdir(imagesDir()).catch(() => [] as string[])).sort();
async function imageRows(): Promise<number> {
  const [row] = await selectRowsAsserted<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from product_images`,
  );
  return row?.n ?? 0;
}

describe("upload", () => {
  for (const format of ["jpeg", "png", "webp"] as const) {
    it(`takes a ${format.toUpperCase()} and renders AVIF and WebP at three widths`, async () => {
      const before = changes.length;
      const res = await upload(await picture(format, 1200, 900), `image/${format}`, "?alt=Side%20view");
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<AdminProduct>();
      const image = answer.images.at(-1);
      expect(image).toMatchObject({ alt: "Side view", width: 1200, height: 900 });
      const id = image?.id ?? "";
      expect(image?.src).toBe(`/images/${id}/640.webp`);
      // The other addresses follow from the id (imageSrcset), and are not sent.
      expect(Object.keys(image ?? {}).sort()).toEqual(["alt", "height", "id", "src", "width"]);
      expect(existsSync(path.join(imagesDir(), id, "original.webp"))).toBe(true);
      for (const width of [320, 640, 1024]) {
        for (const f of ["avif", "webp"]) {
          expect(existsSync(path.join(imagesDir(), id, `${width}.${f}`))).toBe(true);
        }
        const served = await t.app.inject({ url: `/images/${id}/${width}.avif` });
        expect(served.statusCode).toBe(200);
        expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
      }
      // All of them were made before the upload's answer: serving them rendered nothing.
      expect((await t.app.inject({ url: "/metrics" })).body).toContain("\nshop_pictures_served_unrendered_total 0\n");
      expect(changes.slice(before)).toEqual([{ productIds: [product._id] }]);
      const shop = (await t.app.inject({ url: `/api/products/${product._id}` })).json<ProductAnswer>().product;
      expect(shop.images.map((i) => i.id)).toEqual(answer.images.map((i) => i.id));
    });
  }

  it("uses the product's name when no alt text is given", async () => {
    const res = await upload(await picture("png", 300, 300), "image/png; charset=binary");
    expect(res.json<AdminProduct>().images.at(-1)?.alt).toBe("Photo Shoe");
  });
});

describe("bad uploads leave nothing behind", () => {
  const refusals: [string, () => Promise<Buffer | string>, string | undefined, number, RegExp][] = [
    ["a GIF", async () => (await picture("png")).toString("latin1"), "image/gif", 415, /Upload a JPEG, PNG or WebP/],
    ["a PDF", async () => Buffer.from("%PDF-1.4 hello"), "application/pdf", 415, /./],
    ["no content type", async () => picture("jpeg"), undefined, 415, /./],
    ["text called a PNG", async () => Buffer.from("this is not a picture at all"), "image/png", 400, /do not match/],
    ["a JPEG called a PNG", async () => picture("jpeg"), "image/png", 400, /do not match/],
    [
      "a cut-off JPEG",
      async () => (await picture("jpeg", 1600, 1200)).subarray(0, 600),
      "image/jpeg",
      400,
      /not a picture we can read|do not match/,
    ],
    [
      "JPEG magic bytes and garbage",
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]),
      "image/jpeg",
      400,
      /not a picture we can read|do not match/,
    ],
    ["an empty body", async () => Buffer.alloc(0), "image/jpeg", 400, /empty|not a picture/],
  ];
  for (const [what, body, type, status, message] of refusals) {
    it(`refuses ${what} with ${status}`, async () => {
      const [beforeFolders, beforeRows] = [await folders(), await imageRows()];
      const res = await upload(await body(), type);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
      expect(await folders()).toEqual(beforeFolders);
      expect(await imageRows()).toBe(beforeRows);
    });
  }

  it("refuses a file over 10 MB with 413", async () => {
    const [beforeFolders, beforeRows] = [await folders(), await imageRows()];
    const big = Buffer.concat([await picture("png"), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(big, "image/png");
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/at most 10 MB/);
    expect(await folders()).toEqual(beforeFolders);
    expect(await imageRows()).toBe(beforeRows);
  });

  it("does not raise the JSON limit elsewhere", async () => {
    const res = await call(t, admin, "POST", "/api/admin/products", {
      ...newProduct(),
      description: "x".repeat(2_000_000),
    });
    expect(res.statusCode).toBe(413);
  });

  it("answers 404 for an unknown product", async () => {
    const res = await upload(await picture("jpeg"), "image/jpeg", "", "00000000-0000-4000-8000-000000000000");
    expect([res.statusCode, res.json().message]).toEqual([404, "No product has that id."]);
  });
});

describe("reorder and remove", () => {
  it("reorders with exactly the product's picture ids", async () => {
    const current = (await call(t, admin, "GET", `/api/admin/products/${product._id}`)).json<AdminProduct>();
    const ids = current.images.map((i) => i.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const reversed = [...ids].reverse();
    const res = await call(t, admin, "PUT", `/api/admin/products/${product._id}/images/order`, { imageIds: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminProduct>().images.map((i) => i.id)).toEqual(reversed);

    for (const imageIds of [
      reversed.slice(1),
      [...reversed, reversed[0]],
      [...reversed.slice(1), crypto.randomUUID()],
    ]) {
      const bad = await call(t, admin, "PUT", `/api/admin/products/${product._id}/images/order`, { imageIds });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("Send every picture id of this product exactly once, in the new order.");
    }
    const extra = await call(t, admin, "PUT", `/api/admin/products/${product._id}/images/order`, {
      imageIds: reversed,
      position: 1,
    });
    expect([extra.statusCode, extra.json().message]).toEqual([400, "Unexpected field: position."]);
    const after = (await call(t, admin, "GET", `/api/admin/products/${product._id}`)).json<AdminProduct>();
    expect(after.images.map((i) => i.id)).toEqual(reversed);
  });

  it("removes a picture and keeps its files for old orders", async () => {
    const current = (await call(t, admin, "GET", `/api/admin/products/${product._id}`)).json<AdminProduct>();
    const [first, ...rest] = current.images.map((i) => i.id);
    const res = await call(t, admin, "DELETE", `/api/admin/products/${product._id}/images/${first}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminProduct>().images.map((i) => i.id)).toEqual(rest);
    const positions = await selectRowsAsserted<{ position: number }>(
      t.database.db,
      sql`select position from product_images where product_id = ${product._id} order by position`,
    );
    expect(positions.map((p) => p.position)).toEqual(rest.map((_, i) => i));
    expect((await t.app.inject({ url: `/images/${first}/640.webp` })).statusCode).toBe(200);

    const again = await call(t, admin, "DELETE", `/api/admin/products/${product._id}/images/${first}`);
    expect([again.statusCode, again.json().message]).toEqual([404, "This product has no picture with that id."]);
  });
});
