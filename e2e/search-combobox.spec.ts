// The header's search box with instant results: the WAI-ARIA combobox by keyboard, mouse and screen
// reader, on a phone (the icon opens a panel) and on a desktop (the box sits in the header).
import { expect, type Locator, type Page, test } from "@playwright/test";
import { sidewaysOverflow } from "./layout-support.ts";
import { expectNoAxeViolations, waitForHydration } from "./support.ts";

/** The header's combobox, ready to type in: on a phone the search icon opens its panel first. */
async function openSearch(page: Page, path = "/"): Promise<Locator> {
  await page.goto(path);
  await waitForHydration(page);
  return focusSearch(page);
}

/** The header's combobox on the page as it is, focused: the icon's panel below 1024 px, else the box. */
async function focusSearch(page: Page): Promise<Locator> {
  const header = page.getByRole("banner");
  const combobox = header.getByRole("combobox", { name: "Search products" });
  // Below 1024 px (lg) the header has the icon; from there on the box itself.
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    // Until the shopper shows interest the icon is the no-JavaScript link to /search; the tap
    // fetches the combobox's code, and the button it becomes opens its panel with the box focused.
    await header.getByRole("link", { name: "Search" }).click();
    const toggle = header.getByRole("button", { name: "Search" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(combobox).toBeFocused();
    await expect(page).not.toHaveURL(/\/search/);
  } else {
    // The plain box until the shopper points at it or focuses it; then the combobox, still focused.
    // The pointer reaching the box can swap it for the combobox before the click lands (its code is
    // cached after a first search), so the click goes to whichever of the two is there.
    await header.getByRole("textbox", { name: "Search products" }).or(combobox).click();
    await expect(combobox).toBeFocused();
  }
  return combobox;
}

function listboxOf(page: Page, combobox: Locator) {
  return combobox.getAttribute("aria-controls").then((id) => {
    expect(id).toBeTruthy();
    return page.locator(`[id="${id}"]`);
  });
}

test("typing shows the first 5 results with picture and price, announced to screen readers", async ({ page }) => {
  const combobox = await openSearch(page);
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await expect(combobox).toHaveAttribute("aria-autocomplete", "list");
  const listbox = await listboxOf(page, combobox);
  await expect(listbox).toHaveRole("listbox");

  // One character looks nothing up.
  await combobox.pressSequentially("h");
  await page.waitForTimeout(400);
  await expect(combobox).toHaveAttribute("aria-expanded", "false");

  await combobox.pressSequentially("eel");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await expect(listbox).toBeVisible();
  const options = listbox.getByRole("option");
  await expect(options).toHaveCount(6);
  const products = options.filter({ hasText: "Rs." });
  await expect(products).toHaveCount(5);
  for (const option of await products.all()) {
    await expect(option.locator("img")).toHaveAttribute("src", /\/images\//);
    await expect(option).toContainText(/Rs\.\s?[\d,]+/);
  }
  await expect(options.last()).toContainText(/See all results/);
  await expect(page.getByRole("banner").getByRole("status").filter({ hasText: /\S/ })).toHaveText("5 results");
  await expectNoAxeViolations(page);
});

test("the arrows move through the options and Enter opens the product", async ({ page }) => {
  const combobox = await openSearch(page);
  await combobox.pressSequentially("chappal");
  const listbox = await listboxOf(page, combobox);
  const options = listbox.getByRole("option");
  await expect(options).toHaveCount(6);
  await expect(combobox).not.toHaveAttribute("aria-activedescendant");

  const activeId = () => combobox.getAttribute("aria-activedescendant");
  await combobox.press("ArrowDown");
  expect(await activeId()).toBe(await options.nth(0).getAttribute("id"));
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await combobox.press("ArrowDown");
  expect(await activeId()).toBe(await options.nth(1).getAttribute("id"));
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await combobox.press("ArrowUp");
  await combobox.press("ArrowUp");
  // Up from the first option wraps to the last: 'See all results'.
  expect(await activeId()).toBe(await options.nth(5).getAttribute("id"));
  await combobox.press("ArrowDown");
  expect(await activeId()).toBe(await options.nth(0).getAttribute("id"));
  await expect(combobox).toBeFocused();

  const name = (await options.nth(0).locator("div.truncate").textContent()) ?? "";
  await combobox.press("Enter");
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(name);
});

test("Escape closes the results, a second Escape clears the box, Tab leaves", async ({ page }) => {
  const combobox = await openSearch(page);
  await combobox.pressSequentially("khussa");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await combobox.press("ArrowDown");
  await combobox.press("Escape");
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await expect(combobox).not.toHaveAttribute("aria-activedescendant");
  await expect(combobox).toHaveValue("khussa");
  // Down opens the results again.
  await combobox.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await combobox.press("Escape");
  await combobox.press("Escape");
  await expect(combobox).toHaveValue("");
  await expect(combobox).toBeFocused();

  await combobox.pressSequentially("khussa");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await combobox.press("Tab");
  await expect(combobox).not.toBeFocused();
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
});

test("'See all results' and Enter without an option lead to the search page", async ({ page }) => {
  let combobox = await openSearch(page);
  await combobox.pressSequentially("chappal");
  const listbox = await listboxOf(page, combobox);
  await listbox.getByRole("option", { name: /See all results/ }).click();
  await expect(page).toHaveURL(/\/search\?query=chappal$/);
  await expect(page.getByRole("main").getByRole("article").first()).toContainText(/chappal/i);

  combobox = await openSearch(page);
  await combobox.pressSequentially("black loafer");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await combobox.press("Enter");
  await expect(page).toHaveURL(/\/search\?query=black%20loafer$/);
});

test("a click on a result opens it; a query that finds nothing says so", async ({ page }) => {
  const combobox = await openSearch(page);
  await combobox.pressSequentially("zzqqxx");
  const listbox = await listboxOf(page, combobox);
  await expect(page.getByText("No products match “zzqqxx”.")).toBeVisible();
  // The same truth as the search page (decision 025): the words match nothing in the shop.
  const truth = "Nothing in the shop matches “zzqqxx”. We sell men's and women's shoes.";
  await expect(page.getByRole("banner").getByText(truth, { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("status").filter({ hasText: /\S/ })).toHaveText(
    `No results. ${truth}`,
  );
  await expect(listbox.getByRole("option")).toHaveCount(1);

  await combobox.fill("peshawari");
  const first = listbox.getByRole("option").first();
  await expect(first).toContainText(/peshawari/i);
  const name = (await first.locator("div.truncate").textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(name);
});

test("fast typing asks once the typing pauses, not per keystroke", async ({ page }) => {
  const combobox = await openSearch(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/search/instant"))
      asked.push(new URL(request.url()).searchParams.get("query") ?? "");
  });
  await combobox.pressSequentially("peshawari", { delay: 20 });
  // The question for the whole word comes once typing stops; on a busy machine that can be later
  // than the debounce, so wait for it rather than for a fixed time (CI once saw none after 400 ms).
  await expect.poll(() => asked.at(-1)).toBe("peshawari");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  // Eight texts of two letters or more were typed 20 ms apart; per keystroke that is eight questions.
  // A busy test machine may let a pause or two pass 150 ms, not more.
  expect(asked.length).toBeLessThanOrEqual(3);
});

test("an answer for older text that arrives late is cancelled, never shown", async ({ page }) => {
  const combobox = await openSearch(page);
  let slowAsked = false;
  let slowOutcome: "cancelled" | "answered" | undefined;
  const isSlow = (address: string) => {
    const url = new URL(address);
    return url.pathname === "/api/search/instant" && url.searchParams.get("query") === "sa";
  };
  page.on("requestfailed", (request) => {
    if (isSlow(request.url())) slowOutcome = "cancelled";
  });
  page.on("requestfinished", (request) => {
    if (isSlow(request.url())) slowOutcome = "answered";
  });
  // The answer for "sa" takes 2 s and would say there is nothing; "sandal" answers at once.
  await page.route(
    (url) => url.pathname === "/api/search/instant" && url.searchParams.get("query") === "sa",
    async (route) => {
      slowAsked = true;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.fulfill({ json: { query: "sa", products: [], total: 0 } }).catch(() => {});
    },
  );
  await combobox.pressSequentially("sa");
  await expect.poll(() => slowAsked).toBe(true);
  await combobox.pressSequentially("ndal");
  const options = (await listboxOf(page, combobox)).getByRole("option");
  await expect(options).toHaveCount(6);
  // Rather than wait out the 2 s: the browser dropped the question for "sa" (the list can never
  // show its answer), and had it not, its answer arriving would fail this.
  await expect.poll(() => slowOutcome).toBe("cancelled");
  await expect(options).toHaveCount(6);
  await expect(page.getByText(/No products match/)).toBeHidden();
});

test("nothing scrolls sideways with the results open", async ({ page }, testInfo) => {
  const widths = testInfo.project.name === "phone" ? [320, 375] : [768, 1280];
  let combobox: Locator | undefined;
  let wasWide: boolean | undefined;
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
    // Loaded at the project's first width; the next is the same page resized, as a phone turned or
    // a window widened. Where the header's search changes form (the icon's panel below 1024 px, the
    // box from there on), the search of the new form is opened and typed in as on a fresh page.
    const wide = width >= 1024;
    if (!combobox) combobox = await openSearch(page);
    else if (wide !== wasWide) combobox = await focusSearch(page);
    if (wide !== wasWide) await combobox.pressSequentially("sandal");
    wasWide = wide;
    await expect(combobox).toHaveAttribute("aria-expanded", "true");
    const products = (await listboxOf(page, combobox)).getByRole("option").filter({ hasText: "Rs." });
    await expect(products).toHaveCount(5);
    // The thumbnails decoded, so a screenshot shows them.
    await expect
      .poll(() =>
        products.locator("img").evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)),
      )
      .toBe(true);
    expect(await sidewaysOverflow(page), `${width} px`).toBe(0);
    if (process.env.SHOTS) await page.screenshot({ path: `.tmp/shots/search-combobox-${width}.png` });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's box submits to the search page; below 1024 px the icon links there", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    if ((page.viewportSize()?.width ?? 0) < 1024) {
      await header.getByRole("link", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/search$/);
    } else {
      const box = header.getByRole("textbox", { name: "Search products" });
      await box.fill("khussa");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\?query=khussa$/);
      await expect(page.getByRole("main").getByRole("article").first()).toContainText(/khussa/i);
    }
  });
});
