// The product page's pictures: swiping on a touch screen, autoplay that pauses while someone looks,
// and a picture that opens large with the size chart's keyboard and focus rules.
import { expect, type Page, test } from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import { allProducts, waitForHydration } from "./support.ts";

/**
 * Opens a product with four pictures and collects every console and page error. `still`: reduced
 * motion, so no autoplay moves a picture under a test that moves them itself.
 */
async function openProduct(page: Page, still = false): Promise<{ product: Product; errors: string[] }> {
  if (still) await page.emulateMedia({ reducedMotion: "reduce" });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const product = (await allProducts(page)).find((p) => p.images.length >= 4);
  if (!product) throw new Error("the demo catalogue has a product with four pictures");
  await page.goto(`/products/${product._id}`);
  await waitForHydration(page);
  return { product, errors };
}

const thumbnail = (page: Page, n: number) => page.getByRole("button", { name: new RegExp(`^Show picture ${n}:`) });
const track = (page: Page) =>
  page
    .getByRole("group", { name: /^Pictures of / })
    .locator("ul")
    .first();

/**
 * A finger drags across the picture from right to left, sent as touch events through the browser's
 * input pipeline, so the browser itself scrolls and snaps the track. `whileTouching` runs after the
 * finger lands.
 */
async function swipeLeft(page: Page, whileTouching?: () => Promise<void>): Promise<void> {
  const box = await track(page).boundingBox();
  if (!box) throw new Error("the pictures are on screen");
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  let x = box.x + box.width * 0.85;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  await whileTouching?.();
  for (let i = 0; i < 12; i++) {
    x -= box.width / 20;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("a swipe on the pictures shows the next one", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "a touch screen");
  const { product, errors } = await openProduct(page, true);
  await expect(thumbnail(page, 1)).toHaveAttribute("aria-current", "true");
  await swipeLeft(page);
  await expect(thumbnail(page, 2)).toHaveAttribute("aria-current", "true");
  const second = page.getByRole("button", { name: `Enlarge picture 2 of ${product.images.length} of ${product.name}` });
  await expect(second).toBeInViewport({ ratio: 1 });
  await swipeLeft(page);
  await expect(thumbnail(page, 3)).toHaveAttribute("aria-current", "true");
  expect(errors).toEqual([]);
});

test("autoplay moves on by itself, and pauses while hovered, touched, off screen or for reduced motion", async ({
  page,
}, testInfo) => {
  const { errors } = await openProduct(page);
  // While it rotates the track is not announced (aria-live off); paused, a change is.
  await expect(track(page)).toHaveAttribute("aria-live", "off");
  await expect(thumbnail(page, 2)).toHaveAttribute("aria-current", "true", { timeout: 15_000 });

  await track(page).hover();
  await expect(track(page)).toHaveAttribute("aria-live", "polite");
  await page.mouse.move(1, 1);
  await expect(track(page)).toHaveAttribute("aria-live", "off");

  // Keyboard focus inside pauses it until focus leaves.
  await page.getByRole("button", { name: "Previous picture" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Next picture" })).toBeFocused();
  await expect(track(page)).toHaveAttribute("aria-live", "polite");
  await page.getByRole("heading", { level: 1 }).click();
  await expect(track(page)).toHaveAttribute("aria-live", "off");

  if (testInfo.project.name === "phone") {
    await swipeLeft(page, () => expect(track(page)).toHaveAttribute("aria-live", "polite"));
    await expect(track(page)).toHaveAttribute("aria-live", "off");
  }

  await page.getByRole("heading", { name: "You may also like" }).scrollIntoViewIfNeeded();
  await expect(track(page)).toHaveAttribute("aria-live", "polite");
  await track(page).scrollIntoViewIfNeeded();
  await expect(track(page)).toHaveAttribute("aria-live", "off");

  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect(track(page)).toHaveAttribute("aria-live", "polite");
  expect(errors).toEqual([]);
});

test("arrows and thumbnails work from the keyboard, and a picture opens large and closes with Esc", async ({
  page,
}) => {
  const { product, errors } = await openProduct(page, true);
  const count = product.images.length;

  await page.getByRole("button", { name: "Next picture" }).focus();
  await page.keyboard.press("Enter");
  await expect(thumbnail(page, 2)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Previous picture" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(thumbnail(page, 1)).toHaveAttribute("aria-current", "true");
  // Before the first comes the last.
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("button", { name: `Enlarge picture ${count} of ${count} of ${product.name}` }),
  ).toBeInViewport();
  await expect(thumbnail(page, 1)).toHaveAttribute("aria-current", "false");
  await thumbnail(page, 3).focus();
  await page.keyboard.press("Space");
  await expect(thumbnail(page, 3)).toHaveAttribute("aria-current", "true");

  const enlarge = page.getByRole("button", { name: `Enlarge picture 3 of ${count} of ${product.name}` });
  await enlarge.click();
  const dialog = page.getByRole("dialog", { name: `${product.name}, picture 3 of ${count}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img")).toBeVisible();
  // Focus stays inside the dialog.
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(enlarge).toBeFocused();

  // The Close button closes it too, and focus comes back the same way.
  await enlarge.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(enlarge).toBeFocused();
  expect(errors).toEqual([]);
});
