// Generates a large catalogue for benchmarks: N products (default 100,000) with realistic names
// ("Handmade Black Leather Peshawari Chappal"), four pictures each pointing at the demo artwork of
// the same category, and stock per size. Products go in as multi-row inserts; pictures and sizes
// as `insert … select` over the batch just written. Deterministic for a given count.
//
//   node scripts/generate-catalogue.ts [--count 100000]   (DATABASE_URL, else PGlite in DATA_DIR)
import path from "node:path";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { DEMO_PRODUCTS } from "#server/catalog/demo/demo-catalogue.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { products } from "#server/db/schema.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";
import { CATEGORY_SLUGS, type CategorySlug } from "#shared/categories.ts";

/** Bump when the generated rows change, so cached generated catalogues are made again. */
export const GENERATOR_VERSION = 1;
/** Generated products start at this position in their category, after any demo product. */
const FIRST_POSITION = 1_000;
const BATCH = 10_000;
const ROWS_PER_INSERT = 1_000;

const STYLES: Record<CategorySlug, { nouns: string[]; price: [number, number] }> = {
  "men-sneakers-casual-shoes": {
    nouns: ["Sneakers", "Court Sneakers", "Trainers", "Canvas Shoes", "Slip-On Sneakers", "High-Top Sneakers"],
    price: [2990, 9990],
  },
  "men-formal-shoes": {
    nouns: ["Oxford Shoes", "Derby Shoes", "Loafers", "Monk Strap Shoes", "Brogues", "Tassel Loafers"],
    price: [4990, 16990],
  },
  "men-sports-shoes": {
    nouns: ["Running Shoes", "Training Shoes", "Cricket Shoes", "Walking Shoes", "Football Boots", "Gym Trainers"],
    price: [3990, 12990],
  },
  "men-sandals-slippers": {
    nouns: ["Sandals", "Slippers", "Slides", "Flip-Flops", "Strap Sandals", "Kohati Chappal"],
    price: [990, 4990],
  },
  "men-peshawari-chappal": {
    nouns: ["Peshawari Chappal", "Kaptaan Chappal", "Norozi Chappal", "Charsadda Chappal", "Zalmi Chappal"],
    price: [2490, 8990],
  },
  "women-pumps-khusa": {
    nouns: ["Khussa", "Pumps", "Ballet Pumps", "Kolhapuri", "Mojari", "Tilla Khussa"],
    price: [1490, 6990],
  },
  "women-heels-sandals": {
    nouns: ["Block Heels", "Stiletto Heels", "Heeled Sandals", "Wedge Sandals", "Kitten Heels", "Platform Heels"],
    price: [2490, 9990],
  },
  "women-loafers": {
    nouns: ["Loafers", "Penny Loafers", "Moccasins", "Tassel Loafers", "Driving Loafers"],
    price: [2490, 7990],
  },
  "women-sneakers-casual-shoes": {
    nouns: ["Sneakers", "Canvas Sneakers", "Platform Sneakers", "Slip-On Shoes", "Trainers"],
    price: [2490, 8990],
  },
  "women-slippers-chappal": {
    nouns: ["Slippers", "Chappal", "Flats", "Slides", "Sandals", "Flip-Flops"],
    price: [790, 3990],
  },
};
const ADJECTIVES = ["Classic", "Handmade", "Premium", "Everyday", "Lightweight", "Cushioned", "Wedding", "Eid"];
const MORE_ADJECTIVES = ["Karachi", "Lahori", "Vintage", "Soft", "Comfort", "Street", "Festive", "Office"];
const COLOURS = ["Black", "Brown", "Tan", "Chocolate", "White", "Navy", "Maroon", "Beige", "Grey", "Olive"];
const MORE_COLOURS = ["Mustard", "Gold", "Silver", "Rose", "Camel", "Burgundy"];
/** The palette colour (migration 0004) each colour word of a name is filed under. */
const PALETTE_OF: Record<string, string> = {
  Black: "black",
  Brown: "brown",
  Tan: "tan",
  Chocolate: "brown",
  White: "white",
  Navy: "navy",
  Maroon: "maroon",
  Beige: "beige",
  Grey: "grey",
  Olive: "green",
  Mustard: "gold",
  Gold: "gold",
  Silver: "silver",
  Rose: "pink",
  Camel: "tan",
  Burgundy: "maroon",
};
const MATERIALS = ["Leather", "Suede", "Canvas", "Mesh", "Velvet", "Nubuck", "Patent Leather", "Knit", "Embroidered"];
const PHRASES = [
  "made for long days on Karachi's streets",
  "finished by hand in small batches",
  "with a cushioned footbed and a grippy rubber sole",
  "light enough for the heat and smart enough for the office",
  "a festive pair for weddings and Eid",
  "that go with jeans, chinos and shalwar kameez alike",
];
const FEATURES = [
  "Genuine leather upper",
  "Cushioned EVA footbed",
  "Rubber outsole",
  "Hand-stitched",
  "Breathable lining",
  "Padded collar",
  "Anti-slip sole",
  "Easy to clean",
];
const DISCOUNTS = [0, 0, 0, 10, 15, 20, 25, 30];
const ANGLES = ["side view", "three-quarter view", "top view", "close-up"];

/** mulberry32: the same catalogue for the same count, on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type NewProduct = typeof products.$inferInsert;

function makeProduct(index: number, rand: () => number): NewProduct {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const category = CATEGORY_SLUGS[index % CATEGORY_SLUGS.length] as CategorySlug;
  const style = STYLES[category];
  const noun = pick(style.nouns);
  const colour = rand() < 0.8 ? pick(COLOURS) : pick(MORE_COLOURS);
  const material = pick(MATERIALS);
  const adjective = rand() < 0.6 ? `${rand() < 0.7 ? pick(ADJECTIVES) : pick(MORE_ADJECTIVES)} ` : "";
  const name = `${adjective}${colour} ${material} ${noun}`;
  const [low, high] = style.price;
  const price = Math.round((low + rand() * (high - low)) / 10) * 10;
  const off = pick(DISCOUNTS);
  const features = [...new Set([pick(FEATURES), pick(FEATURES), pick(FEATURES)])];
  return {
    categorySlug: category,
    name,
    description: `${noun} in ${colour.toLowerCase()} ${material.toLowerCase()}, ${pick(PHRASES)}.`,
    features,
    price,
    discountPrice: Math.max(10, Math.round((price * (100 - off)) / 1000) * 10),
    colour: PALETTE_OF[colour] ?? null,
    position: FIRST_POSITION + Math.floor(index / CATEGORY_SLUGS.length),
  };
}

/** (category, n, count, key): the demo artwork a generated product of that category borrows. */
function demoKeys(): SQL {
  const byCategory = new Map<string, string[]>();
  for (const p of DEMO_PRODUCTS) byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p.key]);
  const rows: SQL[] = [];
  for (const [category, keys] of byCategory) {
    keys.forEach((key, n) => {
      rows.push(sql`(${category}::text, ${n}::int, ${keys.length}::int, ${key}::text)`);
    });
  }
  return sql`(values ${sql.join(rows, sql`, `)}) as k(slug, n, cnt, key)`;
}

export interface GenerateOptions {
  count?: number;
  log?: (line: string) => void;
}

/** Adds `count` generated products after whatever the catalogue holds; answers how many it added. */
export async function generateCatalogue(db: Db, options: GenerateOptions = {}): Promise<number> {
  const count = options.count ?? 100_000;
  const log = options.log ?? (() => {});
  const [existing] = await selectRowsAsserted<{ n: number }>(
    db,
    sql`select count(*)::int as n from products where position >= ${FIRST_POSITION}`,
  );
  const offset = existing?.n ?? 0;
  const keys = demoKeys();
  const angles = sql.join(
    ANGLES.map((angle, i) => sql`(${i}::smallint, ${angle}::text)`),
    sql`, `,
  );
  const started = performance.now();
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(count, start + BATCH);
    const rand = random(offset + start + 1);
    const t0 = performance.now();
    const phases: number[] = [];
    await db.transaction(async (tx) => {
      // Bulk work, not a customer's request: its statements may run past a request's timeout
      // (server/db/timeouts.ts).
      await tx.execute(sql`set local statement_timeout = 0`);
      for (let chunk = start; chunk < end; chunk += ROWS_PER_INSERT) {
        const rows: NewProduct[] = [];
        for (let i = chunk; i < Math.min(end, chunk + ROWS_PER_INSERT); i++) rows.push(makeProduct(offset + i, rand));
        await tx.insert(products).values(rows);
      }
      phases.push(performance.now());
      const lo = FIRST_POSITION + Math.floor((offset + start) / CATEGORY_SLUGS.length);
      const hi = FIRST_POSITION + Math.ceil((offset + end) / CATEGORY_SLUGS.length);
      const batch = sql`p.position >= ${lo} and p.position < ${hi}
        and not exists (select 1 from product_sizes s0 where s0.product_id = p.id)`;
      await tx.execute(sql`
        insert into product_images (product_id, position, alt, width, height, source)
        select p.id, a.i, p.name || ', ' || a.angle, 1000, 1000, 'demo:' || k.key || ':' || a.i
        from products p
        join ${keys} on k.slug = p.category_slug and k.n = p.position % k.cnt
        cross join (values ${angles}) as a(i, angle)
        where ${batch}`);
      phases.push(performance.now());
      await tx.execute(sql`
        insert into product_sizes (product_id, size, stock)
        select p.id, s, abs(hashtext(p.id::text || s::text)) % 14
        from products p
        cross join generate_series(37, 46) as s
        where ${batch}
          and (case when p.category_slug like 'men-%' then s between 39 and 46 else s between 37 and 42 end)`);
      phases.push(performance.now());
    });
    const [p1 = t0, p2 = t0, p3 = t0] = phases;
    const ms = (a: number, b: number) => Math.round(b - a);
    log(
      `generated ${end.toLocaleString("en-US")} of ${count.toLocaleString("en-US")} products ` +
        `(products ${ms(t0, p1)} ms, pictures ${ms(p1, p2)} ms, sizes ${ms(p2, p3)} ms, commit ${ms(p3, performance.now())} ms)`,
    );
  }
  // Vacuum too: index-only walks (category pages, sizes) need the visibility map a settled shop has.
  for (const table of ["categories", "products", "product_images", "product_sizes", "search_words"]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  log(`generated ${count.toLocaleString("en-US")} products in ${Math.round(performance.now() - started)} ms`);
  return count;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { count: { type: "string", default: "100000" } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) throw new Error("--count must be 1 to 5,000,000");
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: path.join(path.resolve(process.env.DATA_DIR ?? "./data"), "pglite"),
  });
  try {
    await seedCategories(database.db);
    await seedDemoCatalogue(database.db);
    await generateCatalogue(database.db, { count, log: (line) => console.log(line) });
  } finally {
    await database.close();
  }
}
