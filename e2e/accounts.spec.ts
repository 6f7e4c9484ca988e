// The account forms of docs/product.md sections 2, 4, 5 and 8 in a browser: sign-up, login, the reset
// with its mailed confirmation link, the sign-up mail's 'confirm your e-mail' link, the start-up check
// of a stored token, and sign-out.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_VERIFIED,
  INVALID_LOGIN,
  PASSWORDS_DO_NOT_MATCH,
  RESET_REQUESTED,
  SIGN_UP_SUCCESS,
  SIGNED_OUT,
  VERIFY_LINK_INVALID,
} from "../shared/accounts.ts";
import { expectNoAxeViolations, waitForHydration } from "./support.ts";

const outbox = path.resolve(import.meta.dirname, "..", process.env.E2E_DATA_DIR ?? "missing-data-dir", "outbox");

let counter = 0;
function newUser() {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `shopper_${id}`, email: `shopper.${id}@example.test`, password: `Walk-in-Karachi-${id}` };
}
type User = ReturnType<typeof newUser>;

const toastWith = (page: Page, text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text);
const header = (page: Page) => page.getByRole("banner");
const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

async function signUpByApi(page: Page, user: User) {
  const response = await page.request.post("/api/user/signup", { data: user });
  expect(response.status()).toBe(201);
}

async function loginByApi(page: Page, user: User): Promise<{ token: string; user: { _id: string } }> {
  const response = await page.request.post("/api/user/login", { data: { email: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { token: string; user: { _id: string } };
}

/** The confirm link of the newest reset mail sent to `email`, as a path of this shop. */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const names = (await readdir(outbox))
      .filter((n) => n.endsWith(".eml"))
      .sort()
      .reverse();
    for (const name of names) {
      // Undo quoted-printable soft line breaks and '=' escapes.
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      if (!text.toLowerCase().includes(`to: ${email}`)) continue;
      const match = /\/reset-password\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(text);
      link = match?.[0];
      break;
    }
    expect(link, `a reset mail to ${email} in ${outbox}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return link as string;
}

test("sign-up: success goes to /login with a toast; a taken e-mail or username is refused", async ({ page }) => {
  const user = newUser();
  await page.goto("/sign-up");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toastWith(page, SIGN_UP_SUCCESS)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);

  await page.goto("/sign-up");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Email").fill(newUser().email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByLabel("Password").press("Enter"); // keyboard submit
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toHaveText("Username or email already in use!");
  await expect(toastWith(page, "Username or email already in use!")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/sign-up$/);
});

test("sign-up: every field the server refuses is marked, not only the one its message names", async ({ page }) => {
  await page.goto("/sign-up");
  await waitForHydration(page);
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("Email").fill(newUser().email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Your password must be at least 8 characters long. 1 more field also needs correcting.",
  );
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
});

test("login: a wrong password is refused inline and by a toast; success saves the session", async ({ page }) => {
  const user = newUser();
  await signUpByApi(page, user);
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(`${user.password}-wrong`);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(INVALID_LOGIN);
  await expect(toastWith(page, INVALID_LOGIN)).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Password").fill(user.password);
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(toastWith(page, "Login successful")).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
  expect(JSON.parse((await stored(page, "token")) ?? "null")).toEqual(expect.any(String));
  expect(JSON.parse((await stored(page, "user")) ?? "null")).toMatchObject({
    email: user.email,
    username: user.username,
  });
});

test("reset password: a mismatch sends nothing; the mailed link sets the new password", async ({ page }) => {
  const user = newUser();
  await signUpByApi(page, user);
  const resetCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/user/reset-password")) resetCalls.push(request.url());
  });
  const newPassword = `New-shoes-for-Eid-${Date.now()}`;

  await page.goto("/reset-password");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("New Password").fill(newPassword);
  await page.getByLabel("Confirm Password").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(PASSWORDS_DO_NOT_MATCH);
  await expect(page.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");
  expect(resetCalls).toEqual([]);

  await page.getByLabel("Confirm Password").fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toastWith(page, RESET_REQUESTED)).toBeVisible();
  // Nothing changed yet: the old password still works.
  await loginByApi(page, user);

  const link = await resetLinkFor(user.email);
  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your new password");
  // The page asks for the chosen password again: a wrong one is refused and marked, the field cleared.
  await page.getByLabel("New Password", { exact: true }).fill(`${newPassword}-not-it`);
  await page.getByRole("button", { name: "Confirm new password" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("not the new password you chose");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("4 tries left");
  await expect(page.getByLabel("New Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("New Password", { exact: true })).toBeFocused();
  await expect(page.getByLabel("New Password", { exact: true })).toHaveValue("");
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Confirm new password" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your password has been changed");
  await page.getByRole("link", { name: "Go to Login" }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toastWith(page, "Login successful")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The link works once: it says so and offers a new one instead of the form.
  await page.goto(link);
  await waitForHydration(page);
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Confirm new password" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("already used");
  await expect(page.getByLabel("New Password", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Ask for a new link" }).first()).toBeVisible();
});

test("reset confirm: five wrong passwords kill the link, which then says to ask again", async ({ page }) => {
  const user = newUser();
  await signUpByApi(page, user);
  const newPassword = `Chosen-by-asker-${Date.now()}`;
  const asked = await page.request.post("/api/user/reset-password", {
    data: { email: user.email, newPassword, confirmPassword: newPassword },
  });
  expect(asked.status()).toBe(200);
  await page.goto(await resetLinkFor(user.email));
  await waitForHydration(page);
  for (let i = 1; i <= 5; i++) {
    await page.getByLabel("New Password", { exact: true }).fill(`${user.password}-${i}`);
    await page.getByRole("button", { name: "Confirm new password" }).click();
    if (i < 5) await expect(page.getByRole("main").getByRole("alert")).toContainText(`${5 - i} tr`);
  }
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Too many wrong passwords");
  await expect(page.getByLabel("New Password", { exact: true })).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Ask for a new link" }).first().click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await loginByApi(page, user);
});

test("reset confirm: a broken link says so and offers a new one, without blaming the password", async ({ page }) => {
  await page.goto("/reset-password/confirm?token=not-a-real-token");
  await waitForHydration(page);
  await page.getByLabel("New Password", { exact: true }).fill("Any-password-123");
  await page.getByRole("button", { name: "Confirm new password" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("not valid");
  await expect(page.getByLabel("New Password", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Ask for a new link" }).first()).toBeVisible();
});

test("a forged stored token is checked at start and signs the browser out", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => {
    window.localStorage.setItem("token", JSON.stringify("forged-token-that-the-server-never-issued"));
    window.localStorage.setItem("user", JSON.stringify({ _id: "someone", email: "x@example.test", username: "x" }));
  });
  const checked = page.waitForResponse((r) => r.url().endsWith("/api/user/my-details"));
  await page.reload();
  expect((await checked).status()).toBe(401);
  await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect.poll(() => stored(page, "token")).toBeNull();
  expect(await stored(page, "user")).toBeNull();
});

test("sign-out clears the server cart, ends the session and empties storage", async ({ page }) => {
  const user = newUser();
  await signUpByApi(page, user);
  const session = await loginByApi(page, user);
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate((s) => {
    window.localStorage.setItem("token", JSON.stringify(s.token));
    window.localStorage.setItem("user", JSON.stringify(s.user));
    window.localStorage.setItem("cart", "[]");
  }, session);
  const checked = page.waitForResponse((r) => r.url().endsWith("/api/user/my-details"));
  await page.reload();
  expect((await checked).status()).toBe(200); // a valid stored token stays signed in
  const logout = header(page).getByRole("button", { name: "Logout" });
  await expect(logout).toBeVisible();

  const cleared = page.waitForResponse((r) => r.url().endsWith("/api/user/cart/clear"));
  await logout.click();
  expect((await cleared).ok()).toBe(true);
  await expect(toastWith(page, SIGNED_OUT)).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
  for (const key of ["token", "user", "cart"]) expect(await stored(page, key)).toBeNull();
  const old = await page.request.get("/api/user/my-details", { headers: { Authorization: `Bearer ${session.token}` } });
  expect(old.status()).toBe(401);
});

/** The link of the sign-up's 'confirm your e-mail' mail to `email`, as a path of this shop. */
async function verifyLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    for (const name of (await readdir(outbox)).filter((n) => n.endsWith(".eml"))) {
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      if (!text.toLowerCase().includes(`to: ${email}`)) continue;
      link = /\/verify-email\?token=[\w.-]+/.exec(text)?.[0] ?? link;
    }
    expect(link, `a verification mail to ${email} in ${outbox}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return link as string;
}

test("verify-email: the sign-up mail's link confirms the address with one press; a damaged link says so", async ({
  page,
}) => {
  const user = newUser();
  await signUpByApi(page, user);
  const link = await verifyLinkFor(user.email);
  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E-mail address confirmed" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(EMAIL_VERIFIED);
  await expectNoAxeViolations(page);

  // Proven now: the link says so and asks nothing more (issue 46).
  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "E-mail address confirmed" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(EMAIL_ALREADY_VERIFIED);
  await expect(page.getByRole("button", { name: "Confirm my e-mail address" })).toHaveCount(0);

  // A damaged link says so before any press, with nothing to press.
  await page.goto(`${link.slice(0, -3)}AAA`);
  await waitForHydration(page);
  await expect(page.getByRole("alert")).toContainText(VERIFY_LINK_INVALID);
  await expect(page.getByRole("button", { name: "Confirm my e-mail address" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

for (const route of [
  "/sign-up",
  "/login",
  "/reset-password",
  "/reset-password/confirm?token=not-a-real-token",
  "/verify-email?token=not-a-real-token",
]) {
  test(`${route} renders on the server with labels and no axe violations`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveCount(1);
    // A page a shopper opens may be indexed; one that carries a mailed token may not (decision 028).
    const robots = page.locator('meta[name="robots"][content="noindex"]');
    await expect(robots).toHaveCount(route.includes("token=") ? 1 : 0);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });
}
