// A request line in absolute form ("GET http://host/api/… HTTP/1.1") reaches the same route as
// "/api/…", so it must meet the same /api checks: no-store on the answer, JSON-only writes (issue 34).
// inject() turns such a URL into its path, so these go over a raw socket to a listening shop.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.ts";

let shop: TestApp;
let port: number;

beforeAll(async () => {
  shop = await createTestApp({ demo: false });
  await shop.app.listen({ host: "127.0.0.1", port: 0 });
  const address = shop.app.server.address();
  if (address === null || typeof address === "string") throw new Error("not listening on a port");
  port = address.port;
});
afterAll(() => shop.close());

/** Sends `request` as it is and resolves with the whole answer once the server closes. */
function send(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = received.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body });
    });
  });
}

describe("a request line in absolute form", () => {
  it("gets no-store on an /api answer", async () => {
    const res = await send(
      "GET http://shop.example/api/user/my-details HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n",
    );
    expect(res.status).toBe(401);
    expect(res.headers).toMatch(/\r\ncache-control: no-store\r\n/);
  });

  it("has a write that is not JSON refused with 415 before any route reads it", async () => {
    const body = "productId=x&size=8";
    const res = await send(
      "POST http://shop.example/api/cart HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n" +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ message: "Send the request body as application/json." });
  });

  it("names the path, not the whole target, in a 404", async () => {
    const res = await send(
      "GET http://shop.example/api/nothing?x=1 HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n",
    );
    expect(res.status).toBe(404);
    expect(res.headers).toMatch(/\r\ncache-control: no-store\r\n/);
    expect(JSON.parse(res.body)).toEqual({ message: "There is nothing at GET /api/nothing." });
  });
});
