// Thousands of generated bad requests to every route of the app's route table (so routes added
// later are fuzzed too): garbage and huge params, wrong types, nested objects and arrays, numbers
// as strings, unicode, NUL and lone surrogates (text PostgreSQL cannot store), wrong methods and
// content types, with and without a valid token.
// Any 5xx, stack trace or crash fails. FUZZ_SEED=<n> replays a run; FUZZ_CASES=<n> per route.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#server/accounts/sessions.ts";
import { makeAdmin, newProduct } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { makeShopper, orderBody, products, type Shopper, type TestProduct } from "../support/shoppers.ts";
import { fillParams, type RouteEntry, routeTable } from "./routes.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const CASES = Number(process.env.FUZZ_CASES ?? 60);

/** mulberry32: small, fast, and the same sequence for the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

const FIELDS = [
  "email",
  "password",
  "username",
  "newPassword",
  "confirmPassword",
  "token",
  "productId",
  "_id",
  "size",
  "quantity",
  "items",
  "shippingAddress",
  "totalAmount",
  "userId",
  "fullName",
  "addressLine",
  "phoneNumber",
  "city",
  "postalCode",
  "name",
  "description",
  "price",
  "discountPrice",
  "category",
  "features",
  "status",
  "role",
  "isAdmin",
  "sizes",
  "stock",
  "alt",
  "order",
  "page",
  "query",
  "note",
  "__proto__",
  "constructor",
  "prototype",
] as const;

let realIds: string[] = [];
let realProducts: TestProduct[] = [];
const weirdStrings = (rng: Rng): string =>
  rng.pick([
    "",
    " ",
    "x",
    "null",
    "undefined",
    "NaN",
    "-1",
    "0",
    "1e309",
    "3.5",
    "42",
    "true",
    "[]",
    "{}",
    "💥👟🇵🇰",
    "\u202Egnp.exe",
    "a\u0000b",
    "\u0000",
    "\uFFFF\uD800",
    // Text PostgreSQL cannot store: lone surrogates (JSON carries them as "\ud800" escapes) and NUL.
    "\ud800",
    "\udfff",
    "shoe \udbff",
    "\udc00\ud800",
    "👟".slice(0, 1),
    `${rng.pick(realIds)}\ud800`,
    "../../../etc/passwd",
    "%00",
    "%ZZ",
    "<script>alert(1)</script>",
    "' OR '1'='1",
    "Karachi",
    "03001234567",
    "a@b.pk",
    "x".repeat(rng.pick([101, 255, 4096, 70_000])),
    "é".repeat(300),
    rng.pick(realIds),
    (rng.pick(realIds) ?? "").toUpperCase(),
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    `${rng.pick(realIds)}\u0000`,
    String(rng.int(100)),
  ]) ?? "";

function value(rng: Rng, depth = 0): unknown {
  const roll = rng.int(depth > 3 ? 7 : 11);
  switch (roll) {
    case 0:
      return weirdStrings(rng);
    case 1:
      return rng.pick([0, -1, 1, 1.5, 37, 46, 10, 11, 2 ** 31, -(2 ** 53), Number.MAX_VALUE, 1e-9, 5e-324]);
    case 2:
      return rng.chance(0.5);
    case 3:
      return null;
    case 4:
      return String(rng.pick([1, 40, 7190, -3]));
    case 5:
      return rng.pick(realIds);
    case 6:
      return weirdStrings(rng);
    case 7:
    case 8:
      return Array.from({ length: rng.int(4) }, () => value(rng, depth + 1));
    default:
      return object(rng, depth + 1);
  }
}

function object(rng: Rng, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = rng.int(6); i >= 0; i--) {
    const key = rng.chance(0.85) ? rng.pick(FIELDS) : weirdStrings(rng);
    Object.defineProperty(out, key, { value: value(rng, depth), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Raw body text: mostly JSON of random shape, sometimes deliberately broken or enormous. */
function bodyText(rng: Rng): string {
  switch (rng.int(9)) {
    case 0:
      return "[".repeat(rng.pick([10, 5000])) + "]".repeat(rng.pick([0, 10, 5000]));
    case 1:
      return `{"a":${'{"a":'.repeat(2000)}1${"}".repeat(2000)}}`;
    case 2:
      return rng.pick([
        "",
        " ",
        "{",
        "nul",
        '{"a":1,}',
        "\u0000",
        '{"size":NaN}',
        '{"quantity":1e999}',
        "\uFEFF{}",
        // Escapes written by hand, as a client that does not check its strings would send them.
        '{"features":["\\ud800"],"name":"\\udfff"}',
        '{"email":"a\\u0000@b.pk","\\ud800":1}',
        '"\\ud800"',
      ]);
    case 3:
      return JSON.stringify(value(rng));
    default:
      return JSON.stringify(object(rng));
  }
}

/** Percent-encodes; a lone surrogate (which encodeURIComponent refuses) becomes an invalid UTF-8 escape. */
function enc(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

function query(rng: Rng): string {
  const parts: string[] = [];
  for (let i = rng.int(4); i > 0; i--) {
    const key = rng.chance(0.8)
      ? rng.pick(["query", "category", "page", "size", "q", "alt", "status", "__proto__[x]", "a[b][c]"])
      : weirdStrings(rng);
    const raw = weirdStrings(rng);
    parts.push(`${enc(key)}=${rng.chance(0.9) ? enc(raw) : raw.replace(/[#\s]/g, "")}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

interface Case {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

async function makeCase(
  rng: Rng,
  route: RouteEntry,
  tokens: { customer(): Promise<string>; admin(): Promise<string> },
): Promise<Case> {
  const param = () => {
    const raw = weirdStrings(rng);
    return rng.chance(0.85) ? enc(raw) || "%20" : raw.replace(/[/?#\s]/g, "") || "x";
  };
  const url =
    fillParams(route.url, (name) => (name === "*" ? rng.pick(["", "x", "a/b/c", "%2e%2e/%2e%2e", "💥"]) : param())) +
    query(rng);
  const method = rng.chance(0.85)
    ? route.method
    : rng.pick(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]);
  const headers: Record<string, string> = {};
  const who = rng.int(5);
  if (who === 1 || who === 2) headers.authorization = `Bearer ${await tokens.customer()}`;
  else if (who === 3) headers.authorization = `Bearer ${await tokens.admin()}`;
  else if (who === 4)
    headers.authorization = rng.pick([
      "Bearer",
      "Bearer x",
      "Basic YTpi",
      `Bearer ${"A".repeat(43)}`,
      "Bearer  ",
      "bearer x y",
    ]);
  // Header bytes arrive as latin1 over HTTP; inject() would pass wider characters that no socket can carry.
  const wire = (text: string) => Buffer.from(text, "utf8").toString("latin1");
  if (rng.chance(0.2)) headers["idempotency-key"] = wire(rng.pick(["k", "x".repeat(101), "ключ", " ", "a b c"]));
  if (method === "GET" || method === "HEAD" || rng.chance(0.1)) return { method, url, headers };
  headers["content-type"] = rng.chance(0.75)
    ? "application/json"
    : rng.pick([
        "text/plain",
        "application/x-www-form-urlencoded",
        "image/png",
        "application/json; charset=utf-16",
        "application/xml",
        "multipart/form-data",
      ]);
  return { method, url, headers, payload: bodyText(rng) };
}

let t: TestApp;
let customer: Shopper;
let admin: Shopper;
beforeAll(async () => {
  t = await createTestApp({ pages: true, env: { RATE_LIMIT_SCALE: "1000" } });
  customer = await makeShopper(t);
  admin = await makeAdmin(t);
  realProducts = await products(t, 5);
  realIds = realProducts.map((p) => p.id);
});
afterAll(() => t?.close());

describe(`fuzzing every route (seed ${SEED}, ${CASES} cases per route)`, () => {
  it("no generated request answers 5xx, shows a stack trace or stops the app", async () => {
    const routes = routeTable(t.app);
    expect(routes.length).toBeGreaterThan(20);
    // Fresh sessions per case, so a fuzzed logout does not end the fuzzing of signed-in routes.
    const tokens = {
      customer: () => createSession(t.database.db, customer.id),
      admin: () => createSession(t.database.db, admin.id),
    };
    const failures: string[] = [];
    let sent = 0;
    let skipped = 0;
    for (const [index, route] of routes.entries()) {
      const rng = prng(SEED + index * 7919);
      // Pages render a whole document each: fewer cases, the API gets the rest.
      const cases = route.url.startsWith("/api/") ? CASES : Math.ceil(CASES / 4);
      for (let i = 0; i < cases; i++) {
        const c = await makeCase(rng, route, tokens);
        let res: Awaited<ReturnType<TestApp["app"]["inject"]>>;
        try {
          res = await t.app.inject({
            method: c.method as "GET",
            url: c.url,
            headers: c.headers,
            ...(c.payload === undefined ? {} : { payload: c.payload }),
          });
        } catch (error) {
          // The inject harness refuses some URLs and headers before they reach the app, as a real
          // HTTP client or Node's parser would: those are not requests the app can be sent.
          if (
            error instanceof TypeError &&
            /light-my-request|header|character/i.test(`${error.message} ${error.stack}`)
          ) {
            skipped += 1;
            continue;
          }
          throw error;
        }
        sent += 1;
        const trace = /\n\s*at [^\n]*:\d+:\d+|node_modules\//.test(res.body);
        const apiWithoutMessage =
          c.url.startsWith("/api/") &&
          res.statusCode >= 400 &&
          c.method !== "HEAD" &&
          typeof safeJson(res.body)?.message !== "string";
        if (res.statusCode >= 500 || trace || apiWithoutMessage) {
          failures.push(
            `${route.method} ${route.url} case ${i}: ${c.method} ${c.url.slice(0, 200)} ${JSON.stringify(c.headers).slice(0, 200)} body=${JSON.stringify(c.payload?.slice(0, 200))} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    expect(sent).toBeGreaterThan(routes.length * 10);
    console.info(`fuzz: ${sent} requests to ${routes.length} routes, ${skipped} refused by the harness, seed ${SEED}`);
    expect(failures.slice(0, 25), `${failures.length} failures of ${sent} requests (FUZZ_SEED=${SEED})`).toEqual([]);
  }, 240_000);
});

describe("text the database cannot store, on every route", () => {
  it("a body holding a lone surrogate or NUL is a 4xx on every JSON route; nothing answers 5xx", async () => {
    const bad = ["\ud800", "\udfff", "x\udbff", "\udc00\ud800", "a\u0000b"];
    const failures: string[] = [];
    const admin = await makeAdmin(t); // its own: the sweep also signs out
    for (const route of routeTable(t.app)) {
      for (const [i, text] of bad.entries()) {
        const fields = FIELDS.filter((f) => !["__proto__", "constructor", "prototype"].includes(f));
        const body = Object.fromEntries(fields.map((f) => [f, i % 2 === 0 ? text : [text]]));
        const url = `${fillParams(route.url, () => (i === 0 ? "%ED%A0%80" : (realIds[0] ?? "x")))}?query=${enc(text)}`;
        const res = await t.app.inject({
          method: route.method as "POST",
          url,
          headers: { ...admin.headers, "content-type": "application/json" },
          ...(route.method === "GET" ? {} : { payload: JSON.stringify(body) }),
        });
        // A body holding such text is refused; a query or path cannot carry a lone surrogate over
        // the wire (its bytes are not UTF-8), so a GET that ignores them may answer 200.
        const api = route.url.startsWith("/api/");
        const refused = res.statusCode >= 400 && typeof safeJson(res.body)?.message === "string";
        if (
          res.statusCode >= 500 ||
          (api && route.method !== "GET" && !refused) ||
          (api && res.statusCode >= 400 && !refused)
        ) {
          failures.push(
            `${route.method} ${route.url} ${JSON.stringify(text)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("valid bodies with one text replaced reach the database on the routes they fit: never a 5xx", async () => {
    // Random shapes stop at the schemas; these pass them, so the text would reach PostgreSQL
    // (the first finding: a product's features holding "\ud800" answered 500 there).
    const product = realProducts[0] as TestProduct;
    const size = product.sizes[0] as number;
    const samples: unknown[] = [
      newProduct(),
      orderBody(admin, [{ product, size, quantity: 1 }]),
      { email: "fuzz@example.pk", username: "fuzzer", password: "Correct-Horse-Battery-7" },
      { productId: product.id, size, quantity: 1 },
    ];
    const writes = routeTable(t.app).filter((r) => r.url.startsWith("/api/") && r.method !== "GET");
    const failures: string[] = [];
    for (const route of writes) {
      for (const sample of samples) {
        for (const leaf of stringLeaves(sample)) {
          for (const text of ["\ud800", "a\u0000b"]) {
            const res = await t.app.inject({
              method: route.method as "POST",
              url: fillParams(route.url, () => product.id),
              headers: {
                authorization: `Bearer ${await createSession(t.database.db, admin.id)}`,
                "content-type": "application/json",
              },
              payload: JSON.stringify(withLeaf(sample, leaf, text)),
            });
            if (res.statusCode >= 500 || (res.statusCode >= 400 && typeof safeJson(res.body)?.message !== "string")) {
              failures.push(
                `${route.method} ${route.url} ${leaf.join(".")}=${JSON.stringify(text)} -> ${res.statusCode}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

/** Paths of every string in a JSON value. */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  }
  return [];
}

/** A copy of `value` with the string at `path` replaced by `text`. */
function withLeaf(value: unknown, path: (string | number)[], text: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = text;
  return copy;
}

function safeJson(text: string): { message?: unknown } | undefined {
  try {
    return JSON.parse(text) as { message?: unknown };
  } catch {
    return undefined;
  }
}
