// Back after 'Load more' (issue 29): a shopper who loaded a second page, opened a shoe from it and
// pressed Back finds the list as it was, every page loaded so far in order, at the same scroll
// position; a refresh keeps them too, and the range is an address the server renders.
import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support.ts";

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const names = (page: Page) => cards(page).getByRole("heading").allTextContents();
const count = (page: Page) => page.getByRole("main").getByText(/^\d+ shoes?$/);
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The list's `index`th shoe, scrolled to as a shopper would, then opened: where the list stood. */
async function openScrolledTo(page: Page, index: number) {
  const chosen = cards(page).nth(index);
  await chosen.evaluate((card) => card.scrollIntoView({ block: "center", behavior: "instant" }));
  const at = await scrollY(page);
  expect(at).toBeGreaterThan(500);
  const name = (await chosen.getByRole("heading").textContent()) ?? "";
  await chosen.getByRole("link").first().click();
  // Generous: a product's first visit renders its pictures, slow on a loaded 2-core machine.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name, { timeout: 45_000 });
  return { chosen, at };
}

/**
 * The list is back where it stood (restored smoothly, as the page scrolls; on a loaded machine it
 * can pass the spot while the page is still growing, then settle on it).
 */
const expectScrolledTo = (page: Page, at: number) =>
  expect.poll(async () => Math.abs((await scrollY(page)) - at)).toBeLessThanOrEqual(4);

// Lists of more than 24 shoes in the demo catalogue: the overview's list, a size, a search.
for (const path of ["/men?page=1", "/buy/42", "/search?query=shoes"]) {
  test(`${path}: Back from a shoe opened after Load more shows both pages where the shopper left them`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(24);
    const twoPages = Math.min(48, Number((await count(page).textContent())?.replace(/\D/g, "")));
    expect(twoPages).toBeGreaterThan(30);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(cards(page)).toHaveCount(twoPages);
    const before = await names(page);

    // A shoe of the second page.
    const { chosen, at } = await openScrolledTo(page, 30);

    await page.goBack();
    await expect(cards(page)).toHaveCount(twoPages);
    expect(await names(page)).toEqual(before);
    // React Router restores the position once the list is drawn.
    await expectScrolledTo(page, at);
    await expect(chosen).toBeInViewport();

    // A refresh is the same address: the server renders both pages, with no page before them.
    await page.reload();
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(twoPages);
    expect(await names(page)).toEqual(before);
    await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });
}

test("without JavaScript a range address is a list the server renders, with page links", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Other specs buy shoes in size 42 on the same shop, so the pages are counted, not assumed.
  const shownOn = async (address: string) => {
    await page.goto(address);
    return cards(page).count();
  };
  const expected = (await shownOn("/buy/42?page=2")) + (await shownOn("/buy/42?page=3"));
  expect(expected).toBeGreaterThan(24);
  await page.goto("/buy/42?page=2-3");
  await expect(cards(page)).toHaveCount(expected);
  await expect(page.getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/buy/42");
  await expect(page.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");

  // A range the server will not read is the page's own 400, with the message, never an error screen.
  const response = await page.goto("/buy/42?page=1-40");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("page=1-3");
  await context.close();
});

// Saved positions are read from sessionStorage only when one can be restored (decision 056): a
// tab's first use of it is a synchronous call to the browser's process, before the first paint.
const SAVED_POSITIONS = "react-router-scroll-positions";

test("a first arrival reads no saved positions, and its history entry has a key before the router's", async ({
  page,
}) => {
  await page.addInitScript((key) => {
    const reads: string[] = [];
    (window as unknown as { positionReads: string[] }).positionReads = reads;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, name: string) {
      if (this === window.sessionStorage && name === key) reads.push(document.readyState);
      return getItem.call(this, name);
    };
  }, SAVED_POSITIONS);
  await page.goto("/men");
  await waitForHydration(page);
  expect(await page.evaluate(() => (window as unknown as { positionReads: string[] }).positionReads)).toEqual([]);
  expect(await page.evaluate(() => typeof (history.state as { key?: unknown } | null)?.key)).toBe("string");
});

test("Back to a list from a shoe whose page was reloaded finds the list where the shopper left it", async ({
  page,
}) => {
  await page.goto("/men");
  await waitForHydration(page);
  const { chosen, at } = await openScrolledTo(page, 12);

  // The reload ends the document that kept the list's position in memory: the position is saved in
  // the tab's storage as the page goes, and Back (Chromium stays in the reloaded document) reads it.
  await page.reload();
  await waitForHydration(page);
  await page.goBack();
  await waitForHydration(page);
  await expectScrolledTo(page, at);
  await expect(chosen).toBeInViewport();
  expect(
    await page.evaluate((key) => Object.keys(JSON.parse(sessionStorage.getItem(key) ?? "{}")).length, SAVED_POSITIONS),
  ).toBeGreaterThanOrEqual(2);

  // A reload of the list itself: its entry has a key, so the script puts it back before the first paint.
  await page.reload();
  await waitForHydration(page);
  await expectScrolledTo(page, at);
});
