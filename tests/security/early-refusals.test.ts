// Refusals made before any Fastify hook runs (Node's HTTP parser, Node itself, the router) carry
// the same security headers as a routed answer. Sent over a real socket: inject() bypasses Node's
// parser, which is where most of these answers are made.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_MESSAGES } from "#server/plugins/early-refusals.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
let https: TestApp;
const ports: Record<string, number> = {};
beforeAll(async () => {
  [t, https] = await Promise.all([
    createTestApp({ demo: false }),
    createTestApp({ demo: false, env: { PUBLIC_URL: "https://shoes.example.pk" } }),
  ]);
  for (const [name, app] of [
    ["http", t],
    ["https", https],
  ] as const) {
    await app.app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.app.server.address();
    ports[name] = typeof address === "object" && address ? address.port : 0;
  }
});
afterAll(async () => {
  await Promise.all([t?.close(), https?.close()]);
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Writes `text` as it is on a new connection and reads the answer until the server closes or pauses. */
function raw(port: number | undefined, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let data = "";
    const socket = net.connect(port ?? 0, "127.0.0.1", () => socket.write(text));
    const done = () => {
      socket.destroy();
      const [head = "", body = ""] = data.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Map(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    };
    let timer: NodeJS.Timeout | undefined;
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
      clearTimeout(timer);
      timer = setTimeout(done, 150);
    });
    socket.on("close", done);
    socket.on("error", (error) => (data ? done() : reject(error)));
  });
}

const SECURITY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
  "permissions-policy",
];
// A routed answer's policy carries its nonce; a refusal has no script, so none (stricter).
const withoutNonce = (csp: string | undefined) => (csp ?? "").replace(/ 'nonce-[^']+'/g, "");

function expectSameHeaders(refusal: RawAnswer, routed: RawAnswer, label: string, names = SECURITY_HEADERS) {
  for (const name of names) {
    const routedValue = routed.headers.get(name);
    expect(routedValue, `${label}: a routed answer has ${name}`).toBeDefined();
    const value = name === "content-security-policy" ? withoutNonce(routedValue) : routedValue;
    expect(refusal.headers.get(name), `${label}: ${name}`).toBe(value);
  }
  expect(refusal.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(refusal.headers.has("x-powered-by") || refusal.headers.has("server"), label).toBe(false);
}

const BIG = "a".repeat(17 * 1024);
const PROBES = [
  ["an unknown method", "FOO / HTTP/1.1\r\nHost: x\r\n\r\n", 405, EARLY_MESSAGES.method],
  ["a URL over 16 KB", `GET /${BIG} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, EARLY_MESSAGES[431]],
  ["headers over 16 KB", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${BIG}\r\n\r\n`, 431, EARLY_MESSAGES[431]],
  ["a malformed header", "GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", 400, EARLY_MESSAGES[400]],
  ["a malformed request line", "GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n", 400, EARLY_MESSAGES[400]],
  [
    "a broken %-escape in the path",
    "GET /api/products/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n",
    400,
    EARLY_MESSAGES.badUrl,
  ],
  ["HTTP/1.1 without Host", "GET /healthz HTTP/1.1\r\n\r\n", 400, undefined],
  ["an Expect header Node cannot meet", "GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: x-magic\r\n\r\n", 417, undefined],
] as const;

describe("refusals made before routing", () => {
  it.each(PROBES)("%s: the same security headers as a routed answer", async (label, request, status, message) => {
    const routed = await raw(ports.http, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(routed.status).toBe(200);
    const refusal = await raw(ports.http, request);
    expect(refusal.status, label).toBe(status);
    expectSameHeaders(refusal, routed, label);
    if (message !== undefined) {
      expect(refusal.headers.get("content-type")).toMatch(/^application\/json/);
      expect(JSON.parse(refusal.body)).toEqual({ message });
    }
  });

  it("the request guards' refusals (415, unstorable text, 413) carry them, with this answer's nonce", async () => {
    const routed = await raw(ports.http, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const post = (type: string, body: string) =>
      `POST /api/user/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ${type}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    for (const [request, status] of [
      [post("text/plain", "email=a"), 415],
      [post("application/json", '{"email":"\\ud800"}'), 400],
      [post("application/json", JSON.stringify({ email: "x".repeat(1_100_000) })), 413],
    ] as const) {
      const refusal = await raw(ports.http, request);
      expect(refusal.status).toBe(status);
      const names = SECURITY_HEADERS.filter((n) => n !== "content-security-policy");
      expectSameHeaders(refusal, routed, String(status), names);
      expect(refusal.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    }
  });

  it("with an https PUBLIC_URL they carry HSTS too", async () => {
    const routed = await raw(ports.https, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    for (const [label, request] of PROBES.map(([l, r]) => [l, r] as const)) {
      const refusal = await raw(ports.https, request);
      expectSameHeaders(refusal, routed, label, [...SECURITY_HEADERS, "strict-transport-security"]);
      expect(refusal.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    }
  });

  it("the router's refusals carry them through inject() too, with a message", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/products/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: EARLY_MESSAGES.badUrl });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
  });
});
