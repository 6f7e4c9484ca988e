// An exchange photo from a phone on mobile data (issue 46, item 1). Seen before: a 3.9 MB 4000×3000
// JPEG over Slow 4G showed 'Uploading…' for 93-125 s and then 'The request took too long to arrive'
// every time, so a faulty pair could not be asked about at all. Here, through Chromium throttled to
// Lighthouse's Slow 4G: the photo is shrunk on the phone (WebP, 1600 px on the long side, turned
// upright), its progress shown, and it is kept; the shrinking code is not part of the home page; a
// photo whose upload fails keeps its place with Retry, and sending it again loses nothing of the form.
import { type APIRequestContext, type CDPSession, expect, type Page, type Request, test } from "@playwright/test";
import sharp from "sharp";
import type { Product } from "../shared/catalog.ts";
import { type AdminExchangeList, EXCHANGE_MESSAGES } from "../shared/exchanges.ts";
import type { Order } from "../shared/orders.ts";
import { phonePhoto } from "../tests/support/phone-photo.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, moveOrder, newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

/** Lighthouse's mobile Slow 4G as Chrome throttles it (kbit = 1024 bits), in CDP's bytes a second. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};
const SHOT_WIDTHS = [375, 1280];
const PHOTO_PATH = /\/api\/orders\/[^/]+\/exchange-photos$/;

let cameraPhoto: Buffer;
test.beforeAll(async () => {
  cameraPhoto = await phonePhoto();
});

interface Delivered {
  customer: Account;
  order: Order;
  product: Product;
  size: number;
}

/** A new customer's delivered order of one pair whose size has a second pair in stock (a fault: the same size). */
async function deliveredOrder(request: APIRequestContext, admin: Account): Promise<Delivered> {
  const customer = await newCustomer(request, "photo");
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 2));
  const size = product?.sizes.find((s) => s.stock >= 2)?.size;
  if (!product || size === undefined) throw new Error("no demo product with two pairs of a size");
  const order = await placeOrder(request, customer, product, size, {
    fullName: "Sana Qureshi",
    addressLine: "Flat 12, Block 13-D, Gulshan-e-Iqbal",
    phoneNumber: "03001234567",
  });
  await moveOrder(request, admin, order._id, ["confirm", "delivered"]);
  return { customer, order, product, size };
}

/** Track Your Order, signed in, with the exchange form open for a faulty pair of the order's size. */
async function openFaultyForm(page: Page, { customer, order, size }: Delivered) {
  await startSignedIn(page, customer);
  await page.goto("/TrackOrder");
  await waitForHydration(page);
  const card = page.locator(`#order-${order._id}`);
  await card.getByRole("button", { name: /^Exchange a pair \(until / }).click();
  const form = card.getByRole("form", { name: "Exchange a pair" });
  await form.getByRole("radio", { name: "Faulty" }).check();
  // A fault: the same size, marked as the one the customer has now.
  await expect(form.getByRole("radio", { name: `${size}(yours now)` })).toBeChecked();
  return { card, form };
}

async function throttleToSlow4G(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  return cdp;
}

/** The owner's view of the order's waiting exchange, once its photos are decoded. */
async function photosKept(request: APIRequestContext, admin: Account, orderId: string) {
  const list = (await (
    await request.get("/api/admin/exchanges?view=waiting", { headers: bearer(admin) })
  ).json()) as AdminExchangeList;
  return list.exchanges.find((e) => e.orderId === orderId)?.photos.map((p) => `${p.width}×${p.height}`) ?? [];
}

for (const width of SHOT_WIDTHS) {
  test(`a 4 MB phone photo over Slow 4G is shrunk, shows its progress and is kept (${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 860 });
    const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
    const delivered = await deliveredOrder(request, admin);
    expect(cameraPhoto.length).toBeGreaterThan(3_500_000);
    expect(await sharp(cameraPhoto).metadata()).toMatchObject({ width: 4000, height: 3000, orientation: 6 });

    // The home page's first load carries none of the shrinking code.
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script" || r.url().endsWith(".js")) scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await waitForHydration(page);
    expect(scripts.filter((s) => /shrink/.test(s))).toEqual([]);

    const { card, form } = await openFaultyForm(page, delivered);
    await throttleToSlow4G(page);
    const sent: Promise<Request> = page.waitForRequest((r) => r.method() === "POST" && PHOTO_PATH.test(r.url()));
    await form.getByLabel("Add photos").setInputFiles({
      name: "IMG_20241130_141205.jpg",
      mimeType: "image/jpeg",
      buffer: cameraPhoto,
    });
    const chosen = form.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
    const progress = chosen.getByRole("progressbar", { name: "Photo 1 uploading" });
    await expect(progress).toHaveAttribute("aria-valuenow", /^[1-9]\d?$/, { timeout: 30_000 });
    await expect(chosen.getByText("Uploading…")).toBeVisible();
    await chosen.evaluate((photo) => photo.scrollIntoView({ block: "center", behavior: "instant" }));
    await shoot(page, `exchange-photo-uploading-${width}`, { fullPage: false });
    await expect(chosen.getByText("Added")).toBeVisible({ timeout: 60_000 });
    await expect(progress).toHaveCount(0);

    // What crossed the slow link: a WebP of a few hundred KB, not the camera's 4 MB.
    const upload = await sent;
    const headers = await upload.allHeaders();
    expect(headers["content-type"]).toBe("image/webp");
    const bytes = Number(headers["content-length"]);
    expect(bytes).toBeGreaterThan(50_000);
    expect(bytes).toBeLessThan(400 * 1024);
    expect(scripts.some((s) => /photo-shrinker/.test(s))).toBe(true);

    const ask = form.getByRole("button", { name: "Ask for the exchange" });
    await ask.evaluate((button) => button.scrollIntoView({ block: "center", behavior: "instant" }));
    await ask.click();
    await expect(card.getByText(EXCHANGE_MESSAGES.requested)).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole("list", { name: "Exchange requests" }).getByRole("listitem")).toContainText("1 photo");
    // Kept for the owner, upright and 1600 px on the long side.
    await expect
      .poll(() => photosKept(request, admin, delivered.order._id), { timeout: 30_000 })
      .toEqual(["1200×1600"]);
  });
}

for (const width of SHOT_WIDTHS) {
  test(`a photo that failed is sent again alone, and the form keeps what was chosen and typed (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 860 });
    const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
    const delivered = await deliveredOrder(request, admin);
    const { card, form } = await openFaultyForm(page, delivered);
    const note = form.getByLabel("Anything we should know? (optional)");
    await note.fill("The heel strap tore on the first day.");
    const photo = async (name: string, colour: string) => ({
      name,
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    });
    const chosen = form.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
    await form.getByLabel("Add photos").setInputFiles(await photo("strap.jpg", "#8a5a3c"));
    await expect(chosen.nth(0).getByText("Added")).toBeVisible();

    // The next upload is answered 503 once, as a shop that cannot save files for a moment answers.
    let refused = 0;
    await page.route(PHOTO_PATH, async (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      return route.fulfill({
        status: 503,
        headers: { "retry-after": "60" },
        json: { message: "The shop cannot save files right now. Please try again in a minute." },
      });
    });
    await form.getByLabel("Add photos").setInputFiles(await photo("heel.jpg", "#3c2a1e"));
    const failed = chosen.nth(1);
    await expect(failed.getByText("Not sent")).toBeVisible();
    await expect(failed).toContainText("The shop cannot save files right now. Please try again in a minute.");
    await expect(chosen.nth(0).getByText("Added")).toBeVisible();
    await failed.evaluate((photo) => photo.scrollIntoView({ block: "center", behavior: "instant" }));
    await shoot(page, `exchange-photo-failed-${width}`, { fullPage: false });
    await expectNoAxeViolations(page);

    // Asking now says why not, at the photo that needs a press. (The button is pressed in mid-screen,
    // the page at rest: a press while the page scrolls, or under the bottom band, is issue 46 item 6's.)
    const ask = form.getByRole("button", { name: "Ask for the exchange" });
    await ask.evaluate((button) => button.scrollIntoView({ block: "center", behavior: "instant" }));
    await ask.click();
    await expect(form.getByText("A photo was not sent: press Retry on it, or remove it.")).toBeVisible();
    await expect(failed).toBeFocused();

    await failed.getByRole("button", { name: "Retry photo 2" }).click();
    await expect(failed.getByText("Added")).toBeVisible();
    expect(refused).toBe(1);
    // Nothing else of the form was lost.
    await expect(chosen).toHaveCount(2);
    await expect(chosen.nth(0).getByText("Added")).toBeVisible();
    await expect(form.getByRole("radio", { name: "Faulty" })).toBeChecked();
    await expect(form.getByRole("radio", { name: `${delivered.size}(yours now)` })).toBeChecked();
    await expect(note).toHaveValue("The heel strap tore on the first day.");

    await ask.evaluate((button) => button.scrollIntoView({ block: "center", behavior: "instant" }));
    await ask.click();
    await expect(card.getByText(EXCHANGE_MESSAGES.requested)).toBeVisible();
    const asked = card.getByRole("list", { name: "Exchange requests" }).getByRole("listitem");
    await expect(asked).toContainText("2 photos");
  });
}
