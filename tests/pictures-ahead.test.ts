// No product picture is rendered on a shopper's request: the background job a start runs renders
// every variant of the demo catalogue and the site images into the image store, and a second run
// finds nothing to do. A variant asked for before it is rendered is answered with its source (the
// SVG drawing), not kept by the browser, and nothing is rendered or stored for it; counted in
// /metrics and logged once.
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "#server/catalog/demo/demo-catalogue.ts";
import { variantKey } from "#server/catalog/images.ts";
import { renderPicturesAhead, variantsToRender } from "#server/catalog/pictures-ahead.ts";
import { productImages } from "#server/db/schema.ts";
import { seedDemoCatalogue } from "#server/seed/seed.ts";
import { IMAGE_FORMATS, IMAGE_WIDTHS, SITE_IMAGE_WIDTHS } from "#shared/catalog.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

/** The job draws 36 variants (the 1600 px site images the slowest): minutes on a loaded 2-core machine. */
const RENDERING = 300_000;
const SERVED_UNRENDERED = "shop_pictures_served_unrendered_total";
const WARNING = "asked for a picture before it was rendered";

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  // One demo product (four pictures) stands for the catalogue: the job treats every picture alike.
  t = await createTestApp({ demo: false, env: { LOG_LEVEL: "warn" }, logStream: { write: (l) => logLines.push(l) } });
  await seedDemoCatalogue(t.database.db, DEMO_PRODUCTS.slice(0, 1));
});
afterAll(() => t?.close());

const imagesDir = () => path.join(t.config.dataDir, "images");
const warnings = () => logLines.filter((line) => line.includes(WARNING));
async function servedUnrendered(): Promise<number> {
  const res = await t.app.inject({ url: "/metrics" });
  const line = res.body.split("\n").find((l) => l.startsWith(`${SERVED_UNRENDERED} `));
  return Number(line?.split(" ")[1]);
}
async function demoImageIds(): Promise<string[]> {
  return (await t.database.db.select({ id: productImages.id }).from(productImages)).map((row) => row.id);
}

describe("a variant missing from the store", () => {
  it("is answered with its drawing, not rendered, not kept by the browser; counted, and logged once at warn", async () => {
    const [imageId] = await demoImageIds();
    expect(await servedUnrendered()).toBe(0);
    for (const file of ["640.avif", "320.webp"]) {
      const res = await t.app.inject({ url: `/images/${imageId}/${file}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/svg+xml");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toMatch(/^<svg[^>]* viewBox=/);
      // A picture all the same: 1000 px wide as drawn.
      expect((await sharp(res.rawPayload).metadata()).width).toBe(1000);
      expect(existsSync(path.join(imagesDir(), imageId ?? "", file))).toBe(false);
    }
    const cover = await t.app.inject({ url: "/images/site/cover/1600.avif" });
    expect([cover.statusCode, cover.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
    expect(await servedUnrendered()).toBe(3);
    expect(warnings()).toHaveLength(1);
    expect(JSON.parse(warnings()[0] ?? "{}")).toMatchObject({ level: 40, key: `${imageId}/640.avif` });
  });
});

describe("the background job", () => {
  it(
    "leaves every variant of every demo picture and site image in the store",
    async () => {
      const variants = await variantsToRender(t.database.db);
      // Four pictures at three widths in two formats, and two site images at three widths in two formats.
      expect(variants).toHaveLength(4 * IMAGE_WIDTHS.length * IMAGE_FORMATS.length + 2 * SITE_IMAGE_WIDTHS.length * 2);
      const result = await renderPicturesAhead({ db: t.database.db, images: t.app.images });
      expect(result).toEqual({ rendered: variants.length, checked: variants.length, busyElsewhere: false });
      for (const variant of variants) {
        expect(existsSync(path.join(imagesDir(), variantKey(variant))), variantKey(variant)).toBe(true);
      }
    },
    RENDERING,
  );

  it("a second run renders nothing, and no shopper's request renders anything afterwards", async () => {
    const before = await servedUnrendered();
    expect(await renderPicturesAhead({ db: t.database.db, images: t.app.images })).toMatchObject({ rendered: 0 });
    for (const imageId of await demoImageIds()) {
      for (const width of IMAGE_WIDTHS) {
        for (const format of IMAGE_FORMATS) {
          const res = await t.app.inject({ url: `/images/${imageId}/${width}.${format}` });
          expect([res.statusCode, res.headers["content-type"]]).toEqual([200, `image/${format}`]);
          expect(res.headers["cache-control"]).toContain("immutable");
        }
      }
    }
    expect((await t.app.inject({ url: "/images/site/cover/1600.avif" })).statusCode).toBe(200);
    expect(await servedUnrendered()).toBe(before);
    expect(warnings()).toHaveLength(1);
  }, 60_000);

  // Several instances on one PostgreSQL server: one of them does the work.
  it.runIf(process.env.DATABASE_URL)(
    "leaves the work to the instance holding the lock",
    async () => {
      const holder = new pg.Client({ connectionString: t.database.url });
      await holder.connect();
      try {
        await holder.query("select pg_advisory_lock(727002)");
        const result = await renderPicturesAhead({
          db: t.database.db,
          images: t.app.images,
          databaseUrl: t.database.url,
        });
        expect(result).toEqual({ rendered: 0, checked: 0, busyElsewhere: true });
      } finally {
        await holder.end();
      }
      const free = await renderPicturesAhead({ db: t.database.db, images: t.app.images, databaseUrl: t.database.url });
      expect(free.busyElsewhere).toBe(false);
    },
    60_000,
  );
});
