// Back in stock in a real browser, at 375 and 1280 px (issue 33, part 4): a visitor who came for a
// sold-out size asks to be told when it is back, by e-mail; a signed-in customer asks with one tap;
// the owner sees who waits in the stock grid and restocks the size there; the mail arrives with the
// size's link and a stop link, whose page stops the mails only when its button is pressed. Asked for
// again once stopped, the address is first mailed a confirm link, whose page starts the mails only
// when its button is pressed (issue 45). The offer and the stop button take a tap made before
// hydration. Nothing scrolls sideways and axe finds nothing on any of these screens.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import type { AdminProduct } from "../shared/admin.ts";
import { STOCK_ALERT_MESSAGES } from "../shared/stock-alerts.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";
import { openUnhydrated, tapOrClick } from "./unhydrated.ts";

const outbox = path.resolve(import.meta.dirname, "..", process.env.E2E_DATA_DIR ?? "missing-data-dir", "outbox");

/** The owner's new product: sizes 40 and 42 sold out, 41 in stock, with a picture. */
async function newProduct(request: APIRequestContext, admin: Account): Promise<AdminProduct> {
  const headers = { Authorization: `Bearer ${admin.token}` };
  const res = await request.post("/api/admin/products", {
    headers,
    data: {
      name: `Waiting Oxford ${Date.now().toString(36)}`,
      description: "Hand-stitched leather oxford for office and weddings.",
      features: ["Genuine leather", "Rubber sole"],
      category: "men-formal-shoes",
      price: 6000,
      discountPrice: 4500,
      sizes: [
        { size: 40, stock: 0 },
        { size: 41, stock: 3 },
        { size: 42, stock: 0 },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const product = (await res.json()) as AdminProduct;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="900" fill="#f4e9dc"/><ellipse cx="450" cy="520" rx="330" ry="120" fill="#3b2413"/><rect x="150" y="560" width="600" height="50" rx="20" fill="#1c1917"/></svg>`;
  const picture = await request.post(`/api/admin/products/${product._id}/images`, {
    headers: { ...headers, "content-type": "image/png" },
    data: await sharp(Buffer.from(svg)).png().toBuffer(),
  });
  expect(picture.ok(), await picture.text()).toBe(true);
  return product;
}

async function newCustomer(request: APIRequestContext): Promise<Account> {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const email = `waiting-${stamp}@example.pk`;
  const password = "Waiting-Karachi-2024!";
  const res = await request.post("/api/user/signup", { data: { email, password, username: `wait${stamp}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return signIn(request, email, password);
}

/** The back-in-stock mail to `email`, its body decoded from quoted-printable. */
async function mailTo(email: string, subject: string): Promise<string> {
  let mail: string | undefined;
  await expect(async () => {
    for (const name of (await readdir(outbox)).filter((n) => n.endsWith(".eml"))) {
      const text = await readFile(path.join(outbox, name), "utf8");
      if (!text.toLowerCase().includes(`to: ${email}`) || !text.includes(`Subject: ${subject}`)) continue;
      const end = text.indexOf("\n\n");
      mail =
        text.slice(0, end) +
        text
          .slice(end)
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    expect(mail, `the mail "${subject}" to ${email}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return mail as string;
}

/**
 * No sideways scroll, no axe violation, and a screenshot to look at. Midway through a journey, only
 * the viewport is shot: a full-page shot resizes the window, after which Chromium has sent a tap to
 * the wrong place (the page's body instead of the form's button).
 */
async function expectTidy(page: Page, shot: string, { midway = false } = {}) {
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
  await shoot(page, shot, { fullPage: !midway });
}

test("a visitor is told once when the owner restocks their size, and can stop the mails", async ({
  browser,
  page,
  request,
}, testInfo) => {
  const isMobile = testInfo.project.name === "phone";
  const width = isMobile ? 375 : 1280;
  await page.setViewportSize({ width, height: 860 });
  const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const product = await newProduct(request, admin);
  const visitor = `visitor-${Date.now().toString(36)}@example.pk`;

  // The visitor came from the size-40 list: the server's page already offers to tell them, and a
  // tap made before the scripts ran opens the form once they have.
  const offer = page.getByRole("button", { name: "Tell me when size 40 is back" });
  const release = await openUnhydrated(page, `/products/${product._id}?size=40`, offer);
  await expect(page.getByText("Size 40 is sold out.")).toBeVisible();
  await offer.scrollIntoViewIfNeeded();
  await expectTidy(page, `stock-alerts-offer-${width}`, { midway: true });
  await tapOrClick(offer, isMobile);
  await release();
  await waitForHydration(page);
  const form = page.getByRole("region", { name: "Tell me when it is back" });
  await expect(form.getByRole("heading", { name: "Tell me when it is back" })).toBeFocused();
  // Several sizes are sold out: the one they came for is chosen.
  await expect(form.getByRole("radio", { name: "40" })).toBeChecked();
  await form.getByRole("button", { name: "Tell me when size 40 is back" }).click();
  await expect(form.getByText("Please enter your email, or sign in.")).toBeVisible();
  await expect(form.getByLabel("Your e-mail")).toHaveAttribute("aria-invalid", "true");
  await expectTidy(page, `stock-alerts-form-${width}`, { midway: true });
  await form.getByLabel("Your e-mail").fill(visitor);
  await form.getByRole("button", { name: "Tell me when size 40 is back" }).click();
  await expect(form.getByRole("status")).toHaveText(STOCK_ALERT_MESSAGES.asked(visitor, 40));
  await expectTidy(page, `stock-alerts-asked-${width}`);

  // A signed-in customer, on the plain page: one tap on the size sold out there.
  const customer = await newCustomer(request);
  const shopperContext = await browser.newContext({ viewport: { width, height: 860 } });
  const shopper = await shopperContext.newPage();
  await startSignedIn(shopper, customer);
  await shopper.goto(`/products/${product._id}`);
  await waitForHydration(shopper);
  await expect(shopper.getByText("Sold out in sizes 40 and 42.")).toBeVisible();
  await shopper.getByRole("button", { name: "Tell me when my size is back" }).click();
  const tap = shopper.getByRole("region", { name: "Tell me when it is back" });
  await expect(tap.getByText(`We will write to ${customer.user.email}`)).toBeVisible();
  // The radio itself is hidden behind its size chip: the chip is what a finger presses.
  await tap.getByText("42", { exact: true }).click();
  await expect(tap.getByRole("radio", { name: "42" })).toBeChecked();
  await tap.getByRole("button", { name: "Tell me when size 42 is back" }).click();
  // A new account's e-mail is not proven yet: answered like anyone's ask.
  await expect(tap.getByRole("status")).toHaveText(STOCK_ALERT_MESSAGES.asked(customer.user.email, 42));
  await expectTidy(shopper, `stock-alerts-customer-${width}`);
  await shopperContext.close();

  // The owner sees who waits, and restocks size 40 in the stock grid.
  const ownerContext = await browser.newContext({ viewport: { width, height: 860 } });
  const owner = await ownerContext.newPage();
  await startSignedIn(owner, admin);
  await owner.goto("/admin/stock?category=men-formal-shoes");
  await waitForHydration(owner);
  const wanted = owner.getByRole("region", { name: "Most wanted sold-out sizes" });
  await expect(wanted.getByRole("listitem").filter({ hasText: `${product.name}, size 40` })).toContainText("1 waiting");
  await expect(wanted.getByRole("listitem").filter({ hasText: `${product.name}, size 42` })).toContainText("1 waiting");
  const cell = owner.getByRole("textbox", { name: `${product.name}, size 40`, exact: true });
  await expect(cell).toHaveAccessibleDescription("1 customer waits");
  await cell.scrollIntoViewIfNeeded();
  await expectTidy(owner, `stock-alerts-grid-${width}`, { midway: true });
  await cell.fill("5");
  await owner.getByRole("button", { name: "Save 1 change" }).click();
  await expect(owner.getByText("Saved 1 change.")).toBeVisible();
  await expect(wanted.getByRole("listitem").filter({ hasText: `${product.name}, size 40` })).toHaveCount(0);
  await ownerContext.close();

  // The mail: the product, the size, its link, and a stop link.
  const mail = await mailTo(visitor, `Size 40 is back: ${product.name}`);
  expect(mail).toContain(`Good news: ${product.name} is back in stock in size 40.`);
  const productLink = /https?:\/\/[^/\s]+(\/products\/[\w-]+\?size=40)/.exec(mail)?.[1];
  expect(productLink).toBe(`/products/${product._id}?size=40`);
  const stopLink = /https?:\/\/[^/\s]+(\/stop-alerts\?token=[\w.-]+)/.exec(mail)?.[1];
  expect(stopLink).toBeDefined();

  // The mail's link opens the product in size 40, now in stock.
  await page.goto(productLink ?? "");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Size 40", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();

  // The stop link: opening it stops nothing; the button does (the size it was about was told, and
  // nothing else waits, so 'Stop all' is the press left).
  await page.goto(stopLink ?? "");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Back-in-stock mails" })).toBeVisible();
  await expect(
    page.getByText(`You asked us to write to ${visitor} when size 40 of ${product.name} was back.`),
  ).toBeVisible();
  await expect(page.getByText("Nothing else is waiting for you.")).toBeVisible();
  await expectTidy(page, `stock-alerts-stop-${width}`, { midway: true });
  // Opened again on a slow phone: the press before the scripts ran counts once they have.
  const stop = page.getByRole("button", { name: "Stop all back-in-stock mails" });
  const releaseStop = await openUnhydrated(page, stopLink ?? "", stop);
  await tapOrClick(stop, isMobile);
  await releaseStop();
  await expect(page.getByRole("status")).toHaveText(
    `Done: we will not write to ${visitor} when sizes come back. To be told again, ask on the product's page.`,
  );
  await expect(page.getByRole("button", { name: "Stop all back-in-stock mails" })).toHaveCount(0);
  await expectTidy(page, `stock-alerts-stopped-${width}`);

  // Asked for again (by them or anyone): the same answer, and a mail to confirm before anything waits.
  await page.goto(`/products/${product._id}?size=42`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Tell me when size 42 is back" }).click();
  const again = page.getByRole("region", { name: "Tell me when it is back" });
  await again.getByLabel("Your e-mail").fill(visitor);
  await again.getByRole("button", { name: "Tell me when size 42 is back" }).click();
  await expect(again.getByRole("status")).toHaveText(STOCK_ALERT_MESSAGES.asked(visitor, 42));
  const confirmMail = await mailTo(visitor, "Confirm: tell you when size 42 is back?");
  expect(confirmMail).toContain(`size 42 of ${product.name}`);
  const confirmLink = /https?:\/\/[^/\s]+(\/confirm-alerts\?token=[\w.-]+)/.exec(confirmMail)?.[1];
  expect(confirmLink).toBeDefined();
  await page.goto(confirmLink ?? "");
  await waitForHydration(page);
  await expect(
    page.getByText(`Someone, perhaps you, asked us to write to ${visitor} when size 42 of ${product.name} is back.`),
  ).toBeVisible();
  await expect(page.getByText(/so we send none until you confirm: 1 size waits for your press/)).toBeVisible();
  await expectTidy(page, `stock-alerts-confirm-${width}`, { midway: true });
  await page.getByRole("button", { name: "Start back-in-stock mails" }).click();
  await expect(page.getByRole("status")).toHaveText(STOCK_ALERT_MESSAGES.confirmed(visitor, 1));
  await expect(page.getByRole("button", { name: "Start back-in-stock mails" })).toHaveCount(0);
  await expectTidy(page, `stock-alerts-confirmed-${width}`);

  // A forged link says why it does not work.
  await page.goto(`/stop-alerts?token=${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${"A".repeat(22)}`);
  await expect(page.getByRole("alert")).toHaveText(
    "This link is missing or incomplete. Please open the whole link from your e-mail.",
  );
});
