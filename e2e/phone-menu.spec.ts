// The phone menu is a <dialog> shown as a popover (decision 055): the browser puts it on top and
// closes it on Escape, as a modal's, but the page behind is made inert a task after the open menu is
// painted, not in the tap's own task (`showModal()` restyled the whole page there: 80-130 ms of the
// tap on a list page at 4x CPU). Until then the menu, which covers the screen, takes every press.
// A browser without popovers opens it as the modal it was.
import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support.ts";

const menuButton = (page: Page) => page.getByRole("button", { name: "Open menu" });

/** What the tap's own frame shows, read in a frame callback asked for right after the tap. */
function tapAndReadItsFrame(page: Page) {
  return page.evaluate(async () => {
    document.querySelector<HTMLButtonElement>("button[aria-label='Open menu']")?.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const sheet = document.querySelector("dialog[aria-labelledby=mobile-menu-title]");
    return {
      shown: sheet?.checkVisibility() ?? false,
      focusInside: sheet?.contains(document.activeElement) ?? false,
      inert: document.querySelectorAll("[inert]").length,
      held: document.documentElement.hasAttribute("data-modal-open"),
    };
  });
}

test("the menu shows in the tap's frame, the page behind is inert from the next task, and closing undoes it all", async ({
  page,
}) => {
  await page.goto("/men");
  await waitForHydration(page);
  const inFrame = await tapAndReadItsFrame(page);
  expect(inFrame).toEqual({ shown: true, focusInside: true, inert: 0, held: true });
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  // Everything but the menu and the elements that hold it: the header's other controls, the page,
  // the footer, the floating links.
  await expect.poll(() => page.locator("[inert]").count()).toBeGreaterThan(3);
  for (const region of ["main", "footer"])
    expect(await page.locator(region).evaluate((element) => element.closest("[inert]") !== null), region).toBe(true);
  expect(await menu.evaluate((sheet) => sheet.closest("[inert]"))).toBeNull();

  // A tap on the dimmed part closes the menu and reaches nothing behind it.
  const before = page.url();
  await page.touchscreen.tap(390, 700);
  await expect(menu).toBeHidden();
  expect(page.url()).toBe(before);
  await expect(page.locator("[inert]")).toHaveCount(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-modal-open");
  await expect(menuButton(page)).toBeFocused();

  // Opened, closed and opened again within one frame: the first opening's late task makes nothing
  // inert, and closing the second leaves nothing inert.
  await page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>("button[aria-label='Open menu']");
    button?.click();
    document.querySelector<HTMLElement>("dialog[aria-labelledby=mobile-menu-title]")?.hidePopover();
    button?.click();
  });
  await expect(menu).toBeVisible();
  await expect.poll(() => page.locator("[inert]").count()).toBeGreaterThan(3);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  await expect(page.locator("[inert]")).toHaveCount(0);
});

test("Escape pressed as the menu shows closes it on a slow phone, and the focus goes back to its button", async ({
  page,
}) => {
  await page.goto("/women");
  await waitForHydration(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  const menu = page.getByRole("dialog", { name: "Menu" });
  for (let time = 0; time < 3; time++) {
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(page.locator("[inert]")).toHaveCount(0);
  }
  // A link in it navigates and closes it; nothing stays inert on the next page.
  await menuButton(page).click();
  await menu.getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(menu).toBeHidden();
  await expect(page.locator("[inert]")).toHaveCount(0);
  // The new page's heading takes the focus (use-route-focus.ts): nothing inert was left to refuse it.
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
});

test("a browser without popovers opens the menu as a modal dialog", async ({ page }) => {
  await page.addInitScript(() => {
    // As a browser from before popovers (Chrome 113, Safari 16) has it.
    delete (HTMLElement.prototype as Partial<HTMLElement>).showPopover;
    delete (HTMLElement.prototype as Partial<HTMLElement>).hidePopover;
  });
  await page.goto("/men");
  await waitForHydration(page);
  await menuButton(page).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  expect(await menu.evaluate((sheet) => sheet.matches(":modal"))).toBe(true);
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
});
