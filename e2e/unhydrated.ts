// Pages as a slow phone shows them before React has taken over: the server's HTML, with the app's
// scripts held back until the test releases them, so "before hydration" does not depend on the
// machine's speed (e2e/early-taps.spec.ts, e2e/early-forms.spec.ts).
import { expect, type Locator, type Page, type Route } from "@playwright/test";

/** Holds every script the page asks for until `release()`: the page stays server HTML only. */
export async function holdScripts(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route("**/assets/**/*.js", async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Opens `path` with its scripts held; returns the release once the given control is on screen. */
export async function openUnhydrated(page: Page, path: string, control: Locator): Promise<() => Promise<void>> {
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: "commit" });
  await expect(control).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  return () => scripts.release();
}

/** A phone taps, a desktop clicks: the same handler either way. */
export async function tapOrClick(control: Locator, isMobile: boolean): Promise<void> {
  if (isMobile) await control.tap();
  else await control.click();
}
