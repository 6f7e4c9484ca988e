// A press low on a form's button at the screen's bottom edge reaches the button (issue 46 item 6).
// On a 375-px window 'Ask for the exchange' did nothing, by mouse and by tap: the floating links'
// bar, away while a field had focus, came back as the press moved the focus to the button, over
// the button's lower half, and the press ended on the bar (app/lib/bar-waits-for-press.ts). Here:
// that press, by mouse at 375 and 1280 px and by tap at 375 px, after a radio chosen last and after
// a note typed last, sends the request and shows the answer; then a walk over every form of the
// shop (the customer's, the account's, the owner's) at 375 px, by mouse and by tap: each form's
// submit and last button, brought to the bottom edge with its last field in focus, is what a press
// at its centre and at its lower part finds at the start, in the middle and at the end of the press.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { Product } from "../shared/catalog.ts";
import { EXCHANGE_MESSAGES } from "../shared/exchanges.ts";
import type { Order } from "../shared/orders.ts";
import { E2E_ADMIN } from "./admin-account.ts";
import { type Account, settle, signIn, startSignedIn } from "./layout-support.ts";
import { bearer, moveOrder, newCustomer, placeOrder } from "./orders-support.ts";
import { confirmLinkFor, shoot, waitForHydration } from "./support.ts";

const MOUSE = { hasTouch: false, isMobile: false } as const;
const TOUCH = { hasTouch: true, isMobile: true } as const;
const DELIVERY = {
  fullName: "Hina Baloch",
  addressLine: "House 44, Street 7, near Nursery Market, PECHS Block 6",
  phoneNumber: "03211234567",
};

interface EdgeShoe {
  _id: string;
  name: string;
}

/** The owner's new shoe for this walk: sizes 40 and 41 in stock, 42 sold out (its own stock to spend). */
async function newShoe(page: Page, admin: Account): Promise<EdgeShoe> {
  const created = await page.request.post("/api/admin/products", {
    headers: bearer(admin),
    data: {
      name: `Edge Khussa ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`,
      description: "Embroidered khussa with a soft leather sole.",
      features: ["Hand embroidered"],
      category: "women-heels-sandals",
      price: 3200,
      discountPrice: 2900,
      sizes: [
        { size: 40, stock: 20 },
        { size: 41, stock: 20 },
        { size: 42, stock: 0 },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as EdgeShoe;
}

/** One pair of the shoe in size 40 (one up, 41, is in stock to ask for). */
async function orderOf(page: Page, customer: Account, shoe: EdgeShoe): Promise<Order> {
  const { product } = (await (await page.request.get(`/api/products/${shoe._id}`)).json()) as { product: Product };
  return placeOrder(page.request, customer, product, 40, DELIVERY);
}

/** A new customer with `count` delivered orders of one pair each, signed in on the page. */
async function customerWithDeliveries(
  page: Page,
  count: number,
): Promise<{ customer: Account; orders: Order[]; shoe: EdgeShoe }> {
  const admin = await signIn(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const customer = await newCustomer(page.request, "edge");
  const shoe = await newShoe(page, admin);
  const orders: Order[] = [];
  for (let n = 0; n < count; n++) {
    const order = await orderOf(page, customer, shoe);
    await moveOrder(page.request, admin, order._id, ["confirm", "delivered"]);
    orders.push(order);
  }
  await startSignedIn(page, customer);
  return { customer, orders, shoe };
}

/** The bar of the floating links as shown now: its top edge, or null when it is away or absent. */
async function barTop(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const bar = document.querySelector(".floating-links");
    return bar && getComputedStyle(bar).display !== "none" ? bar.getBoundingClientRect().top : null;
  });
}

interface Point {
  x: number;
  y: number;
}

/**
 * Scrolls `button` down to the bottom edge of what is in view: the screen's, or the bar's top while
 * the bar is shown (what scrolls under an opaque bar is out of view, as under the header). Returns a
 * point at the centre and one low on the part in view, in the button's middle column. A smooth
 * scroll still running (the page's, after a focus moved) is let finish first, and the button must
 * then stay put for a few frames.
 */
async function bringToBottomEdge(button: Locator): Promise<{ centre: Point; low: Point }> {
  return button.evaluate(async (el) => {
    const still = async () => {
      let last = Number.NaN;
      for (let frame = 0, same = 0; same < 3; frame++) {
        if (frame > 300) throw new Error("the page never stopped scrolling");
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const top = el.getBoundingClientRect().top;
        same = top === last ? same + 1 : 0;
        last = top;
      }
    };
    await still();
    el.scrollIntoView({ block: "end", behavior: "instant" });
    const bar = document.querySelector(".floating-links");
    const edge = bar && getComputedStyle(bar).display !== "none" ? bar.getBoundingClientRect().top : window.innerHeight;
    const over = el.getBoundingClientRect().bottom - edge;
    // In a dialog the page behind does not scroll; the dialog sits above the bar.
    if (over > 0 && !el.closest("dialog")) window.scrollBy({ top: over, behavior: "instant" });
    await still();
    const box = el.getBoundingClientRect();
    const bottom = el.closest("dialog") ? Math.min(box.bottom, window.innerHeight) : Math.min(box.bottom, edge);
    const x = box.left + box.width / 2;
    return { centre: { x, y: (box.top + bottom) / 2 }, low: { x, y: bottom - (bottom - box.top) / 5 } };
  });
}

/** What the browser finds on top at the point: "the button" (or inside it), else what it is. */
async function hitAt(button: Locator, point: Point): Promise<string> {
  return button.evaluate((target, { x, y }) => {
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === target || target.contains(hit))) return "the button";
    if (!hit) return "nothing";
    const text = (hit.getAttribute("aria-label") ?? hit.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
    return `${hit.tagName.toLowerCase()}.${String(hit.className).split(" ")[0]} "${text}"`;
  }, point);
}

test.describe("the exchange asked by a press low on its button at the bottom edge", () => {
  const cases = [
    { input: "mouse", use: MOUSE, width: 375 },
    { input: "mouse", use: MOUSE, width: 1280 },
    { input: "tap", use: TOUCH, width: 375 },
  ] as const;
  for (const { input, use, width } of cases) {
    test.describe(`by ${input} at ${width} px`, () => {
      test.use({ ...use, viewport: { width, height: 740 } });

      test("after a size chosen last, and after a note typed last: sent and answered", async ({ page }) => {
        const { orders } = await customerWithDeliveries(page, 2);
        await page.goto("/TrackOrder");
        await waitForHydration(page);
        for (const [n, order] of orders.entries()) {
          const card = page.locator(`#order-${order._id}`);
          await card.getByRole("button", { name: /^Exchange a pair/ }).click();
          const form = card.getByRole("form", { name: "Exchange a pair" });
          await form.getByRole("radio", { name: "Too small" }).check();
          // The size one up is suggested; chosen again by hand, the last thing pressed is a radio.
          const wanted = form.getByRole("radio", { name: "41", exact: true });
          await expect(wanted).toBeChecked();
          await wanted.click();
          await expect(wanted).toBeFocused();
          const note = form.getByLabel("Anything we should know? (optional)");
          // The second: a note typed last keeps the focus in a field (the bar is away for the keyboard).
          if (n === 1) await note.fill("They pinch at the toes.");
          const button = form.getByRole("button", { name: "Ask for the exchange" });
          // The pictures in view have arrived: none moves the form once the press has started.
          await settle(page);
          const { low } = await bringToBottomEdge(button);
          if (n === 1 && width === 375) {
            // The press is where the bar (3.5rem) stands once the focus leaves the note.
            expect(await barTop(page)).toBeNull();
            expect(low.y).toBeGreaterThan(740 - 56);
          }
          if (width === 375)
            await shoot(page, `press-at-edge-exchange-${n === 0 ? "size" : "note"}-last-${input}`, { fullPage: false });
          expect(await hitAt(button, low), "at the start of the press").toBe("the button");
          if (input === "tap") {
            await page.touchscreen.tap(low.x, low.y);
          } else {
            await page.mouse.move(low.x, low.y);
            await page.mouse.down();
            expect(await hitAt(button, low), "in the middle of the press").toBe("the button");
            if (width === 375)
              await shoot(page, `press-at-edge-exchange-${n === 0 ? "size" : "note"}-last-mid-press`, {
                fullPage: false,
              });
            await page.mouse.up();
          }
          await expect(card.getByText(EXCHANGE_MESSAGES.requested)).toBeVisible();
          await expect(form).toHaveCount(0);
          await expect(card.getByRole("list", { name: "Exchange requests" }).getByRole("listitem")).toContainText(
            "Waiting for the shop",
          );
        }
      });
    });
  }

  test.describe("at the bottom edge, for a look", () => {
    test.use({ ...MOUSE });
    for (const width of [375, 1280]) {
      test(`the exchange form at ${width} px, its end at the screen's bottom`, async ({ page }) => {
        await page.setViewportSize({ width, height: 740 });
        const { orders } = await customerWithDeliveries(page, 1);
        await page.goto("/TrackOrder");
        await waitForHydration(page);
        const card = page.locator(`#order-${orders[0]?._id}`);
        await card.getByRole("button", { name: /^Exchange a pair/ }).click();
        const form = card.getByRole("form", { name: "Exchange a pair" });
        await form.getByRole("radio", { name: "Too small" }).check();
        await form.getByLabel("Anything we should know? (optional)").fill("They pinch at the toes.");
        await form.getByRole("radio", { name: "Too small" }).focus();
        await form.evaluate((el) => {
          const over = el.getBoundingClientRect().bottom - window.innerHeight;
          window.scrollBy({ top: over, behavior: "instant" });
        });
        await shoot(page, `press-at-edge-exchange-form-end-${width}`, { fullPage: false });
        const button = form.getByRole("button", { name: "Ask for the exchange" });
        const { centre } = await bringToBottomEdge(button);
        expect(await hitAt(button, centre)).toBe("the button");
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// The walk over every form.

interface WalkedButton {
  /** `data-walk-button` of the button, and a word of `data-walk-field` of the form's last field before it. */
  button: string;
  field: string | null;
  label: string;
  disabled: boolean;
}

/**
 * Marks the forms in use (the open dialog's, when one is open) with their submit buttons and last
 * button, and the last field before each.
 */
async function formButtons(page: Page): Promise<WalkedButton[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    // Marks of an earlier look (the forms may have changed since) go first.
    for (const marked of document.querySelectorAll("[data-walk-button], [data-walk-field]")) {
      marked.removeAttribute("data-walk-button");
      marked.removeAttribute("data-walk-field");
    }
    const dialog = [...document.querySelectorAll("dialog[open]")].filter(shown).at(-1);
    const forms = [...(dialog ?? document).querySelectorAll("form")].filter(
      (form) => shown(form) && (dialog !== undefined || !form.closest("dialog")),
    );
    const found: WalkedButton[] = [];
    for (const [f, form] of forms.entries()) {
      const buttons = [...form.querySelectorAll("button")].filter(shown);
      const chosen = [...new Set([...buttons.filter((b) => b.type === "submit"), ...buttons.slice(-1)])];
      const fields = [...form.querySelectorAll("input:not([type=hidden]), textarea, select")].filter(
        (field) => !(field as HTMLInputElement).disabled && (shown(field) || field.closest("label") !== null),
      );
      const name = form.getAttribute("aria-label") ?? form.querySelector("h1, h2, h3, legend, label")?.textContent;
      for (const [b, button] of chosen.entries()) {
        button.dataset.walkButton = `${f}-${b}`;
        const before = fields.filter(
          (field) => field.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
        const field = before.at(-1);
        // A field can be the last before two buttons (a form's submit and its Cancel).
        if (field) field.setAttribute("data-walk-field", `${field.getAttribute("data-walk-field") ?? ""} ${f}-${b}`);
        found.push({
          button: `${f}-${b}`,
          field: field ? `${f}-${b}` : null,
          label: `form "${(name ?? "").trim().slice(0, 40)}", button "${(button.textContent ?? "").trim().slice(0, 40)}"`,
          disabled: button.disabled,
        });
      }
    }
    return found;
  });
}

/**
 * Clicks are caught on their way down (nothing is sent, nothing opens), noting what they reached.
 * The shop's own listeners on the window (the bar's, the early taps') still see them first.
 */
async function catchClicks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const caught: string[] = [];
    Object.assign(window, { caughtClicks: caught });
    document.addEventListener(
      "click",
      (event) => {
        const target = event.target as Element;
        caught.push(target.closest("[data-walk-button]")?.getAttribute("data-walk-button") ?? target.tagName);
        event.preventDefault();
        event.stopPropagation();
      },
      true,
    );
  });
}

/** What each click caught so far reached: a button's `data-walk-button`, else the element's tag. */
async function clicksCaught(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { caughtClicks: string[] }).caughtClicks);
}

/** Every form's submit and last button on the page, pressed at its centre and low, with `input`. */
async function walkForms(page: Page, where: string, input: "mouse" | "tap"): Promise<void> {
  await catchClicks(page);
  // A form opened by a press comes with React's next render.
  await expect.poll(async () => (await formButtons(page)).length, { message: `${where}: a form` }).toBeGreaterThan(0);
  const buttons = await formButtons(page);
  for (const { button: id, field: fieldId, label, disabled } of buttons) {
    const button = page.locator(`[data-walk-button="${id}"]`);
    const field = fieldId ? page.locator(`[data-walk-field~="${fieldId}"]`) : null;
    for (const part of ["centre", "low"] as const) {
      const what = `${where}, ${label}, pressed ${part} by ${input}`;
      // The shopper's last move before the press: into the last field.
      if (field) await field.focus();
      const point = (await bringToBottomEdge(button))[part];
      expect(await hitAt(button, point), `${what}: at the start`).toBe("the button");
      const before = (await clicksCaught(page)).length;
      if (input === "tap") {
        await page.touchscreen.tap(point.x, point.y);
      } else {
        await page.mouse.move(point.x, point.y);
        await page.mouse.down();
        expect(await hitAt(button, point), `${what}: in the middle`).toBe("the button");
        await page.mouse.up();
      }
      // A disabled button takes no click: what it would take is checked above.
      if (disabled) continue;
      await expect
        .poll(async () => (await clicksCaught(page)).slice(before), { message: `${what}: the click` })
        .toEqual([id]);
    }
  }
}

/** The link of the mail to `email` matching `pattern`, from the shop's outbox. */
async function mailedLink(email: string, pattern: RegExp): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let link: string | undefined;
  await expect(async () => {
    for (const name of (await readdir(outbox)).filter((n) => n.endsWith(".eml"))) {
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      link = pattern.exec(text)?.[0];
      if (link) break;
    }
    expect(link, `the mail to ${email}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return link as string;
}

/** A page of the walk: where it is, and how its forms are brought into view. */
interface Stop {
  name: string;
  path: string;
  /** Opens the form (a dialog, a panel) once the page has hydrated. */
  open?: (page: Page) => Promise<void>;
}

async function visitorStops(page: Page): Promise<Stop[]> {
  const admin = await signIn(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const shoe = await newShoe(page, admin);
  return [
    { name: "login", path: "/login" },
    { name: "sign-up", path: "/sign-up" },
    { name: "reset", path: "/reset-password" },
    { name: "new password", path: "/reset-password/confirm?token=walk-the-forms" },
    { name: "search", path: "/search?query=chappal" },
    {
      name: "back-in-stock alert",
      path: `/products/${shoe._id}?size=42`,
      open: async (p) => p.getByRole("button", { name: "Tell me when size 42 is back" }).click(),
    },
    {
      name: "find my size",
      path: `/products/${shoe._id}`,
      open: async (p) => {
        await p.getByRole("button", { name: "Size chart" }).click();
        await expect(p.getByRole("dialog", { name: "Size Guide" })).toBeVisible();
      },
    },
    {
      name: "filter sheet",
      // The list's address with #filters opens its sheet on a phone.
      path: "/men?page=1#filters",
      open: async (p) => expect(p.getByRole("dialog", { name: "Filter & sort" })).toBeVisible(),
    },
  ];
}

async function customerStops(page: Page): Promise<Stop[]> {
  const { customer, orders, shoe } = await customerWithDeliveries(page, 1);
  const delivered = orders[0] as Order;
  // One order waiting for its confirmation (its mail's link), and a line in the cart.
  const waiting = await orderOf(page, customer, shoe);
  const added = await page.request.post("/api/user/cart/add", {
    headers: bearer(customer),
    data: { productId: shoe._id, size: 41, quantity: 1 },
  });
  expect(added.ok()).toBe(true);
  const verify = await mailedLink(customer.user.email, /\/verify-email\?token=[A-Za-z0-9._-]+/);
  const confirm = await confirmLinkFor(customer.user.email, waiting._id);
  const checkout = async (p: Page) => {
    await p.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(p.getByRole("dialog", { name: "Checkout Details" })).toBeVisible();
  };
  return [
    {
      name: "exchange",
      path: "/TrackOrder",
      open: async (p) => {
        const card = p.locator(`#order-${delivered._id}`);
        await card.getByRole("button", { name: /^Exchange a pair/ }).click();
        await card.getByRole("form", { name: "Exchange a pair" }).getByRole("radio", { name: "Too small" }).check();
      },
    },
    { name: "checkout", path: "/my-cart", open: checkout },
    {
      name: "address book",
      path: "/my-cart",
      open: async (p) => {
        await checkout(p);
        await p.getByRole("button", { name: /^Edit Hina Baloch/ }).click();
      },
    },
    { name: "order confirmation", path: confirm },
    { name: "e-mail confirmation", path: verify },
  ];
}

async function ownerStops(page: Page): Promise<Stop[]> {
  const admin = await signIn(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const customer = await newCustomer(page.request, "edge-owner");
  const order = await orderOf(page, customer, await newShoe(page, admin));
  await moveOrder(page.request, admin, order._id, ["confirm"]);
  await startSignedIn(page, admin);
  return [
    { name: "new product", path: "/admin/products/new" },
    { name: "order", path: `/admin/orders/${order._id}` },
    { name: "confirmation times", path: "/admin/confirmation" },
    { name: "exchange rules", path: "/admin/exchanges" },
    { name: "synonyms", path: "/admin/synonyms" },
    { name: "areas", path: "/admin/areas" },
    {
      name: "couriers",
      path: "/admin/couriers",
      open: async (p) => p.getByRole("button", { name: "Add a courier" }).click(),
    },
  ];
}

for (const { input, use } of [
  { input: "mouse", use: MOUSE },
  { input: "tap", use: TOUCH },
] as const) {
  test.describe(`every form's buttons at the bottom edge at 375 px, by ${input}`, () => {
    test.use({ ...use, viewport: { width: 375, height: 740 } });
    for (const [who, stopsOf] of [
      ["a visitor's", visitorStops],
      ["a customer's", customerStops],
      ["the owner's", ownerStops],
    ] as const) {
      test(`${who} forms: a press at a button's centre and low on it reaches the button`, async ({ page }) => {
        test.setTimeout(180_000);
        const stops = await stopsOf(page);
        for (const stop of stops) {
          await page.goto(stop.path);
          await waitForHydration(page);
          await stop.open?.(page);
          await settle(page);
          await walkForms(page, `${stop.name} (${stop.path})`, input);
        }
      });
    }
  });
}
