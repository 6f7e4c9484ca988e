// The review form as a buyer uses it (issue 53), in a real browser on a phone's width: the request's
// link opens the order's pair without signing in; stars, fit, words and a photo chosen by keyboard and
// tap; the review sent, its photo shrunk on the phone and uploaded; the page says thanks and keeps no
// sideways scroll. Without JavaScript the same form posts itself: stars, fit and words, a refusal
// coming back with what was chosen. A forged link says why. The app is the real one, serving its
// production build (`npm run build` first), on a port of its own that is its public address (a plain
// form post must come from the shop's own pages).
import { type AddressInfo, createServer } from "node:net";
import { sql } from "drizzle-orm";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createReviewLinks } from "#server/reviews/links.ts";
import type { Order } from "#shared/orders.ts";
import { REVIEW_MESSAGES } from "#shared/reviews.ts";
import { call, makeAdmin } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { deliveredOrder } from "./support/orders.ts";
import { phonePhoto } from "./support/phone-photo.ts";
import { products, setStock, type TestProduct } from "./support/shoppers.ts";
import { until } from "./support/wait.ts";

let t: TestApp;
let browser: Browser;
let origin: string;
let shoe: TestProduct;

/** A port free now, so the app can be told its public address before it listens. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ pages: true, env: { PUBLIC_URL: origin } });
  await t.app.listen({ port, host: "127.0.0.1" });
  [shoe] = (await products(t, 1)) as [TestProduct];
  await setStock(t, shoe.id, shoe.sizes[0] as number, 10);
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function deliveredOrderLink(): Promise<{ order: Order; url: string }> {
  const order = await deliveredOrder(t, shoe);
  const links = createReviewLinks(t.database.db, { publicUrl: origin, secret: t.config.confirmLinkSecret });
  return { order, url: await links.formUrl(order._id) };
}

const phone = () =>
  browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });

describe("the review form on a phone", () => {
  it("takes stars, fit, words and a photo, says thanks, and the review waits for the owner with its photo", async () => {
    const { order, url } = await deliveredOrderLink();
    const page = await phone();
    try {
      await page.goto(url);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Ayesha, how are your shoes?");
      expect(await page.getByText(`You bought size ${shoe.sizes[0]}`).count()).toBe(1);
      // Hydrated before the presses (the form is React's).
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

      // Sent with no stars: said, nothing kept.
      await page.getByRole("button", { name: "Send review" }).click();
      expect(await page.locator("form [role=alert]").textContent()).toContain(REVIEW_MESSAGES.ratingRequired);

      // Four stars by keyboard: the first radio focused, then arrows.
      await page.getByRole("radio", { name: "1 out of 5 stars" }).focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      expect(await page.getByRole("radio", { name: "4 out of 5 stars" }).isChecked()).toBe(true);
      await page.getByRole("radio", { name: "Runs small" }).check();
      await page.getByLabel(/A few words/).fill("Soft leather; take one size up.");
      await page
        .getByLabel(/Photos/)
        .setInputFiles({ name: "shoe.jpg", mimeType: "image/jpeg", buffer: await phonePhoto() });
      await page.getByRole("button", { name: "Send review" }).click();
      await page.getByText(REVIEW_MESSAGES.thanks).waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    } finally {
      await page.close();
    }

    const [row] = await selectRowsAsserted<{ rating: number; fit: string; body: string; status: string; id: string }>(
      t.database.db,
      sql`select id, rating, fit, body, status from reviews where order_id = ${order._id}`,
    );
    expect(row).toMatchObject({
      rating: 4,
      fit: "runs-small",
      body: "Soft leather; take one size up.",
      status: "pending",
    });
    // The phone's 4000×3000 photo arrived shrunk (about 1600 px on the long side) and was decoded.
    const photos = await until(
      () =>
        selectRowsAsserted<{ width: number | null; status: string }>(
          t.database.db,
          sql`select width, status from review_photos where review_id = ${row?.id}`,
        ),
      (rows) => rows.length === 1 && rows[0]?.status === "ready",
      "the review's photo to be decoded",
      { timeout: 20_000 },
    );
    expect(photos[0]?.width).toBeLessThanOrEqual(1600);

    // Published by the owner: the shoe's page shows it, photo and all, on a phone and a desktop.
    const admin = await makeAdmin(t);
    const approved = await call(t, admin, "POST", `/api/admin/reviews/${row?.id}/decision`, { action: "approve" });
    expect(approved.statusCode, approved.body).toBe(200);
    for (const width of [375, 1280]) {
      const shoePage = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      try {
        await shoePage.goto(`${origin}/products/${shoe.id}`);
        await shoePage.getByText("Soft leather; take one size up.").waitFor();
        expect(await shoePage.getByText(`bought size ${shoe.sizes[0]}`).count()).toBe(1);
        const photo = shoePage.locator("#reviews img").first();
        await photo.scrollIntoViewIfNeeded();
        await shoePage.waitForFunction(
          (img) => img instanceof HTMLImageElement && img.complete,
          await photo.elementHandle(),
        );
        expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
        expect(await shoePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      } finally {
        await shoePage.close();
      }
    }

    // The link again: the pair says it is reviewed, with no form.
    const again = await phone();
    try {
      await again.goto(url);
      expect(await again.getByText(REVIEW_MESSAGES.already).count()).toBe(1);
      expect(await again.getByRole("button", { name: "Send review" }).count()).toBe(0);
    } finally {
      await again.close();
    }
  });

  it("without JavaScript, posts stars, fit and words itself, says what is missing, and thanks by the pair", async () => {
    const { order, url } = await deliveredOrderLink();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    try {
      await page.goto(url);
      // The photos need the phone's shrinking, so the field steps aside and says so.
      expect(await page.getByLabel(/Photos/).isVisible()).toBe(false);
      // (Playwright's text queries skip <noscript>, so the note is found by its place.)
      const photoNote = page.locator("main form noscript p");
      expect(await photoNote.isVisible()).toBe(true);
      expect(await photoNote.textContent()).toContain("Photos can be added when JavaScript is on.");
      // Stars chosen with no fit: the page comes back saying so, the stars and words still there.
      await page.getByText("★").nth(2).click();
      await page.getByLabel(/A few words/).fill("Comfortable from the first day.");
      await page.getByRole("button", { name: "Send review" }).click();
      await page.getByRole("alert").getByText(REVIEW_MESSAGES.fitRequired).waitFor();
      expect(await page.getByRole("radio", { name: "3 out of 5 stars" }).isChecked()).toBe(true);
      expect(await page.getByLabel(/A few words/).inputValue()).toBe("Comfortable from the first day.");
      // The chosen star and those before it are filled, without a script to draw them.
      const colours = await page
        .locator(".star-choice span")
        .evaluateAll((stars) => stars.map((star) => getComputedStyle(star).color));
      expect(new Set(colours.slice(0, 3)).size).toBe(1);
      expect(colours[3]).not.toBe(colours[0]);
      expect(
        await selectRowsAsserted(t.database.db, sql`select id from reviews where order_id = ${order._id}`),
      ).toEqual([]);

      await page.getByRole("radio", { name: "True to size" }).check();
      await page.getByRole("button", { name: "Send review" }).click();
      await page.getByRole("status").getByText(REVIEW_MESSAGES.thanks).waitFor();
      expect(await page.getByRole("button", { name: "Send review" }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    } finally {
      await context.close();
    }
    const [row] = await selectRowsAsserted<{ rating: number; fit: string; body: string; status: string }>(
      t.database.db,
      sql`select rating, fit, body, status from reviews where order_id = ${order._id}`,
    );
    expect(row).toMatchObject({
      rating: 3,
      fit: "true-to-size",
      body: "Comfortable from the first day.",
      status: "pending",
    });
  });

  // A buyer on mobile data taps the stars and the fit while the page's scripts are still coming: the
  // server's form takes them (radios, a text box), and the page, once its scripts run, keeps them.
  it("keeps the stars, fit and words given before the page's scripts ran, and sends them", async () => {
    const { order, url } = await deliveredOrderLink();
    const page = await phone();
    let letScriptsThrough = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      letScriptsThrough = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    try {
      await page.goto(url, { waitUntil: "domcontentloaded" });
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await page.getByText("★").nth(3).click();
      await page.getByRole("radio", { name: "Runs large" }).check();
      await page.getByLabel(/A few words/).fill("Roomy at the toe.");
      // The tapped star and those before it show filled already, drawn from the radios.
      const colours = () =>
        page.locator(".star-choice span").evaluateAll((stars) => stars.map((star) => getComputedStyle(star).color));
      const early = await colours();
      expect(new Set(early.slice(0, 4)).size).toBe(1);
      expect(early[4]).not.toBe(early[0]);
      letScriptsThrough();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      expect(await page.getByRole("radio", { name: "4 out of 5 stars" }).isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: "Runs large" }).isChecked()).toBe(true);
      expect(await page.getByLabel(/A few words/).inputValue()).toBe("Roomy at the toe.");
      // Drawn from the page's state now, the same; and the page kept its stylesheet as it hydrated
      // (it lost it: app/lib/preact-document.ts).
      expect(await colours()).toEqual(early);
      expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
      await page.getByRole("button", { name: "Send review" }).click();
      await page.getByText(REVIEW_MESSAGES.thanks).waitFor({ timeout: 20_000 });
    } finally {
      letScriptsThrough();
      await page.close();
    }
    const [row] = await selectRowsAsserted<{ rating: number; fit: string; body: string }>(
      t.database.db,
      sql`select rating, fit, body from reviews where order_id = ${order._id}`,
    );
    expect(row).toMatchObject({ rating: 4, fit: "runs-large", body: "Roomy at the toe." });
  });

  it("refuses a plain post of the review from another site, and keeps nothing", async () => {
    const { order, url } = await deliveredOrderLink();
    const path = url.slice(origin.length);
    const form = new URLSearchParams({
      productId: shoe.id,
      size: String(shoe.sizes[0]),
      rating: "5",
      fit: "true-to-size",
      body: "",
    });
    const post = (from: string) =>
      t.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: from },
        payload: form.toString(),
      });
    const foreign = await post("https://elsewhere.example");
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(await selectRowsAsserted(t.database.db, sql`select id from reviews where order_id = ${order._id}`)).toEqual(
      [],
    );
    // From the shop's own page it is kept, and the answer goes back to the page with the pair named.
    const own = await post(origin);
    expect(own.statusCode).toBe(303);
    expect(own.headers.location).toContain(`sent=${encodeURIComponent(`${shoe.id}/${shoe.sizes[0]}`)}`);
    // Waiting for the owner (no stars publish on their own unless the owner says so): no `live`.
    expect(own.headers.location).not.toContain("live=");
    const kept = await selectRowsAsserted<{ status: string }>(
      t.database.db,
      sql`select status from reviews where order_id = ${order._id}`,
    );
    expect(kept).toEqual([{ status: "pending" }]);
  });

  it("a forged link says why, with the way on", async () => {
    const page = await phone();
    try {
      const answer = await page.goto(`${origin}/review?token=${crypto.randomUUID()}.${"A".repeat(22)}`);
      expect(answer?.status()).toBe(400);
      expect(await page.getByRole("alert").textContent()).toBe(REVIEW_MESSAGES.badLink);
      expect(await page.getByRole("main").getByRole("link", { name: "Track Your Order" }).count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it("the owner publishes one by keyboard, keeps another off with a reason, and answers publicly", async () => {
    const send = async (url: string, rating: number, words: string) => {
      const token = new URL(url).searchParams.get("token");
      const res = await t.app.inject({
        method: "POST",
        url: "/api/reviews",
        payload: { token, productId: shoe.id, size: shoe.sizes[0], rating, fit: "true-to-size", body: words },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const good = await send((await deliveredOrderLink()).url, 5, "Perfect for the office.");
    const rude = await send((await deliveredOrderLink()).url, 1, "Rubbish shop, call me on 0300 1234567");
    const admin = await makeAdmin(t);
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 1 });
    try {
      await page.addInitScript(
        ([token, user]) => {
          window.localStorage.setItem("token", JSON.stringify(token));
          window.localStorage.setItem("user", JSON.stringify(user));
        },
        [admin.token, { _id: admin.id, email: admin.email, username: admin.username, role: "admin" }] as const,
      );
      await page.goto(`${origin}/admin/reviews`);
      const goodCard = page.locator("article", { hasText: "Perfect for the office." });
      await goodCard.waitFor();
      await goodCard.getByRole("button", { name: "Publish" }).focus();
      await page.keyboard.press("Enter");
      await page.locator("article", { hasText: "Rubbish shop" }).waitFor();
      const rudeCard = page.locator("article", { hasText: "Rubbish shop" });
      await rudeCard.getByLabel("Keep off because").selectOption("personal-details");
      await rudeCard.getByRole("button", { name: "Keep off" }).click();
      await until(
        () =>
          selectRowsAsserted<{ id: string; status: string; reject_reason: string | null }>(
            t.database.db,
            sql`select id, status, reject_reason from reviews where id in (${good}, ${rude}) order by rating desc`,
          ),
        (rows) => rows[0]?.status === "approved" && rows[1]?.status === "rejected",
        "the owner's presses to be kept",
      );

      await page.getByRole("link", { name: /Published/ }).click();
      const published = page.locator("article", { hasText: "Perfect for the office." });
      await published.getByLabel(/Public answer/).fill("Thank you, Ayesha!");
      await published.getByRole("button", { name: "Save answer" }).click();
      await published.getByText("Answer saved.").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    } finally {
      await page.close();
    }
    const shoePage = await (await fetch(`${origin}/products/${shoe.id}`)).text();
    expect(shoePage).toContain("Perfect for the office.");
    expect(shoePage).toContain("Thank you, Ayesha!");
    expect(shoePage).not.toContain("Rubbish shop");
    expect(shoePage).not.toContain("0300 1234567");
  });
});
