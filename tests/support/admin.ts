// Helpers for the admin tests: an admin made the way the CLI makes one, and small request helpers.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { users } from "#server/db/schema.ts";
import type { AdminProduct, ProductInputBody } from "#shared/admin.ts";
import type { TestApp } from "./app.ts";
import { makeShopper, type Shopper } from "./shoppers.ts";

/**
 * What the admin's product form would send to save `current` at a new price (the price and the
 * discount price both), everything else as it is: for tests of a change reaching the pages and caches.
 */
export function repriced(current: AdminProduct, price: number) {
  return {
    name: current.name,
    description: current.description,
    features: current.features,
    category: current.category,
    colour: current.colour,
    price,
    discountPrice: price,
    sizes: current.sizes.filter((s) => s.offered).map(({ size, stock }) => ({ size, stock })),
  };
}

/** A signed-in admin (a shopper whose role the database says is admin, as create-admin sets it). */
export async function makeAdmin(t: TestApp): Promise<Shopper & { username: string }> {
  const shopper = await makeShopper(t);
  const [row] = await t.database.db
    .update(users)
    .set({ role: "admin" })
    .where(eq(users.id, shopper.id))
    .returning({ username: users.username });
  return { ...shopper, username: row?.username ?? "" };
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

export function call(
  t: TestApp,
  who: { headers: Record<string, string> },
  method: Method,
  url: string,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export function newProduct(overrides: Partial<Record<keyof ProductInputBody, unknown>> = {}): ProductInputBody {
  return {
    name: `Test Oxford ${Math.random().toString(36).slice(2, 8)}`,
    description: "Hand-stitched leather oxford for office and weddings.",
    features: ["Genuine leather", "Rubber sole"],
    category: "men-formal-shoes",
    price: 6000,
    discountPrice: 4500,
    sizes: [
      { size: 40, stock: 5 },
      { size: 41, stock: 2 },
    ],
    ...overrides,
  } as ProductInputBody;
}

export async function picture(format: "jpeg" | "png" | "webp", width = 800, height = 600): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 120, g: 70, b: 40 } } });
  return image[format]().toBuffer();
}
