// The page hydrates in slices (issue 54, docs/decisions/049-hydration-in-slices.md): the header, the
// page's content, the footer and smaller parts each take over the server's HTML in a task of their
// own. A tap inside a part that still waits is noted by the head's script and replayed once every
// part is hydrated; a tap inside a part already hydrated is the app's alone. Nothing in the style
// sheet may restyle the whole page at each node inserted (a `:has()` on <html> or <body>), and the
// marks that replaced those rules follow the focus and the phone menu.
import { expect, type Page, test } from "@playwright/test";
import { allProducts, waitForHydration } from "./support.ts";
import { openUnhydrated } from "./unhydrated.ts";

const MARK = "data-hydrate-later";

const sizeButton = (page: Page, size: number) => page.getByRole("button", { name: `Size ${size}`, exact: true });

async function productAndSize(page: Page): Promise<{ id: string; size: number }> {
  const product = (await allProducts(page)).find((p) => p.sizes.filter((s) => s.stock >= 3).length >= 2);
  if (!product) throw new Error("the demo catalogue has a product with two sizes in stock");
  return { id: product._id, size: product.sizes.filter((s) => s.stock >= 3)[1]?.size as number };
}

/** What the head's script hands over, named by each element's label or text. */
function takeNoted(page: Page, partsWait: boolean): Promise<string[]> {
  return page.evaluate(
    (wait) =>
      (window.takeEarlyTaps?.(wait) ?? []).map(
        (act) => act.element.getAttribute("aria-label") ?? act.element.textContent?.trim() ?? "",
      ),
    partsWait,
  );
}

test("a tap inside a part still waiting is noted for the replay; one inside a hydrated part is the app's", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "phone", "the phone menu's button is the header's button on a phone");
  const { id, size } = await productAndSize(page);
  // The app's scripts held: the test plays the document's hydration itself, on the real script.
  await openUnhydrated(page, `/products/${id}`, sizeButton(page, size));
  expect(await takeNoted(page, true)).toEqual([]);
  // The header's part hydrated; the page's content still waits.
  await page
    .locator(`header`)
    .locator("xpath=..")
    .evaluate((wrapper, mark) => wrapper.removeAttribute(mark), MARK);
  await expect(page.locator(`main [${MARK}]`).first()).toBeAttached();

  await page.getByRole("button", { name: "Open menu" }).tap();
  await sizeButton(page, size).tap();
  // The waiting size shows chosen at once, as before any hydration.
  await expect(sizeButton(page, size)).toHaveAttribute("aria-pressed", "true");

  expect(await takeNoted(page, false)).toEqual([`Size ${size}`]);
  await sizeButton(page, size).tap();
  expect(await takeNoted(page, false)).toEqual([]);
});

test("every part is hydrated before the page is marked hydrated", async ({ page }) => {
  const { id } = await productAndSize(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        const element = change.target as Element;
        if (change.attributeName === "data-hydrate-later" && !element.hasAttribute("data-hydrate-later"))
          seen.push("part");
        if (change.attributeName === "data-hydrated") seen.push("page");
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrate-later", "data-hydrated"] });
  });
  await page.goto(`/products/${id}`);
  await waitForHydration(page);
  await expect(page.locator(`[${MARK}]`)).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  // The header, the floating links, the page, the footer, the menus' lists and the grids.
  expect(seen.filter((what) => what === "part").length).toBeGreaterThanOrEqual(6);
  expect(seen.at(-1)).toBe("page");
  expect(seen.filter((what) => what === "page")).toHaveLength(1);
});

test("no rule of the style sheet looks into <html> or <body> with :has() while scripts run", async ({ page }) => {
  await page.goto("/men");
  const offenders = await page.evaluate(() => {
    const found: string[] = [];
    const walk = (rules: CSSRuleList, noScripts: boolean) => {
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule)
          walk(rule.cssRules, noScripts || rule.conditionText.includes("scripting: none"));
        else if (rule instanceof CSSGroupingRule) walk(rule.cssRules, noScripts);
        else if (rule instanceof CSSStyleRule && !noScripts) {
          const roots = rule.selectorText
            .split(",")
            .filter((part) => /^\s*(html|body|:root)\b[^\s>+~]*:has\(/.test(part));
          if (roots.length > 0) found.push(rule.selectorText);
        }
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
    return found;
  });
  expect(offenders).toEqual([]);
});

test("the marks that replaced them follow the focus and the phone menu", async ({ page }, info) => {
  test.skip(info.project.name !== "phone", "the floating bar and the phone menu are a phone's");
  await page.goto("/sign-up");
  await waitForHydration(page);
  const html = page.locator("html");
  const bar = page.locator(".floating-links");
  await expect(bar).toBeVisible();

  const field = page.getByLabel("Username");
  await field.focus();
  await expect(html).toHaveAttribute("data-typing", "");
  await expect(bar).toBeHidden();
  await field.blur();
  await expect(html).not.toHaveAttribute("data-typing");
  await expect(bar).toBeVisible();

  await page.getByRole("button", { name: "Open menu" }).tap();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await expect(html).toHaveAttribute("data-modal-open", "");
  expect(await html.evaluate((element) => getComputedStyle(element).overflow)).toBe("hidden");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  await expect(html).not.toHaveAttribute("data-modal-open");
});
