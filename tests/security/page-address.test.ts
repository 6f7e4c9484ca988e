// A page is rendered from the shop's own origin (PUBLIC_URL) and the address it is kept under, never
// from the request's headers (issue 45, finding 1). The attack: `Host: x\search?query=…#` made the
// renderer read `http://x\search?query=…#/women`, a search page, which was then kept as `/women` for
// every visitor. These go over a raw socket to a listening shop, as an attacker's client would: a
// Host that holds `\`, `/`, `?` or `#` is what inject() and fetch() would refuse to send.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";

let shop: TestApp;
let port: number;

beforeAll(async () => {
  shop = await createTestApp({ pages: true, env: { PUBLIC_URL: "https://shop.example" } });
  await shop.app.listen({ host: "127.0.0.1", port: 0 });
  const address = shop.app.server.address();
  if (address === null || typeof address === "string") throw new Error("not listening on a port");
  port = address.port;
});
afterAll(() => shop?.close());

/** Sends a GET with these header lines as they are; resolves with the whole answer once the server closes. */
function get(target: string, headers: string[]): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = connect(port, "127.0.0.1", () =>
      socket.write(`GET ${target} HTTP/1.1\r\n${[...headers, "Connection: close"].join("\r\n")}\r\n\r\n`),
    );
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const split = received.indexOf("\r\n\r\n");
      const head = received.slice(0, split).toLowerCase();
      resolve({ status: Number(head.split(" ")[1]), head, body: received.slice(split + 4) });
    });
  });
}

const POISON = "Shop closed call 03001234567";
/** Every header the attack used (and the proxy headers a renderer might read instead of Host). */
const ATTACKS: string[][] = [
  [`Host: x\\search?query=${POISON.replaceAll(" ", "+")}#`],
  [`Host: x/search?query=${POISON.replaceAll(" ", "+")}#`],
  ["Host: x?query=a#", "X-Forwarded-Host: x\\search?query=a#"],
  ["Host: shop.example", `X-Forwarded-Host: x\\search?query=${POISON.replaceAll(" ", "+")}#`],
  ["Host: shop.example", "X-Forwarded-Proto: javascript", "Forwarded: host=evil.example;proto=http"],
  ["Host: evil.example:81"],
];

/** The women's page as a visitor with an ordinary Host gets it. */
function isWomensPage(body: string) {
  expect(body).toMatch(/<h1[^>]*>Women<\/h1>|<title>Women[^<]*<\/title>/);
  expect(body).not.toMatch(/Search:|shop closed/i);
}

describe("a page kept for others", () => {
  for (const headers of ATTACKS) {
    it(`is the page of its address whatever the request said (${headers.join(" | ")})`, async () => {
      shop.app.catalogChanges.publish({});
      const attack = await get("/women", headers);
      // Asked again at once: the kept page, which every visitor of /women would now be sent.
      const visitor = await get("/women", ["Host: shop.example"]);
      expect(visitor.status).toBe(200);
      expect(visitor.body).not.toContain("evil.example");
      isWomensPage(visitor.body);
      // The attacker's own answer is the women's page too (or a refusal), never the search page.
      if (attack.status === 200) isWomensPage(attack.body);
      else expect(attack.status).toBe(400);
    });
  }

  it("links to the shop's own origin, not the request's host, in its canonical address", async () => {
    shop.app.catalogChanges.publish({});
    const page = await get("/women", ["Host: evil.example"]);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("evil.example");
  });
});

describe("a request line no page has", () => {
  it("answers `GET *` with a 400, not a 500", async () => {
    const res = await get("*", ["Host: shop.example", "Accept: text/html"]);
    expect(res.status).toBe(400);
  });

  it("answers a request line in absolute form with the page of its path", async () => {
    const res = await get("http://x", ["Host: shop.example", "Accept: text/html"]);
    expect(res.status).toBe(200);
    expect(res.body).toContain("<!DOCTYPE html>");
    const women = await get("http://evil.example/women", ["Host: shop.example"]);
    expect(women.status).toBe(200);
    isWomensPage(women.body);
    expect(women.body).not.toContain("evil.example");
  });
});
