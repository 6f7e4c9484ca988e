// Reads the demo catalogue's data files (demo-men.json, demo-women.json), checks them with zod and
// turns each entry into a product with deterministic stock: the files hold what a person writes
// (texts, price, percent off, look), this file what follows from it.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { CATEGORY_SLUGS, type CategorySlug, categoryBySlug } from "#shared/categories.ts";
import { FIT_NOTES, type FitNote } from "#shared/fit-note.ts";
import { productTagsSchema } from "#shared/product-tags.ts";
import { ConfigurationError } from "../../broken-promise.ts";
import { type ShoeLook, shoeLookSchema } from "../artwork/types.ts";

export interface DemoProduct {
  /** Unique, stable kebab-case key; demo image sources are named after it. */
  key: string;
  category: CategorySlug;
  name: string;
  description: string;
  features: string[];
  /** Whole rupees. */
  price: number;
  discountPrice: number;
  /** A slug of the colour palette (the colours table, migration 0004). */
  colour: string;
  /** How the style fits (shared/fit-note.ts); most demo products say nothing. */
  fitNote: FitNote | null;
  /** The owner's groups across categories (shared/product-tags.ts), such as "Eid collection". */
  tags: string[];
  /** EU size -> stock. */
  sizes: Record<number, number>;
  look: ShoeLook;
}

const demoEntrySchema = z
  .object({
    key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "a key is kebab-case"),
    name: z.string().min(3).max(80),
    description: z.string().min(20).max(400),
    features: z.array(z.string().min(2).max(80)).min(3).max(5),
    /** Whole rupees. */
    price: z.number().int().min(100).max(100_000),
    /** Percent off; 0 sells at full price. */
    off: z.number().int().min(0).max(90),
    /** A palette slug; the database refuses one the palette lacks. */
    colour: z.string().regex(/^[a-z]+(-[a-z]+)*$/),
    fit: z.enum(FIT_NOTES).optional(),
    /** Checked as the owner's form is, so the demo shows only tags the owner could have saved. */
    tags: productTagsSchema.optional(),
    soldOut: z.literal(true).optional(),
    look: shoeLookSchema,
  })
  .strict();

export const demoFileSchema = z.array(
  z.object({ category: z.enum(CATEGORY_SLUGS), products: z.array(demoEntrySchema).min(1) }).strict(),
);

export const MEN_SIZES = [39, 40, 41, 42, 43, 44, 45, 46] as const;
export const WOMEN_SIZES = [37, 38, 39, 40, 41, 42] as const;

/** A small seeded generator (mulberry32) so the demo stock is the same on every start. */
function random(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ (ch.codePointAt(0) ?? 0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stock per size: mostly healthy, usually one or two sizes sold out and one or two nearly gone. */
export function demoStock(key: string, sizes: readonly number[], soldOut = false): Record<number, number> {
  const next = random(key);
  const stock = sizes.map(() => 4 + Math.floor(next() * 22));
  const pick = (): number => {
    const free = stock.map((s, i) => (s > 3 ? i : -1)).filter((i) => i >= 0);
    return free[Math.floor(next() * free.length)] ?? 0;
  };
  const zeros = next() < 0.85 ? 1 + Math.floor(next() * 2) : 0;
  for (let n = 0; n < zeros; n++) stock[pick()] = 0;
  const lows = 1 + Math.floor(next() * 2);
  for (let n = 0; n < lows; n++) stock[pick()] = 1 + Math.floor(next() * 3);
  return Object.fromEntries(sizes.map((size, i) => [size, soldOut ? 0 : (stock[i] ?? 0)]));
}

/** Discounted price rounded to a shop-style ending (e.g. Rs.3,490). */
export function discounted(price: number, off: number): number {
  if (off <= 0) return price;
  return Math.min(price, Math.round((price * (100 - off)) / 10000) * 100 - 10);
}

/** The products of one data file, in its order; a file that does not match the schema stops the start. */
export function readDemoFile(url: URL): DemoProduct[] {
  const parsed = demoFileSchema.safeParse(JSON.parse(readFileSync(url, "utf8")));
  if (!parsed.success)
    throw new ConfigurationError(`${url.pathname} is not a valid demo catalogue:\n${z.prettifyError(parsed.error)}`);
  return parsed.data.flatMap(({ category, products }) => {
    const sizes = categoryBySlug(category).gender === "men" ? MEN_SIZES : WOMEN_SIZES;
    return products.map((e) => ({
      key: e.key,
      category,
      name: e.name,
      description: e.description,
      features: e.features,
      price: e.price,
      discountPrice: discounted(e.price, e.off),
      colour: e.colour,
      fitNote: e.fit ?? null,
      tags: e.tags ?? [],
      sizes: demoStock(e.key, sizes, e.soldOut),
      look: e.look,
    }));
  });
}
