import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS, categoryBySlug } from "#shared/categories.ts";
import { MAX_SIZE, MIN_SIZE } from "#shared/sizes.ts";
import { drawProductImage } from "../server/catalog/artwork/product-image.ts";
import { drawGenderBanner, drawHomeCover } from "../server/catalog/artwork/site-images.ts";
import { DEMO_PRODUCTS } from "../server/db/seed/demo-catalogue.ts";

const stockOf = (sizes: Record<number, number>) => Object.values(sizes).reduce((a, b) => a + b, 0);

async function renders(svg: string): Promise<void> {
  const png = await sharp(Buffer.from(svg), { density: 14 }).resize(200).png().toBuffer();
  expect(png.length).toBeGreaterThan(100);
}

describe("demo catalogue", () => {
  it("fills all ten categories with 8 to 12 products, men's sneakers exactly 10", () => {
    expect(CATEGORY_SLUGS).toHaveLength(10);
    for (const slug of CATEGORY_SLUGS) {
      const count = DEMO_PRODUCTS.filter((p) => p.category === slug).length;
      expect(count, slug).toBeGreaterThanOrEqual(8);
      expect(count, slug).toBeLessThanOrEqual(12);
    }
    expect(DEMO_PRODUCTS.filter((p) => p.category === "men-sneakers-casual-shoes")).toHaveLength(10);
  });

  it("has unique kebab-case keys and distinct looks", () => {
    const keys = DEMO_PRODUCTS.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const looks = DEMO_PRODUCTS.map((p) => JSON.stringify(p.look));
    expect(new Set(looks).size).toBe(looks.length);
  });

  it("has shop-ready texts and whole-rupee prices", () => {
    for (const p of DEMO_PRODUCTS) {
      const words = p.description.trim().split(/\s+/).length;
      expect(words, p.key).toBeGreaterThanOrEqual(12);
      expect(words, p.key).toBeLessThanOrEqual(30);
      expect(p.features.length, p.key).toBeGreaterThanOrEqual(3);
      expect(p.features.length, p.key).toBeLessThanOrEqual(5);
      expect(Number.isInteger(p.price) && Number.isInteger(p.discountPrice), p.key).toBe(true);
      expect(p.price).toBeGreaterThanOrEqual(1000);
      expect(p.price).toBeLessThanOrEqual(15000);
      expect(p.discountPrice).toBeGreaterThan(0);
      expect(p.discountPrice).toBeLessThanOrEqual(p.price);
    }
    const discounted = DEMO_PRODUCTS.filter((p) => p.discountPrice < p.price);
    expect(discounted.length).toBeGreaterThan(DEMO_PRODUCTS.length / 2);
    expect(discounted.length).toBeLessThan(DEMO_PRODUCTS.length);
  });

  it("offers sizes in the gender's range with plausible stock", () => {
    for (const p of DEMO_PRODUCTS) {
      const sizes = Object.keys(p.sizes).map(Number);
      const [from, to] = categoryBySlug(p.category).gender === "men" ? [39, 46] : [37, 42];
      expect(sizes, p.key).toEqual(Array.from({ length: to - from + 1 }, (_, i) => from + i));
      for (const size of sizes) {
        expect(size).toBeGreaterThanOrEqual(MIN_SIZE);
        expect(size).toBeLessThanOrEqual(MAX_SIZE);
      }
      for (const stock of Object.values(p.sizes)) {
        expect(Number.isInteger(stock) && stock >= 0 && stock <= 25, p.key).toBe(true);
      }
    }
  });

  it("has a few sold-out products, never first in a category or among men's sneakers", () => {
    const soldOut = DEMO_PRODUCTS.filter((p) => stockOf(p.sizes) === 0);
    expect(soldOut.length).toBeGreaterThanOrEqual(2);
    expect(soldOut.length).toBeLessThanOrEqual(4);
    for (const p of soldOut) expect(p.category).not.toBe("men-sneakers-casual-shoes");
    for (const slug of CATEGORY_SLUGS) {
      const first = DEMO_PRODUCTS.find((p) => p.category === slug);
      expect(first && stockOf(first.sizes), slug).toBeGreaterThan(0);
    }
    const inStock = DEMO_PRODUCTS.filter((p) => stockOf(p.sizes) > 0);
    const withSoldOutSize = inStock.filter((p) => Object.values(p.sizes).includes(0));
    const withLowSize = inStock.filter((p) => Object.values(p.sizes).some((s) => s >= 1 && s <= 3));
    expect(withSoldOutSize.length).toBeGreaterThan(inStock.length / 2);
    expect(withLowSize.length).toBeGreaterThan(inStock.length / 2);
  });
});

describe("demo artwork", () => {
  it("renders every product picture", async () => {
    await Promise.all(
      DEMO_PRODUCTS.flatMap((p) => ([0, 1, 2, 3] as const).map((angle) => renders(drawProductImage(p.look, angle)))),
    );
  }, 120_000);

  it("renders the cover and the banner", async () => {
    for (const svg of [drawHomeCover(), drawGenderBanner()]) {
      expect(svg.startsWith("<svg")).toBe(true);
      await renders(svg);
    }
    expect(drawGenderBanner()).toContain(">Women<");
    expect(drawGenderBanner()).toContain(">Men<");
  });
});
