// First-start data: the ten categories always (they are part of the product, docs/product.md
// section 7), and the demo catalogue when the shop has no products yet.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { CATEGORIES } from "#shared/categories.ts";
import { BrokenPromise } from "../broken-promise.ts";
import { drawProductImage } from "../catalog/artwork/product-image.ts";
import { DEMO_PRODUCTS, type DemoProduct } from "../catalog/demo/demo-catalogue.ts";
import type { Db } from "../db/client.ts";
import { categories, productImages, productSizes, products } from "../db/schema.ts";

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
    // Lock so two instances starting together cannot both seed. Waiting for the other's seed may
    // take longer than a request's statement may (server/db/timeouts.ts): not a request.
    await tx.execute(sql`set local statement_timeout = 0`);
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
          tags: item.tags,
          position,
        })
        .returning({ id: products.id });
      if (!row) throw new BrokenPromise(`Could not insert ${item.key}`);
      await tx.insert(productImages).values(
        ANGLE_NAMES.map((angle, index) => ({
          id: demoImageId(item, index as 0 | 1 | 2 | 3),
          productId: row.id,
          position: index,
          alt: `${item.name}, ${angle}`,
          width: 1000,
          height: 1000,
          source: `demo:${item.key}:${index}`,
        })),
      );
      // The back-in-stock trigger on product_sizes (migration 0021) runs once for this statement and
      // finds nobody waiting in a shop being seeded.
      await tx
        .insert(productSizes)
        .values(Object.entries(item.sizes).map(([size, stock]) => ({ productId: row.id, size: Number(size), stock })));
    }
    return demo.length;
  });
}

/**
 * A demo picture's id named by its drawing: every shop seeded with the same drawing gives it the same
 * id, and a changed drawing a new one ("an image id never changes its pixels", server/catalog/images.ts).
 * So shops that share an image store (the test suite's shards and passes, instances seeded apart)
 * render each demo variant once, and a data folder from an older drawing is never shown for a new one.
 */
export function demoImageId(item: DemoProduct, angle: 0 | 1 | 2 | 3): string {
  const hex = createHash("sha256").update(drawProductImage(item.look, angle)).digest("hex");
  // An RFC 9562 name-based layout: version 5, variant 10.
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
