// What the layout test measures on a page as a person would meet it: whether it scrolls sideways, and
// whether something fixed (the floating links, a toast, a bar) sits on top of a link, button, field or
// price, found by asking the browser which element is on top at points of each control.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { Product, ProductList } from "../shared/catalog.ts";
import { CATEGORY_SLUGS } from "../shared/categories.ts";

export interface Covered {
  target: string;
  by: string;
}

/** Width of the page beyond the viewport, in px (0 when nothing scrolls sideways). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The page has loaded and the pictures in view have arrived. Not "networkidle": an admin screen
 * keeps a stream open (the live count of new orders), so its network is never idle.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      })
      .every((img) => img.complete),
  );
}

export async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  // Lazy pictures that arrive may grow the page: settle, then go to the end once more.
  await settle(page);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
}

/**
 * Controls, prices and headings (product names) in view that a fixed or sticky element covers. With a
 * dialog open only the dialog's own controls count (the page behind it is inert).
 *
 * A bar across the screen at its top or bottom edge (the header, the floating links' bar) is an edge
 * of the view: what scrolls under it is out of view as what scrolls past the screen's edge is, and the
 * page must leave room to scroll it out (checked at the page's end). Anything else fixed (a floating
 * button, a toast) covers what is under it wherever it is, and so does a bar over another fixed element.
 */
export async function coveredByFixed(page: Page): Promise<Covered[]> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== "hidden" && style.display !== "none" && box.width > 2 && box.height > 2;
    };
    const fixedAncestor = (el: Element | null): Element | null => {
      for (let node = el; node; node = node.parentElement) {
        const { position } = getComputedStyle(node);
        if (position === "fixed" || position === "sticky") return node;
      }
      return null;
    };
    const isEdgeBar = (el: Element) => {
      const box = el.getBoundingClientRect();
      const across = box.width >= window.innerWidth * 0.9;
      return across && (box.top <= 1 || box.bottom >= window.innerHeight - 1);
    };
    const label = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${text}"`;
    };
    // The phone menu is a <dialog> shown as a popover (decision 055): open without the attribute.
    const open = "dialog[open], dialog:popover-open, [role=dialog], [role=alertdialog]";
    const dialogs = [...document.querySelectorAll(open)].filter(visible);
    const scope = dialogs.at(-1) ?? document.body;
    const controls = [...scope.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea")];
    const names = [...scope.querySelectorAll("h1, h2, h3")];
    const prices = [...scope.querySelectorAll("*")].filter(
      (el) => el.children.length === 0 && /^Rs\.\s?[\d,]+$/.test(el.textContent?.trim() ?? ""),
    );
    const covered: { target: string; by: string }[] = [];
    for (const target of [...controls, ...names, ...prices]) {
      if (!visible(target)) continue;
      const own = fixedAncestor(target);
      const box = target.getBoundingClientRect();
      const inset = Math.min(3, box.width / 4, box.height / 4);
      const points: [number, number][] = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + inset, box.top + inset],
        [box.right - inset, box.top + inset],
        [box.left + inset, box.bottom - inset],
        [box.right - inset, box.bottom - inset],
      ];
      for (const [x, y] of points) {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit === target || target.contains(hit) || hit.contains(target)) continue;
        const over = fixedAncestor(hit);
        if (!over || over === own || over.contains(target)) continue;
        // Content of a sticky box that is not stuck (the cart's summary beside one line) scrolls with the page.
        const ownFixed = own !== null && getComputedStyle(own).position === "fixed";
        if (isEdgeBar(over) && !ownFixed) continue;
        covered.push({ target: label(target), by: label(over) });
        break;
      }
    }
    return covered;
  });
}

/** Every product of the demo catalogue, through the public API. */
export async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const lists = await Promise.all(
    CATEGORY_SLUGS.map(
      async (slug) => (await (await request.get(`/api/products?category=${slug}`)).json()) as ProductList,
    ),
  );
  return lists.flatMap((list) => list.products);
}

export interface Account {
  token: string;
  user: { _id: string; email: string; username: string; role?: string };
}

export async function signIn(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const response = await request.post("/api/user/login", { data: { email, password } });
  if (!response.ok()) throw new Error(`sign-in of ${email} answered ${response.status()}`);
  return (await response.json()) as Account;
}

/**
 * The browser starts signed in as the account, as after a login (docs/product.md section 3 storage
 * keys): every page of that page (or of that context) it loads from now on.
 */
export async function startSignedIn(page: Page | BrowserContext, account: Account): Promise<void> {
  await page.addInitScript((stored) => {
    window.localStorage.setItem("token", JSON.stringify(stored.token));
    window.localStorage.setItem("user", JSON.stringify(stored.user));
  }, account);
}
