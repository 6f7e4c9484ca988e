import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { Product, ProductList } from "../shared/catalog.ts";
import { CATEGORY_SLUGS } from "../shared/categories.ts";

export async function waitForHydration(page: Page): Promise<void> {
  // Generous: a loaded CI machine can take several seconds to download and run the bundles.
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached({ timeout: 15_000 });
}

export async function allProducts(page: Page): Promise<Product[]> {
  const lists = await Promise.all(
    CATEGORY_SLUGS.map(
      async (slug) => (await (await page.request.get(`/api/products?category=${slug}`)).json()) as ProductList,
    ),
  );
  return lists.flatMap((list) => list.products);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}
