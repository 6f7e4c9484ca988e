// The forms and the list controls work before, during and after hydration (issue 29): what the
// shopper typed, chose and pressed on the server's HTML is not lost when React takes the page over,
// and a form posted without JavaScript gets a page to act on, never JSON.
// docs/decisions/015-forms-before-hydration.md.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Browser, expect, type Page, type Route, type TestInfo, test } from "@playwright/test";
import { INVALID_LOGIN, RESET_REQUESTED, SIGN_UP_SUCCESS } from "../shared/accounts.ts";
import { expectPricesInOrder, waitForHydration } from "./support.ts";
import { openUnhydrated, tapOrClick } from "./unhydrated.ts";

const outbox = path.resolve(import.meta.dirname, "..", process.env.E2E_DATA_DIR ?? "missing-data-dir", "outbox");
const SNEAKERS = "/men/sneakers-&-casual-shoes";
const NOT_LOADED = /had not finished loading/;

let counter = 0;
function newUser() {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `early_${id}`, email: `early.${id}@example.test`, password: `Typed-early-${id}` };
}
type User = ReturnType<typeof newUser>;

const toastWith = (page: Page, text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text);
const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

async function signUpByApi(page: Page, user: User) {
  expect((await page.request.post("/api/user/signup", { data: user })).status()).toBe(201);
}

async function canLogIn(page: Page, email: string, password: string): Promise<boolean> {
  return (await page.request.post("/api/user/login", { data: { email, password } })).ok();
}

/** The confirm link of the newest reset mail sent to `email` (as e2e/accounts.spec.ts reads it). */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const names = (await readdir(outbox))
      .filter((n) => n.endsWith(".eml"))
      .sort()
      .reverse();
    for (const name of names) {
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      if (!text.toLowerCase().includes(`to: ${email}`)) continue;
      link = /\/reset-password\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(text)?.[0];
      break;
    }
    expect(link, `a reset mail to ${email}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return link as string;
}

test("login typed and pressed before hydration signs in once the page hydrates", async ({ page, isMobile }) => {
  const user = newUser();
  await signUpByApi(page, user);
  const button = page.getByRole("button", { name: "Login", exact: true });
  const release = await openUnhydrated(page, "/login", button);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await tapOrClick(button, isMobile);
  await release();
  await waitForHydration(page);
  await expect(toastWith(page, "Login successful")).toBeVisible();
  expect(JSON.parse((await stored(page, "token")) ?? "null")).toEqual(expect.any(String));
});

test("text typed before hydration is still there once the page hydrates", async ({ page }) => {
  const user = newUser();
  const release = await openUnhydrated(page, "/sign-up", page.getByLabel("Username"));
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Email").fill(user.email);
  await release();
  await waitForHydration(page);
  // A render after hydration would put back the state React had ("") if it had not taken the text.
  await page.getByLabel("Password").fill(user.password);
  await expect(page.getByLabel("Username")).toHaveValue(user.username);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(toastWith(page, SIGN_UP_SUCCESS)).toBeVisible();
  expect(await canLogIn(page, user.email, user.password)).toBe(true);
});

test("sign-up typed and pressed before hydration creates the account once hydrated", async ({ page, isMobile }) => {
  const user = newUser();
  const button = page.getByRole("button", { name: "Sign Up" });
  const release = await openUnhydrated(page, "/sign-up", button);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await tapOrClick(button, isMobile);
  await release();
  await waitForHydration(page);
  await expect(toastWith(page, SIGN_UP_SUCCESS)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await canLogIn(page, user.email, user.password)).toBe(true);
});

test("a reset asked and confirmed before hydration changes the password", async ({ page, isMobile }) => {
  const user = newUser();
  await signUpByApi(page, user);
  const newPassword = `Early-new-${Date.now()}`;
  const ask = page.getByRole("button", { name: "Reset Password" });
  let release = await openUnhydrated(page, "/reset-password", ask);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm Password").fill(newPassword);
  await tapOrClick(ask, isMobile);
  await release();
  await waitForHydration(page);
  await expect(toastWith(page, RESET_REQUESTED)).toBeVisible();

  const link = await resetLinkFor(user.email);
  await page.unrouteAll();
  const confirm = page.getByRole("button", { name: "Confirm new password" });
  release = await openUnhydrated(page, link, confirm);
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await tapOrClick(confirm, isMobile);
  await release();
  await waitForHydration(page);
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your password has been changed");
  expect(await canLogIn(page, user.email, newPassword)).toBe(true);
});

// On a phone the form is in the sheet, which opens only once hydrated (its tap is replayed, see
// early-taps.spec.ts); the sidebar's controls are on screen before hydration on a laptop.
test("a sort chosen before hydration sorts the list once hydrated", async ({ page }, info: TestInfo) => {
  test.skip(info.project.name === "phone", "the phone's filters are in a sheet that opens once hydrated");
  const sidebar = page.getByRole("complementary", { name: "Filters" });
  const release = await openUnhydrated(page, SNEAKERS, sidebar.getByLabel("Sort by"));
  await sidebar.getByLabel("Sort by").selectOption("price-asc");
  await release();
  await waitForHydration(page);
  await expect(page).toHaveURL(/\?sort=price-asc$/);
  await expect(sidebar.getByLabel("Sort by")).toHaveValue("price-asc");
  await expectPricesInOrder(page, "asc");
});

test("a filter ticked before hydration filters the list once hydrated", async ({ page }, info: TestInfo) => {
  test.skip(info.project.name === "phone", "the phone's filters are in a sheet that opens once hydrated");
  const sidebar = page.getByRole("complementary", { name: "Filters" });
  const release = await openUnhydrated(page, SNEAKERS, sidebar.getByText("Grey", { exact: true }));
  await sidebar.getByText("Grey", { exact: true }).click();
  await sidebar.getByText("On sale").click();
  await release();
  await waitForHydration(page);
  await expect(page).toHaveURL(/\?colour=grey&sale=1$/);
  await expect(sidebar.getByRole("checkbox", { name: "Grey" })).toBeChecked();
  await expect(sidebar.getByRole("checkbox", { name: "On sale" })).toBeChecked();
});

async function noScriptPage(browser: Browser, info: TestInfo): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch, userAgent } = info.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    javaScriptEnabled: false,
  });
  return context.newPage();
}

test("a form posted without JavaScript gets the page again with what was typed, not JSON", async ({
  browser,
}, info) => {
  const page = await noScriptPage(browser, info);
  const user = newUser();
  await page.goto("/sign-up");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Sign Up" }).click(),
  ]);
  expect(answer.headers()["content-type"]).toMatch(/^text\/html/);
  await expect(page.getByRole("heading", { name: "Sign Up", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByText(NOT_LOADED)).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue(user.username);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  await page.context().close();
});

test("a login pressed when the app's scripts failed to load gets the page again with its e-mail", async ({
  page,
  isMobile,
}) => {
  const user = newUser();
  // The scripts wait, then fail: as on a phone whose link drops while the bundles load.
  const held: Route[] = [];
  let failing = false;
  await page.route("**/assets/**/*.js", (route) => (failing ? route.abort() : void held.push(route)));
  await page.goto("/login", { waitUntil: "commit" });
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await tapOrClick(page.getByRole("button", { name: "Login", exact: true }), isMobile);
  const posted = page.waitForResponse((r) => r.request().method() === "POST");
  failing = true;
  await Promise.all(held.splice(0).map((route) => route.abort()));
  expect((await posted).headers()["content-type"]).toMatch(/^text\/html/);
  // A sign-in posted as a plain form is answered by the server itself (issue 46): this account does
  // not exist, so it says what a press after hydration says.
  await expect(page.getByRole("main").getByText(INVALID_LOGIN)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expect(page.getByLabel("Password")).toHaveValue("");
});

test("the page a form post answered hydrates with the posted e-mail in the form's own state", async ({ page }) => {
  const user = newUser();
  await signUpByApi(page, user);
  await page.goto("/contact");
  // A plain post, as a browser makes one when React did not take the press.
  await page.evaluate((email) => {
    const form = Object.assign(document.createElement("form"), { method: "post", action: "/login" });
    form.append(Object.assign(document.createElement("input"), { name: "email", value: email }));
    document.body.append(form);
    form.submit();
  }, user.email);
  // The server tries the sign-in itself (issue 46): without a password it asks for one.
  await expect(page.getByRole("main").getByText("Please enter your password.")).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Password").fill(user.password);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toastWith(page, "Login successful")).toBeVisible();
});
