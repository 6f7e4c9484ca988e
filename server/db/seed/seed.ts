// First-start data: the ten categories always (they are part of the product, docs/product.md
// section 7), and the demo catalogue when the shop has no products yet.
import { sql } from "drizzle-orm";
import { CATEGORIES } from "#shared/categories.ts";
import type { Db } from "../client.ts";
import { categories, productImages, productSizes, products } from "../schema.ts";
import { DEMO_PRODUCTS, type DemoProduct } from "./demo-catalogue.ts";

const ANGLE_NAMES = ["side view", "three-quarter view", "top view", "close-up"] as const;

export async function seedCategories(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, position) => ({ slug: c.slug, gender: c.gender, name: c.name, position })))
    .onConflictDoUpdate({
      target: categories.slug,
      set: { name: sql`excluded.name`, gender: sql`excluded.gender`, position: sql`excluded.position` },
    });
}

/** Adds the demo catalogue to an empty shop; answers how many products it added. */
export async function seedDemoCatalogue(db: Db, demo: readonly DemoProduct[] = DEMO_PRODUCTS): Promise<number> {
  return db.transaction(async (tx) => {
    // Lock so two instances starting together cannot both seed.
    await tx.execute(sql`lock table products in exclusive mode`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(products);
    if ((existing?.n ?? 0) > 0) return 0;
    const positions = new Map<string, number>();
    for (const item of demo) {
      const position = positions.get(item.category) ?? 0;
      positions.set(item.category, position + 1);
      const [row] = await tx
        .insert(products)
        .values({
          categorySlug: item.category,
          name: item.name,
          description: item.description,
          features: item.features,
          price: item.price,
          discountPrice: item.discountPrice,
          colour: item.colour,
          fitNote: item.fitNote,
          position,
        })
        .returning({ id: products.id });
      if (!row) throw new Error(`Could not insert ${item.key}`);
      await tx.insert(productImages).values(
        ANGLE_NAMES.map((angle, index) => ({
          productId: row.id,
          position: index,
          alt: `${item.name}, ${angle}`,
          width: 1000,
          height: 1000,
          source: `demo:${item.key}:${index}`,
        })),
      );
      await tx
        .insert(productSizes)
        .values(Object.entries(item.sizes).map(([size, stock]) => ({ productId: row.id, size: Number(size), stock })));
    }
    return demo.length;
  });
}
