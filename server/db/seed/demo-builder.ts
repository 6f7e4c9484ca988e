// Helpers that turn the compact demo catalogue entries into products with deterministic stock.
import type { CategorySlug } from "#shared/categories.ts";
import type { ShoeLook, ShoePattern, ShoeShape } from "../../catalog/artwork/types.ts";

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
  /** EU size -> stock. */
  sizes: Record<number, number>;
  look: ShoeLook;
}

export interface DemoEntry {
  key: string;
  name: string;
  description: string;
  features: string[];
  price: number;
  /** Percent off; 0 sells at full price. */
  off: number;
  look: ShoeLook;
  soldOut?: boolean;
}

export const MEN_SIZES = [39, 40, 41, 42, 43, 44, 45, 46] as const;
export const WOMEN_SIZES = [37, 38, 39, 40, 41, 42] as const;

export function look(
  shape: ShoeShape,
  upper: string,
  sole: string,
  accent: string,
  background: string,
  pattern: ShoePattern = "plain",
): ShoeLook {
  return { shape, upper, sole, accent, background, pattern };
}

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

export function buildCategory(
  category: CategorySlug,
  sizes: readonly number[],
  entries: readonly DemoEntry[],
): DemoProduct[] {
  return entries.map((e) => ({
    key: e.key,
    category,
    name: e.name,
    description: e.description,
    features: e.features,
    price: e.price,
    discountPrice: discounted(e.price, e.off),
    sizes: demoStock(e.key, sizes, e.soldOut),
    look: e.look,
  }));
}
