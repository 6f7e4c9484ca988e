import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS, categoryBySlug } from "#shared/categories.ts";
import { MAX_SIZE, MIN_SIZE } from "#shared/sizes.ts";
import { plainLook } from "../server/catalog/artwork/plain-look.ts";
import { drawProductImage } from "../server/catalog/artwork/product-image.ts";
import { drawGenderBanner, drawHomeCover } from "../server/catalog/artwork/site-images.ts";
import { type ShoeLook, shoeLookSchema } from "../server/catalog/artwork/types.ts";
import { demoFileSchema } from "../server/catalog/demo/demo-builder.ts";
import { DEMO_PRODUCTS } from "../server/catalog/demo/demo-catalogue.ts";
import { demoImageId } from "../server/seed/seed.ts";

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

  it("names every picture by its drawing: one id each, the same in every shop, a new one for a new drawing", () => {
    const ids = DEMO_PRODUCTS.flatMap((p) => ([0, 1, 2, 3] as const).map((angle) => demoImageId(p, angle)));
    expect(new Set(ids).size).toBe(DEMO_PRODUCTS.length * 4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const [first] = DEMO_PRODUCTS;
    if (!first) throw new Error("no demo products");
    expect(demoImageId(first, 0)).toBe(ids[0]);
    const redrawn = {
      ...first,
      look: { ...first.look, background: first.look.background === "#ffffff" ? "#fefefe" : "#ffffff" },
    };
    expect(demoImageId(redrawn, 0)).not.toBe(ids[0]);
  });

  it("renders the cover and the banner", async () => {
    for (const svg of [drawHomeCover(), drawGenderBanner()]) {
      expect(svg.startsWith("<svg")).toBe(true);
      await renders(svg);
    }
    expect(drawGenderBanner()).toContain(">Women<");
    expect(drawGenderBanner()).toContain(">Men<");
  });
});

describe("demo looks", () => {
  // Every picture drawn in one neutral colourway at a card's width (320 px) and compared grey
  // level by grey level: two products of a category must differ in more than colour, by more
  // than a change of stitching or of surface ornament alone makes (each about 0.2-0.5 % of the
  // card; a new toe about 1.2 %, a new sole about 2.4 %).
  const CARD = 320;
  const MIN_DIFFERENT = 0.0075;

  async function greys(look: ShoeLook): Promise<Buffer> {
    const svg = drawProductImage(plainLook(look), 0);
    return sharp(Buffer.from(svg), { density: 24 }).resize(CARD, CARD).greyscale().raw().toBuffer();
  }

  function differentShare(a: Buffer, b: Buffer): number {
    let different = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 10) different++;
    return different / a.length;
  }

  it("draws no two products of a category alike apart from colour", async () => {
    const pictures = await Promise.all(DEMO_PRODUCTS.map((p) => greys(p.look)));
    const alike: string[] = [];
    DEMO_PRODUCTS.forEach((a, i) => {
      DEMO_PRODUCTS.forEach((b, j) => {
        if (j <= i || a.category !== b.category) return;
        const share = differentShare(pictures[i] as Buffer, pictures[j] as Buffer);
        if (share < MIN_DIFFERENT)
          alike.push(`${a.key} and ${b.key}: ${(share * 100).toFixed(2)} % of the card differs`);
      });
    });
    expect(alike).toEqual([]);
  }, 60_000);

  it("sees a change of stitching alone as alike, and a new sole as different", async () => {
    const chappal = DEMO_PRODUCTS.find((p) => p.key === "men-classic-brown-peshawari-chappal")?.look;
    if (!chappal) throw new Error("the classic Peshawari chappal is gone from the demo catalogue");
    const [same, stitched, tyre] = await Promise.all(
      [chappal, { ...chappal, stitch: "double" as const }, { ...chappal, base: "tyre" as const }].map(greys),
    );
    expect(differentShare(same as Buffer, stitched as Buffer)).toBeLessThan(MIN_DIFFERENT);
    expect(differentShare(same as Buffer, tyre as Buffer)).toBeGreaterThan(MIN_DIFFERENT);
  });

  it("refuses a look with a detail its shape does not draw, naming the detail", () => {
    const sneaker = { shape: "sneaker", upper: "#ffffff", sole: "#ffffff", accent: "#000000", background: "#eeeeee" };
    expect(shoeLookSchema.safeParse({ ...sneaker, style: "court" }).success).toBe(true);
    const heeled = shoeLookSchema.safeParse({ ...sneaker, heel: "stiletto" });
    expect(heeled.success).toBe(false);
    expect(heeled.error?.issues[0]?.message).toBe("a sneaker has no heel");
    const wrongStyle = shoeLookSchema.safeParse({ ...sneaker, style: "kaptaan" });
    expect(wrongStyle.error?.issues[0]?.path).toEqual(["style"]);
    expect(shoeLookSchema.safeParse({ ...sneaker, upper: "white" }).success).toBe(false);
  });

  it("refuses a data file whose product names an unknown category or misses its look", () => {
    const entry = {
      key: "x-shoe",
      name: "X Shoe",
      description: "A shoe for the test of the data file.",
      features: ["a", "bb", "cc"],
      price: 1000,
      off: 0,
    };
    expect(demoFileSchema.safeParse([{ category: "men-boots", products: [{ ...entry }] }]).success).toBe(false);
    expect(demoFileSchema.safeParse([{ category: "men-formal-shoes", products: [entry] }]).success).toBe(false);
  });
});
