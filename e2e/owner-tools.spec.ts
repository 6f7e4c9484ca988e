// The owner's paperwork and stock work in the browser (issue 18), at 375 px (phone project) and
// 1280 px (desktop project): a batch of 50 packing slips printed as one document of 50 pages,
// bad ids named; orders picked on the list and printed; CSV downloads that keep Urdu; the stock
// grid; the sales on the dashboard; pictures chosen while creating a product. A parcel dispatched
// with a courier prints its airway bill (issue 49) from the order page, at 390 and 1280 px.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Papa from "papaparse";
import sharp from "sharp";
import type { Courier } from "../shared/couriers.ts";
import { formatRs } from "../shared/money.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, catalogue, sidewaysOverflow, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, moveOrder, newCustomer, placeOrder } from "./orders-support.ts";
import { expectNoAxeViolations, shoot, waitForHydration } from "./support.ts";

const URDU_NAME = "عائشہ جوتا";

interface Fixture {
  admin: Account;
  orderIds: string[];
}

let fixture: Promise<Fixture> | undefined;

/** Once per worker: 50 orders from one customer (the first with an Urdu name) and the admin. */
function setUp(page: Page): Promise<Fixture> {
  fixture ??= (async () => {
    const request = page.request;
    const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 10));
    if (!product) throw new Error("no demo product with 10 pairs in a size");
    const size = product.sizes.find((s) => s.stock >= 10)?.size;
    const admin = await signIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
    // Enough stock for 50 orders of one pair, through the stock grid's own API.
    const stocked = await request.put("/api/admin/stock", {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: {
        changes: [
          {
            productId: product._id,
            size,
            stock: 500,
            expectedStock: product.sizes.find((s) => s.size === size)?.stock,
          },
        ],
      },
    });
    expect(stocked.ok(), await stocked.text()).toBe(true);
    const stamp = Date.now();
    const email = `slips-${stamp}@example.pk`;
    const password = "Slips-Karachi-2024!";
    expect(
      (await request.post("/api/user/signup", { data: { email, password, username: `slips${stamp}` } })).ok(),
    ).toBe(true);
    const customer = await signIn(request, email, password);
    const orderIds: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await request.post("/api/orders/new-order", {
        headers: { Authorization: `Bearer ${customer.token}` },
        data: {
          userId: customer.user._id,
          items: [{ productId: product._id, size, quantity: 1 }],
          shippingAddress: {
            fullName: i === 0 ? URDU_NAME : `Slip Customer ${i}`,
            addressLine: `House ${i + 1}, Street 9, near Empress Market, Saddar`,
            phoneNumber: "0300 1234567",
            email,
            city: "Karachi",
            postalCode: "74400",
          },
          totalAmount: product.discountPrice,
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
      orderIds.push(((await res.json()) as { _id: string })._id);
    }
    return { admin, orderIds };
  })();
  return fixture;
}

async function open(page: Page, url: string, width: number) {
  await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
  await page.goto(url);
  await waitForHydration(page);
}

const widthOf = (project: string) => (project === "phone" ? 375 : 1280);
const shot = (page: Page, name: string, width: number, fullPage = true) =>
  shoot(page, `${name}-${width}`, { fullPage });

test.beforeEach(async ({ page }) => {
  const f = await setUp(page);
  await startSignedIn(page, f.admin);
});

test("a batch of 50 packing slips is one printable document, one slip per page", async ({ page }, info) => {
  const width = widthOf(info.project.name);
  const { orderIds } = await setUp(page);
  await open(page, `/admin/slips?ids=${orderIds.join(",")}`, width);
  const slips = page.locator("article.slip");
  await expect(slips).toHaveCount(50);
  await expect(page.getByRole("status").filter({ hasText: "50 slips, one per A4 sheet." })).toBeVisible();
  const first = page.getByRole("article", { name: /Packing slip/ }).first();
  await expect(first.getByText(URDU_NAME)).toBeVisible();
  await expect(first.getByText("Collect cash on delivery")).toBeVisible();
  await expect(first.getByText(/^Rs\.[\d,]+$/)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
  await shot(page, "slips-a4", width, false);

  // On paper: only the slips, and a page break before every slip but the first.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.getByRole("button", { name: /Print/ })).toBeHidden();
  const breaks = await slips.evaluateAll((els) => els.map((el) => getComputedStyle(el).breakBefore));
  expect(breaks[0]).not.toBe("page");
  expect(breaks.slice(1).every((b) => b === "page")).toBe(true);
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pageCount(pdf)).toBe(50);
  const [a4Width, a4Height] = pageSize(pdf);
  expect(Math.round(a4Width ?? 0)).toBe(595); // A4 in points
  expect(Math.round(a4Height ?? 0)).toBe(842);

  // The receipt printer's format: 80 mm wide pages, still one per slip.
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("radio", { name: "80 mm receipt printer" }).check();
  await expect(page).toHaveURL(/format=receipt/);
  await shot(page, "slips-receipt", width, false);
  await page.emulateMedia({ media: "print" });
  const receipt = await page.pdf({ preferCSSPageSize: true });
  expect(pageCount(receipt)).toBe(50);
  expect(Math.round(((pageSize(receipt)[0] ?? 0) / 72) * 25.4)).toBe(80);
});

test("bad or unknown order ids are named, and no ids says what to do", async ({ page }, info) => {
  const width = widthOf(info.project.name);
  const { orderIds } = await setUp(page);
  await open(page, `/admin/slips?ids=${orderIds[0]},nonsense`, width);
  await expect(page.getByRole("alert")).toContainText("This is not an order id: nonsense.");
  await expect(page.locator("article.slip")).toHaveCount(0);
  await open(page, "/admin/slips?ids=00000000-0000-4000-8000-000000000000", width);
  await expect(page.getByRole("alert")).toContainText("No order has the id 00000000-0000-4000-8000-000000000000.");
  await open(page, "/admin/slips", width);
  await expect(page.getByText("No orders chosen.")).toBeVisible();
});

test("a parcel dispatched with TCS prints its airway bill from the order page, on A4 and on the roll", async ({
  page,
}) => {
  const { admin } = await setUp(page);
  const request = page.request;
  const product = (await catalogue(request)).find((p) => p.sizes.some((s) => s.stock >= 1));
  const size = product?.sizes.find((s) => s.stock >= 1)?.size;
  if (!product || size === undefined) throw new Error("no demo product in stock");
  const customer = await newCustomer(request, "airway");
  const order = await placeOrder(request, customer, product, size, {
    fullName: "Airway Bill Customer",
    addressLine: "House 12, Street 4, Block 7, Gulshan-e-Iqbal",
    phoneNumber: "0300 1234567",
  });
  await moveOrder(request, admin, order._id, ["confirm"]);
  const { couriers } = (await (await request.get("/api/admin/couriers", { headers: bearer(admin) })).json()) as {
    couriers: Courier[];
  };
  // A TCS-shaped CN, unique to this run: twelve digits, all in Code 128's set C.
  const cn = `7794${String(Date.now()).slice(-8)}`;
  const dispatched = await request.post(`/api/admin/orders/${order._id}/dispatch`, {
    headers: bearer(admin),
    data: { courierId: couriers.find((c) => c.name === "TCS")?._id, trackingNumber: cn },
  });
  expect(dispatched.ok(), await dispatched.text()).toBe(true);

  const slip = page.getByRole("article", { name: /Packing slip/ });
  const barcode = slip.getByRole("img", { name: `Barcode of ${cn}` });
  for (const width of [390, 1280]) {
    await open(page, `/admin/orders/${order._id}`, width);
    await page.getByRole("link", { name: "Print slip and airway bill" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/slips\\?ids=${order._id}`));
    await expect(slip).toContainText("Airway bill");
    await expect(slip).toContainText("TCS");
    await expect(slip).toContainText(`Tracking number: ${cn}`);
    await expect(slip.locator(".slip-awb-facts")).toContainText(`COD${formatRs(order.totalAmount)}`);
    await expect(barcode).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, "slip-airway-bill-a4", width);
    await page.getByRole("radio", { name: "80 mm receipt printer" }).check();
    await expect(page).toHaveURL(/format=receipt/);
    // The bars keep their width on the roll: at 0.375 mm a module, the CN fits inside the slip.
    const [bars, paper] = [await barcode.boundingBox(), await slip.boundingBox()];
    expect(bars && paper && bars.width < paper.width).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot(page, "slip-airway-bill-receipt", width);
  }

  // On paper: the roll's slip and the A4 sheet are one page each, with the barcode on them; the
  // shots are taken at the paper's width (80 mm and 210 mm at 96 px an inch).
  await page.emulateMedia({ media: "print" });
  await expect(barcode).toBeVisible();
  await page.setViewportSize({ width: 302, height: 1123 });
  await shot(page, "slip-airway-bill-receipt-print", 302);
  expect(pageCount(await page.pdf({ preferCSSPageSize: true }))).toBe(1);
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("radio", { name: "A4 sheet" }).check();
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: 794, height: 1123 });
  await shot(page, "slip-airway-bill-a4-print", 794);
  expect(pageCount(await page.pdf({ preferCSSPageSize: true }))).toBe(1);
});

test("orders picked on the list print together; the list downloads as CSV with Urdu intact", async ({ page }, info) => {
  const width = widthOf(info.project.name);
  await open(page, "/admin/orders", width);
  await expect(page.getByRole("checkbox", { name: /^Select order #/ }).first()).toBeVisible();
  await expect(page.getByText("No orders selected")).toBeVisible();
  await page
    .getByRole("checkbox", { name: /^Select order #/ })
    .nth(0)
    .check();
  await page
    .getByRole("checkbox", { name: /^Select order #/ })
    .nth(1)
    .check();
  await expect(page.getByText("2 orders selected")).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
  await shot(page, "orders-selection", width);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await file.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = Papa.parse<string[]>(bytes.toString("utf8").slice(1), { skipEmptyLines: true }).data;
  expect(rows[0]?.[4]).toBe("Customer");
  expect(rows.some((r) => r[4] === URDU_NAME)).toBe(true);

  await page.getByRole("link", { name: "Print slips (2)" }).click();
  await expect(page).toHaveURL(/\/admin\/slips\?ids=/);
  await expect(page.locator("article.slip")).toHaveCount(2);
});

test("the stock grid saves changed sizes in one go and refuses a number that is not whole", async ({ page }, info) => {
  const width = widthOf(info.project.name);
  await open(page, "/admin/stock?category=men-formal-shoes", width);
  const table = page.getByRole("table", { name: "Pairs in stock per size" });
  await expect(table).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
  await shot(page, "stock-grid", width);

  // A size the product is sold in (42): typing into an empty cell would start offering a new
  // size, which the shop-by-size specs that run later would then see.
  const cell = table.getByRole("textbox", { name: /, size 42$/ }).first();
  const label = (await cell.getAttribute("aria-label")) as string;
  await cell.fill("2.5");
  await expect(page.getByRole("alert")).toContainText("Pairs must be a whole number");
  await expect(page.getByRole("button", { name: "No changes to save" })).toBeDisabled();
  const next = String(Number(info.project.name === "phone" ? 31 : 32));
  await cell.fill(next);
  await page.getByRole("button", { name: "Save 1 change" }).click();
  await expect(page.getByText("Saved 1 change.")).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: label })).toHaveValue(next);
});

test("the products list downloads products with stock per size as CSV", async ({ page }, info) => {
  const width = widthOf(info.project.name);
  await open(page, "/admin/products?category=men-formal-shoes", width);
  await expect(page.getByRole("link", { name: "New product" })).toBeVisible();
  await shot(page, "products-tools", width, false);
  await expect(page.getByRole("link", { name: "Edit stock in a grid" })).toHaveAttribute(
    "href",
    "/admin/stock?category=men-formal-shoes",
  );
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path()) as string)).toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  expect(header?.slice(-10)).toEqual(
    ["37", "38", "39", "40", "41", "42", "43", "44", "45", "46"].map((s) => `Size ${s}`),
  );
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((r) => r[2] === "Men · Formal Shoes")).toBe(true);
});

test("the dashboard shows 30 days of sales, best sellers and the sizes that sell out", async ({ page }, info) => {
  const width = widthOf(info.project.name);
  await open(page, "/admin", width);
  await expect(page.getByRole("heading", { name: "Sales, last 30 days" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Takings per day" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Orders per day" })).toBeVisible();
  await page.getByText("The numbers, day by day").click();
  const days = page.getByRole("table").filter({ hasText: "Takings" }).first();
  await expect(days.locator("tbody tr")).toHaveCount(30);
  // Today's row holds at least the 50 orders of the fixture.
  expect(Number(await days.locator("tbody tr").first().locator("td").first().textContent())).toBeGreaterThanOrEqual(50);
  await expect(page.getByRole("heading", { name: "Best sellers" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sizes that sell out most" })).toBeVisible();
  await expect(page.getByText(/Sell-through: pairs of a size sold/)).toBeVisible();
  await shot(page, "dashboard-sales", width);
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page);
});

test("pictures chosen while creating a product are uploaded once it exists", async ({ page }, info) => {
  const width = widthOf(info.project.name);
  const name = `Kolhapuri ${info.project.name} ${Date.now().toString(36)}`;
  await open(page, "/admin/products/new", width);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Description").fill("Handmade leather kolhapuri with a braided toe ring.");
  await page.getByLabel("Category").selectOption("men-sandals-slippers");
  await page.getByLabel("Price (Rs.)", { exact: true }).fill("3500");
  await page.getByRole("checkbox", { name: "Size 41" }).check();
  await page.getByLabel("Pairs in size 41").fill("3");
  const chooser = page.getByLabel("Choose pictures (JPEG, PNG or WebP, up to 10 MB each)");
  await chooser.setInputFiles([await picture("front.png", "#7c3f12"), await picture("side.png", "#3b2413")]);
  await expect(page.getByRole("list", { name: "Chosen pictures" }).getByRole("listitem")).toHaveCount(2);
  await chooser.setInputFiles(await textFile());
  await expect(page.getByRole("alert")).toContainText("notes.txt: Upload a JPEG, PNG or WebP picture");
  expect(await sidewaysOverflow(page)).toBe(0);
  await shot(page, "new-product-pictures", width);
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created with 2 pictures.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Main picture")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove picture 2" })).toBeVisible();
});

async function picture(fileName: string, colour: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "owner-e2e-")), fileName);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#f4e9dc"/><ellipse cx="300" cy="340" rx="220" ry="90" fill="${colour}"/></svg>`;
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

async function textFile(): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "owner-e2e-")), "notes.txt");
  await writeFile(file, "not a picture");
  return file;
}

/** Pages of a PDF as Chromium writes it: one "/Type /Page" object per page. */
function pageCount(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

/** The first page's width and height in points (its MediaBox). */
function pageSize(pdf: Buffer): number[] {
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString("latin1"));
  return box ? [Number(box[3]) - Number(box[1]), Number(box[4]) - Number(box[2])] : [];
}
