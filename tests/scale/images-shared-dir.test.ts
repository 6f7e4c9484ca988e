// Two instances with their own DATA_DIR and one shared IMAGES_DIR (an NFS mount or a compose volume
// in production): a picture an admin uploads through one is served by the other, as is a customer's
// exchange photo, and a variant the other's background job renders lands in the shared directory. A
// directory that refuses writes answers 503.
import { existsSync } from "node:fs";
import { mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "#shared/admin.ts";
import type { ProductAnswer } from "#shared/catalog.ts";
import { call, makeAdmin, newProduct, picture } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import {
  anotherInstance,
  exchangePhotoAcross,
  expectUploadRefused,
  type Instance,
  uploadPicture,
} from "../support/instances.ts";
import type { Shopper } from "../support/shoppers.ts";

let shared: string;
let first: TestApp;
let second: Instance;
let admin: Shopper;
let productId: string;
beforeAll(async () => {
  shared = await mkdtemp(path.join(tmpdir(), "shoe-shop-shared-images-"));
  first = await createTestApp({ demo: false, env: { IMAGES_DIR: shared } });
  second = await anotherInstance(first, { IMAGES_DIR: shared });
  admin = await makeAdmin(first);
  productId = (await call(first, admin, "POST", "/api/admin/products", newProduct())).json<AdminProduct>()._id;
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await rm(shared, { recursive: true, force: true });
});

describe("one IMAGES_DIR shared by two instances", () => {
  let imageId = "";

  it("an upload through the first is served by the second", async () => {
    const res = await uploadPicture(first.app, admin, productId, await picture("jpeg", 1200, 900));
    expect(res.statusCode, res.body).toBe(200);
    imageId = res.json<AdminProduct>().images.at(-1)?.id ?? "";
    expect(existsSync(path.join(shared, imageId, "original.webp"))).toBe(true);
    // Kept in the shared directory, not in the first instance's own DATA_DIR.
    expect(existsSync(path.join(first.config.dataDir, "images"))).toBe(false);

    const product = (await second.app.inject({ url: `/api/products/${productId}` })).json<ProductAnswer>().product;
    expect(product.images.map((i) => i.id)).toEqual([imageId]);
    for (const width of [320, 640, 1024]) {
      for (const format of ["avif", "webp"] as const) {
        const served = await second.app.inject({ url: `/images/${imageId}/${width}.${format}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe(`image/${format}`);
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.format === "heif" ? "avif" : meta.format, meta.width]).toEqual([format, width]);
      }
    }
  });

  it("a variant missing from the directory is sent as the shared original, then rendered by one for both", async () => {
    const variant = path.join(shared, imageId, "1024.avif");
    await unlink(variant);
    const original = await second.app.inject({ url: `/images/${imageId}/1024.avif` });
    expect([original.statusCode, original.headers["content-type"]]).toEqual([200, "image/webp"]);
    expect(original.headers["cache-control"]).toBe("no-cache");
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
    expect(existsSync(variant)).toBe(false);
    // The background job's step (server/catalog/pictures-ahead.ts) on the second instance.
    expect(await second.app.images.renderIfMissing({ kind: "product", imageId, width: 1024, format: "avif" })).toBe(
      true,
    );
    expect(existsSync(variant)).toBe(true);
    const res = await second.app.inject({ url: `/images/${imageId}/1024.avif` });
    const again = await first.app.inject({ url: `/images/${imageId}/1024.avif` });
    expect([res.headers["content-type"], again.headers["content-type"]]).toEqual(["image/avif", "image/avif"]);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });
});

describe("exchange photos in the shared IMAGES_DIR", () => {
  it("a customer's photo sent through the first is shown to the owner through the second", async () => {
    expect(await exchangePhotoAcross(first, first.app, second.app, admin, productId)).toBe("200 image/webp");
  });
});

describe("an image directory that refuses writes", () => {
  it("answers an upload with 503 and its message, and writes no row", async () => {
    // A file where the directory should be: every write under it fails (ENOTDIR), as on a lost mount.
    const notADirectory = path.join(shared, "not-a-directory");
    await writeFile(notADirectory, "");
    const broken = await anotherInstance(first, { IMAGES_DIR: notADirectory });
    try {
      await expectUploadRefused(first, broken, admin, productId);
    } finally {
      await broken.close();
    }
  });
});
