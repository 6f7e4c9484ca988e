// The image pipeline takes an uploaded photo like a demo drawing: checked, kept, and served as
// AVIF and WebP at three widths.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createImageStore, InvalidImageError } from "#server/catalog/images.ts";
import { productImages, products } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t?.close());

async function photo(width: number, height: number, format: "jpeg" | "png"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 150, g: 80, b: 30 } } });
  return format === "jpeg" ? image.jpeg().toBuffer() : image.png().toBuffer();
}

it("keeps an uploaded photo and serves every variant through the API", async () => {
  const store = createImageStore({ dataDir: t.config.dataDir, db: t.database.db });
  const [product] = await t.database.db
    .insert(products)
    .values({
      categorySlug: "men-formal-shoes",
      name: "Uploaded Oxford",
      description: "A photo",
      price: 5000,
      discountPrice: 4500,
    })
    .returning({ id: products.id });
  const imageId = randomUUID();
  const size = await store.saveUpload(imageId, await photo(2400, 1600, "jpeg"));
  // Large photos are scaled down to 2000 px on their long side.
  expect(size).toEqual({ width: 2000, height: 1333 });
  await t.database.db.insert(productImages).values({
    id: imageId,
    productId: product?.id ?? "",
    position: 0,
    alt: "Uploaded Oxford",
    width: size.width,
    height: size.height,
    source: "upload",
  });
  for (const width of [320, 640, 1024]) {
    for (const format of ["avif", "webp"] as const) {
      expect(existsSync(path.join(t.config.dataDir, "images", imageId, `${width}.${format}`))).toBe(true);
      const res = await t.app.inject({ url: `/images/${imageId}/${width}.${format}` });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(width);
    }
  }
});

it("refuses files that are not images", async () => {
  const store = createImageStore({ dataDir: t.config.dataDir, db: t.database.db });
  await expect(store.saveUpload(randomUUID(), Buffer.from("%PDF-1.4 not a photo"))).rejects.toBeInstanceOf(
    InvalidImageError,
  );
  await expect(
    store.saveUpload(randomUUID(), Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")),
  ).rejects.toBeInstanceOf(InvalidImageError);
});
