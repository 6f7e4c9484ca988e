// The forms that work without JavaScript (issue 46, docs/decisions/015-forms-before-hydration.md):
// sign in, Add to Cart on a product page, the cart's checkout, a failed delivery's choice (issue 49),
// the 'stop WhatsApp updates' button and a pair's review (issue 53), each posted as a plain form to
// its own page.
// Each is sent on, in this process, to the very API route React calls (app.inject), so the checks,
// rate limits, messages, idempotency and totals are the API's and nothing is written twice; the
// answer is a 303 to the next page, or the same page again with the API's message. A post from
// another site is refused (CSRF, besides the cookie's SameSite).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ATTEMPT_PAGE_TEXTS } from "#shared/delivery-attempts.ts";
import { DELIVERY_CITY, IDEMPOTENCY_KEY_HEADER } from "#shared/orders.ts";
import { WHATSAPP_UPDATES_STOP_PATH } from "#shared/whatsapp-updates.ts";
import { findSessionUser, type SessionUser } from "../../accounts/sessions.ts";
import type { Db } from "../../db/client.ts";
import { cookieToken, endedSessionCookie, fromOwnPage, sessionCookie } from "./cookie-session.ts";

/** What the page route does with a plain form post (server/web/react-router.ts). */
export type FormAnswer =
  | { kind: "redirect"; location: string; cookies: string[] }
  /** The same page again, read as a GET, with this message over the form and what was typed. */
  | { kind: "again"; notice: string }
  | { kind: "refused" };

export type FormPosts = (
  request: FastifyRequest,
  path: string,
  body: URLSearchParams,
) => Promise<FormAnswer | undefined>;

const PRODUCT_PAGE = /^\/products\/([^/]+)\/?$/;

interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  cookies: string[];
}

export function noScriptForms(app: FastifyInstance, deps: { db: Db; publicUrl: string }): FormPosts {
  const secure = deps.publicUrl.startsWith("https://");

  /** The API route React would call, with the cookie's token as the bearer and the visitor's address. */
  async function callApi(
    request: FastifyRequest,
    call: { method: "GET" | "POST"; url: string; token?: string; json?: unknown; headers?: Record<string, string> },
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = { ...call.headers };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (request.headers.cookie) headers.cookie = request.headers.cookie;
    if (request.headers["user-agent"]) headers["user-agent"] = request.headers["user-agent"];
    const answer = await app.inject({
      method: call.method,
      url: call.url,
      headers,
      remoteAddress: request.ip,
      ...(call.json !== undefined && { payload: call.json as object }),
    });
    const set = answer.headers["set-cookie"];
    const cookies = set === undefined ? [] : Array.isArray(set) ? set : [set];
    let body: Record<string, unknown> = {};
    try {
      body = answer.json();
    } catch {
      // No JSON body (a 204): nothing to read.
    }
    return { status: answer.statusCode, body, cookies };
  }

  const messageOf = (answer: ApiAnswer): string => {
    const message = typeof answer.body.message === "string" ? answer.body.message : "Something went wrong.";
    const fields = answer.body.fields;
    if (!fields || typeof fields !== "object") return message;
    const details = Object.values(fields as Record<string, unknown>).filter(
      (v) => typeof v === "string" && v !== message,
    );
    return [message, ...new Set(details)].join(" ");
  };

  const toLogin = (returnTo: string, cookies: string[] = []): FormAnswer => ({
    kind: "redirect",
    location: `/login?${new URLSearchParams({ redirectTo: returnTo })}`,
    cookies,
  });

  /** The shopper of the cookie, or what to answer without one (to sign in, and back here). */
  async function cookieUser(request: FastifyRequest, returnTo: string) {
    const token = cookieToken(request);
    const user: SessionUser | undefined = token ? await findSessionUser(deps.db, token) : undefined;
    if (token && user) return { token, user };
    return toLogin(returnTo, token ? [endedSessionCookie(secure)] : []);
  }

  async function signIn(request: FastifyRequest, body: URLSearchParams): Promise<FormAnswer> {
    const json = { email: body.get("email") ?? "", password: body.get("password") ?? "" };
    const answer = await callApi(request, { method: "POST", url: "/api/user/login", json });
    const token = answer.body.token;
    if (answer.status !== 200 || typeof token !== "string") return { kind: "again", notice: messageOf(answer) };
    const returnTo = returnPath(new URL(request.url, deps.publicUrl).searchParams.get("redirectTo"));
    return { kind: "redirect", location: returnTo, cookies: [...answer.cookies, sessionCookie(token, secure)] };
  }

  async function addToCart(request: FastifyRequest, productId: string, body: URLSearchParams): Promise<FormAnswer> {
    const size = body.get("size");
    const here = `/products/${productId}${size ? `?size=${encodeURIComponent(size)}` : ""}`;
    if (!size) return { kind: "again", notice: "Please select a size before adding to cart." };
    const session = await cookieUser(request, here);
    if ("kind" in session) return session;
    const json = { productId, size: Number(size), quantity: 1 };
    const answer = await callApi(request, { method: "POST", url: "/api/user/cart/add", token: session.token, json });
    if (answer.status !== 200) return { kind: "again", notice: messageOf(answer) };
    return { kind: "redirect", location: "/my-cart", cookies: [] };
  }

  async function checkout(request: FastifyRequest, body: URLSearchParams): Promise<FormAnswer> {
    const session = await cookieUser(request, "/my-cart");
    if ("kind" in session) return session;
    const key = body.get("key")?.trim() ?? "";
    const placed = (orderId: string): FormAnswer => ({
      kind: "redirect",
      location: `/checkout-success?order=${orderId}`,
      cookies: [],
    });
    // The same form sent again (a double press, a resend after Back): its order is the answer, even
    // though the cart it emptied has nothing left to order.
    if (key) {
      const before = await callApi(request, {
        method: "GET",
        url: "/api/orders/by-key",
        token: session.token,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      });
      const order = before.body.order as { _id?: unknown } | null | undefined;
      if (before.status === 200 && typeof order?._id === "string") return placed(order._id);
    }
    const cart = await callApi(request, { method: "GET", url: "/api/user/cart", token: session.token });
    const lines = Array.isArray(cart.body.items)
      ? (cart.body.items as { productId: string; size: number; quantity: number }[])
      : [];
    const field = (name: string) => body.get(name)?.trim() ?? "";
    const json = {
      userId: session.user.id,
      items: lines.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
      shippingAddress: postedAddress(field),
      // The total the shopper was shown: the server computes its own and refuses a different one
      // (a price changed, or a rule's COD fee for this address: the page shown again then reads the
      // rules for the address typed, server/web/no-script/pages.ts, and its total includes the fee).
      totalAmount: Number(field("total")) || 0,
      // A discount code typed (issue 51): refused with its reason when it does not apply; when it
      // does and the total shown was without it, the page comes back with the total that holds it.
      ...(field("discountCode") ? { discountCode: field("discountCode") } : {}),
    };
    // The form's key: the same form sent twice (a double press, a resend after Back) is one order.
    const headers: Record<string, string> = key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {};
    const answer = await callApi(request, {
      method: "POST",
      url: "/api/orders/new-order",
      token: session.token,
      json,
      headers,
    });
    const orderId = answer.body._id;
    if ((answer.status === 201 || answer.status === 200) && typeof orderId === "string") return placed(orderId);
    return { kind: "again", notice: messageOf(answer) };
  }

  /**
   * A failed delivery's choice (issue 49): no session, the signed token in the page's address is the
   * permission. The two choices with a second step come back as the page, which asks "Are you sure?"
   * in place or opens the correction form (app/components/order/AttemptChoices.tsx reads the posted
   * choice); the others go to the API, then back to the page, which says thanks.
   */
  async function attemptAnswer(request: FastifyRequest, body: URLSearchParams): Promise<FormAnswer> {
    const token = new URL(request.url, deps.publicUrl).searchParams.get("token") ?? "";
    const choice = body.get("choice") ?? "";
    if (choice === "cancel" && body.get("sure") !== "yes")
      return { kind: "again", notice: ATTEMPT_PAGE_TEXTS.cancelAskAgain };
    if (choice === "correct" && !body.has("addressLine"))
      return { kind: "again", notice: ATTEMPT_PAGE_TEXTS.correctionAsk };
    const field = (name: string) => body.get(name)?.trim() || undefined;
    const correction =
      choice === "correct"
        ? {
            addressLine: field("addressLine"),
            area: field("area"),
            landmark: field("landmark"),
            phoneNumber: field("phoneNumber"),
          }
        : {};
    const json = { token, choice, ...correction };
    const answer = await callApi(request, { method: "POST", url: "/api/delivery-attempts/answer", json });
    if (answer.status !== 200) return { kind: "again", notice: messageOf(answer) };
    const page = `/delivery-attempt?${new URLSearchParams({ token, answered: "1" })}`;
    return { kind: "redirect", location: page, cookies: [] };
  }

  /**
   * 'Stop WhatsApp updates' (issue 53): no session, the signed token in the page's address is the
   * permission; the form has no field. Sent to the API, then back to the page, which says what the
   * press stopped; a refusal (a dead link) comes back as the page with the API's message.
   */
  async function stopWhatsAppUpdates(request: FastifyRequest): Promise<FormAnswer> {
    const token = new URL(request.url, deps.publicUrl).searchParams.get("token") ?? "";
    const answer = await callApi(request, { method: "POST", url: WHATSAPP_UPDATES_STOP_PATH, json: { token } });
    if (answer.status !== 200) return { kind: "again", notice: messageOf(answer) };
    const page = `/whatsapp-updates?${new URLSearchParams({ token, stopped: "1" })}`;
    return { kind: "redirect", location: page, cookies: [] };
  }

  /**
   * A pair's review (issue 53): no session, the signed token in the page's address is the
   * permission. Stars, fit and words go to the API as the app sends them, without photos (a plain
   * form cannot shrink them on the phone, decision 030); then back to the page, which thanks the
   * buyer by the pair. A refusal comes back as the page, with the API's message over that pair's form.
   */
  async function review(request: FastifyRequest, body: URLSearchParams): Promise<FormAnswer> {
    const token = new URL(request.url, deps.publicUrl).searchParams.get("token") ?? "";
    const productId = body.get("productId") ?? "";
    const size = Number(body.get("size"));
    const json = {
      token,
      productId,
      size,
      // The API names what is missing; no choice is 0 stars, which it refuses as "choose your stars".
      rating: Number(body.get("rating") ?? 0),
      fit: body.get("fit") ?? "",
      body: body.get("body") ?? "",
      photoCount: 0,
    };
    const answer = await callApi(request, { method: "POST", url: "/api/reviews", json });
    if (answer.status !== 201 && answer.status !== 200) return { kind: "again", notice: messageOf(answer) };
    const live = answer.body.status === "approved";
    const page = `/review?${new URLSearchParams({ token, sent: `${productId}/${size}`, ...(live && { live: "1" }) })}`;
    return { kind: "redirect", location: page, cookies: [] };
  }

  const FORM_PAGES = new Set(["/login", "/my-cart", "/delivery-attempt", "/whatsapp-updates", "/review"]);

  return async (request, path, body) => {
    const product = PRODUCT_PAGE.exec(path);
    if (!FORM_PAGES.has(path) && product === null) return undefined;
    if (!fromOwnPage(request, deps.publicUrl)) return { kind: "refused" };
    if (path === "/login") return signIn(request, body);
    if (path === "/my-cart") return checkout(request, body);
    if (path === "/delivery-attempt") return attemptAnswer(request, body);
    if (path === "/whatsapp-updates") return stopWhatsAppUpdates(request);
    if (path === "/review") return review(request, body);
    return addToCart(request, decodeURIComponent(product?.[1] ?? ""), body);
  };
}

/** The checkout form's address fields as POST /api/orders and /api/orders/check take them. */
export function postedAddress(field: (name: string) => string) {
  return {
    fullName: field("fullName"),
    addressLine: field("addressLine"),
    phoneNumber: field("phoneNumber"),
    email: field("email"),
    city: DELIVERY_CITY,
    area: field("area") || undefined,
    landmark: field("landmark") || undefined,
    postalCode: field("postalCode") || undefined,
  };
}

const RETURN_BASE = "https://shop.invalid";

/**
 * Where a sign-in goes back to: a path of this shop only, never an account page (the same rule as
 * app/lib/return-to.ts, which the pages use), else home.
 */
function returnPath(raw: string | null): string {
  const path = raw?.split("?", 1)[0] ?? "";
  const odd = (c: string) => c === "\\" || c === ":" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;
  if (!raw || !path.startsWith("/") || path.startsWith("//") || [...path].some(odd)) return "/";
  const url = new URL(raw, RETURN_BASE);
  if (url.origin !== RETURN_BASE || url.pathname.startsWith("//")) return "/";
  if (/^\/(login|sign-up|reset-password|verify-email)(\/|$)/i.test(url.pathname)) return "/";
  return `${url.pathname}${url.search}`;
}
