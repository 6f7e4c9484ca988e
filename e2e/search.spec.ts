// Search that understands a Karachi shopper, in a real browser (issue 15): the filters read from
// the text are chips that remove themselves, dropped words are said, the spec's no-results text
// stays when nothing is left, and the owner edits the synonyms on /admin/synonyms.
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account.ts";
import { expectNoAxeViolations, waitForHydration } from "./support.ts";

const NO_RESULTS = "We couldn't find any products matching your search. Please try a different product name.";

/** Screenshots to look at (.tmp/shots) when SHOTS is set: a phone at 375 px, a desktop at 1280. */
async function shoot(page: Page, name: string) {
  const viewport = page.viewportSize();
  if (!viewport || !process.env.SHOTS) return;
  const width = viewport.width < 768 ? 375 : viewport.width;
  await page.setViewportSize({ width, height: viewport.height });
  await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: false });
  await page.setViewportSize(viewport);
}

test("the filters read from the text are chips; removing one searches without its words", async ({ page }) => {
  await page.goto(`/search?query=${encodeURIComponent("ladies heels 38 under 6000")}`);
  const chips = page.getByRole("list", { name: "Filters read from your search" });
  await expect(chips.getByRole("link")).toHaveText(["Size 38", "Under Rs.6,000", "Women"]);
  await expect(page.getByText(/\d+ shoes?/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "search-understood");
  await chips.getByRole("link", { name: "Remove filter: Size 38" }).click();
  await expect(page).toHaveURL(/query=ladies\+heels\+under\+6000$/);
  await expect(chips.getByRole("link")).toHaveText(["Under Rs.6,000", "Women"]);
});

test("words that match nothing are dropped and said; nothing left keeps the spec's text", async ({ page }) => {
  await page.goto("/search?query=zzqq%20heels");
  await expect(page.getByRole("status").filter({ hasText: "No results for" })).toHaveText(
    "No results for “zzqq”; showing heels",
  );
  await shoot(page, "search-dropped");
  await page.goto("/search?query=zzqq%20xxvv");
  await expect(page.getByText(NO_RESULTS)).toBeVisible();
});

test("paging keeps the search", async ({ page }) => {
  await page.goto("/search?query=shoes");
  await waitForHydration(page);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await pages.getByRole("link", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/query=shoes&page=2/);
  await expect(pages.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
});

test("the owner adds, edits and deletes a synonym, and the search reads it", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin/synonyms");
  await waitForHydration(page);
  await expect(page.getByRole("list", { name: "Synonyms" }).getByText("joota", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "admin-synonyms");

  await page.getByLabel("Word", { exact: true }).fill("qqxx");
  await page.getByLabel("Means").fill("peshawari, chappal");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved: “qqxx” means peshawari, chappal.")).toBeVisible();
  await page.getByRole("button", { name: "Edit qqxx" }).click();
  await expect(page.getByLabel("Means")).toHaveValue("peshawari, chappal");
  await page.getByLabel("Means").fill("chappal; <b>");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("1 to 80 characters");

  const search = await page.context().newPage();
  await search.goto("/search?query=qqxx");
  await expect(search.getByRole("heading", { level: 2 }).first()).toContainText(/chappal/i);
  await search.close();

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Delete qqxx" }).click();
  await expect(page.getByText("Deleted “qqxx”.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete qqxx" })).toHaveCount(0);
});
