import { expect, test } from "@playwright/test";

test("the home page hydrates under the Content-Security-Policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-/);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  expect(violations).toEqual([]);
});
