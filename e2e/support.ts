import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { Product, ProductList } from "../shared/catalog.ts";
import { CATEGORY_SLUGS } from "../shared/categories.ts";
import { orderNumber } from "../shared/orders.ts";

/** Where the shop under test writes its mails (playwright.config.ts sets the data folder). */
const outbox = path.resolve(import.meta.dirname, "..", process.env.E2E_DATA_DIR ?? "missing-data-dir", "outbox");

export async function waitForHydration(page: Page): Promise<void> {
  // Asked of the page at each frame: an expect() on a locator polls at 20, 50, 100, 100 ms and then
  // every 500 ms, so it saw a page hydrated 0.3 s after it was on average (18 loads: 19.1 s against
  // 13.8 s). Generous: a loaded CI machine can take several seconds to download and run the bundles.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
    timeout: 15_000,
  });
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
  // axe.run() in the page itself. The default (axe.runPartial() per frame, then axe.finishRun() in a
  // blank page it opens and injects axe into again) exists for cross-origin frames, and the shop's
  // pages have none: the same rules and results (counted on six pages), in 44% less time (12 runs:
  // 46.6 s against 26.0 s on the 2-core machine).
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

/** The confirmation link in the order mail of `orderId` to `email`, as a path of this shop. */
export function confirmLinkFor(email: string, orderId: string): Promise<string> {
  return mailedLinkFor(email, orderId, "/confirm-order");
}

/** The link to `page` (?token=…) in a mail of `orderId` to `email`, as a path of this shop. */
export async function mailedLinkFor(email: string, orderId: string, page: string): Promise<string> {
  const pattern = new RegExp(`${page.replace(/[/-]/g, "\\$&")}\\?token=[A-Za-z0-9._-]+`);
  let link: string | undefined;
  await expect(async () => {
    for (const name of (await readdir(outbox)).filter((n) => n.endsWith(".eml"))) {
      // Undo quoted-printable soft line breaks and '=' escapes.
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`) || !text.includes(orderNumber(orderId))) continue;
      link = pattern.exec(text)?.[0];
      if (link) break;
    }
    expect(link, `the mail of ${orderNumber(orderId)} to ${email} with ${page}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return link as string;
}

/**
 * A full-page screenshot to look at (not compared), in .tmp/shots, when SHOTS is set
 * (`SHOTS=1 npx playwright test …`): a person checks what the tests only measure. CI does not pay
 * for them.
 */
export async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!process.env.SHOTS) return;
  await mkdir(".tmp/shots", { recursive: true });
  // From the top, so the sticky header is not painted over the middle of a full page.
  if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: `.tmp/shots/${name}.png`, fullPage });
}

/** The whole rupees of each card's price paid (the "now" price when discounted), in the order shown. */
export async function pricesShown(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole("main")
    .getByRole("article")
    .evaluateAll((articles) =>
      articles.map(
        (a) => [...a.querySelectorAll("p")].find((p) => p.textContent?.startsWith("Price:"))?.textContent ?? "",
      ),
    );
  return texts.map((text) => {
    const paid = /now\s*Rs\.\s?(\d{1,3}(?:,\d{3})*)/.exec(text) ?? /^Price:\s*Rs\.\s?(\d{1,3}(?:,\d{3})*)/.exec(text);
    return Number(paid?.[1]?.replace(/,/g, "") ?? Number.NaN);
  });
}

/**
 * The cards come to be in price order, `count` of them when given (else more than two). Retried:
 * React Router changes the address before React has drawn the new list (its update runs in a
 * transition), so a list read the moment the address matches can still be the one before.
 */
export async function expectPricesInOrder(page: Page, order: "asc" | "desc", count?: number): Promise<void> {
  await expect(async () => {
    const prices = await pricesShown(page);
    if (count === undefined) expect(prices.length).toBeGreaterThan(2);
    else expect(prices).toHaveLength(count);
    expect(prices).toEqual([...prices].sort((a, b) => (order === "asc" ? a - b : b - a)));
  }).toPass({ timeout: 10_000 });
}
