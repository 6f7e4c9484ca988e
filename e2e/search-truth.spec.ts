// Search that tells the truth (decision 025): the page and the search box say the shop sells
// nothing of the kind, the closest pairs show apart when nothing is within the price, and the owner marks a missed word "not sold" in one step on /admin/searches.
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account.ts";
import { sidewaysOverflow } from "./layout-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

test("the owner marks a missed word 'not sold' in one step, and the search then says so", async ({ page }) => {
  // A word made for this run, so a repeated run finds it missed again.
  const word = `qq${Date.now()
    .toString(36)
    .replace(/[^a-z]/g, "")}x`;
  await page.goto(`/search?query=${word}`);
  await expect(page.getByText(`Nothing in the shop matches “${word}”.`, { exact: false })).toBeVisible();

  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin/searches");
  await waitForHydration(page);
  const row = page.getByRole("listitem").filter({ hasText: `“${word}”` });
  await expect(row).toContainText("Left out:");
  await expectNoAxeViolations(page);
  await shoot(page, `admin-searches-${test.info().project.name}`);
  await row.getByLabel(`Kind of “${word}”`).selectOption("brand");
  await row.getByRole("button", { name: "Not sold" }).click();
  await expect(page.getByText(`Saved: the shop does not sell “${word}”.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Not sold" }).getByText(word)).toBeVisible();

  await page.goto(`/search?query=${word}`);
  await expect(page.getByText(`We don't carry ${word}`)).toBeVisible();
  await shoot(page, `search-not-carried-${test.info().project.name}`);
  await expect(page.getByRole("link", { name: "Men's shoes", exact: true })).toHaveAttribute("href", "/men");
});

test("nothing under the price asked for: the closest pairs, apart, with what differs said", async ({ page }) => {
  await page.goto("/search?query=peshawari%20under%201000");
  await waitForHydration(page);
  await expect(page.getByText("We couldn't find any products matching your search.", { exact: false })).toBeVisible();
  const closest = page.getByRole("region", { name: /^Nothing under Rs\.1,000; the closest from Rs\.[\d,]+$/ });
  await expect(closest).toBeVisible();
  await expect(closest.getByRole("link").first()).toBeVisible();
  // The cards are the closest only: the results' own count stays at none.
  await expect(page.getByText("0 shoes", { exact: true })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
  await shoot(page, `search-nearest-${test.info().project.name}`);
});
