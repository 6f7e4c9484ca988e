// An error page reached by a link names itself in the tab's title, as on a whole load. The titles of
// error pages were <title>s drawn in the page: React hoists one into <head> on the server, Preact in
// the browser (decision 048) leaves it in the body, and a route's meta could put another title first
// ("No product found." without the shop's name). They are route meta now (errorPageMeta).
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support.ts";

test("an error page reached by a link, and a page that does not exist, say so in the tab's title", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const homeTitle = await page.title();
  expect(homeTitle).toContain("Karachi Shoe Shop");

  // The shop fails on a product's data (a 500 from the server).
  const productData = /\/products\/[^/]+\.data/;
  await page.route(productData, (route) =>
    route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
  );
  await page.locator('main a[href^="/products/"]').first().click();
  await expect(page.getByRole("alert")).toContainText("Error:");
  await expect(page).toHaveTitle("Error | Karachi Shoe Shop");
  await page.unroute(productData);
  await page.goBack();
  await expect(page.getByRole("alert")).toBeHidden();
  await expect(page).toHaveTitle(homeTitle);

  // The shop away (503) while the shopper follows the footer's link to the size guide.
  await page.route(/\/size-guide\.data/, (route) =>
    route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" }),
  );
  await page.getByRole("contentinfo").getByRole("link", { name: "Size Guide" }).click();
  await expect(page.getByRole("alert")).toHaveText("The shop is briefly unavailable. Please try again in a moment.");
  await expect(page).toHaveTitle("We'll be right back | Karachi Shoe Shop");
  await page.goBack();
  await expect(page).toHaveTitle(homeTitle);

  // Links to a product that is gone and to a page that does not exist, followed by the router as the
  // shop's own links are. The product's said "No product found." without the shop's name: the route's
  // meta gave that title, and the page's own (with the name) came second.
  const follow = async (href: string) => {
    await page.evaluate((to) => {
      const link = document.createElement("a");
      link.href = to;
      link.dataset.lightLink = "";
      link.textContent = `An old link to ${to}`;
      document.querySelector("main")?.prepend(link);
    }, href);
    await page.getByRole("link", { name: `An old link to ${href}` }).click();
  };
  await follow("/products/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "No product found." })).toBeVisible();
  await expect(page).toHaveTitle("No product found. | Karachi Shoe Shop");
  await follow("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found | Karachi Shoe Shop");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveTitle(homeTitle);
});
