// deploy/nginx/shop.conf answers only the shop's own names (issue 45, finding 1): nginx passed a Host
// holding `\`, `?` and `#` through to the shop, and the shop's server block was the default one. Now a
// default_server refuses every other Host without reaching an instance. nginx runs the documented
// file (tests/scale/cluster/nginx.ts) in front of a plain HTTP server that counts what reaches it.
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Nginx, nginxAvailable, startNginx } from "./cluster/nginx.ts";

let upstream: Server;
let nginx: Nginx;
const reached: string[] = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    reached.push(`${request.headers.host} ${request.url}`);
    response.end("instance");
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const address = upstream.address();
  if (address === null || typeof address === "string") throw new Error("not listening on a port");
  nginx = await startNginx([`127.0.0.1:${address.port}`]);
}, 30_000);
afterAll(async () => {
  await nginx?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** A GET with this Host as it is; the status line, or "" when nginx closed without answering. */
function statusFor(host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = connect(nginx.port, "127.0.0.1", () =>
      socket.write(`GET /women HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(received.split("\r\n", 1)[0] ?? ""));
  });
}

describe.skipIf(!nginxAvailable())("nginx in front of the shop", () => {
  it("passes the shop's own names to an instance", async () => {
    reached.length = 0;
    expect(await statusFor("shoeshop.pk")).toBe("HTTP/1.1 200 OK");
    expect(await statusFor("www.shoeshop.pk")).toBe("HTTP/1.1 200 OK");
    expect(reached).toEqual(["shoeshop.pk /women", "www.shoeshop.pk /women"]);
  });

  it("refuses every other Host without reaching an instance", async () => {
    reached.length = 0;
    const forged = [
      "x\\search?query=Shop+closed+call+03001234567#",
      "x/search?query=a#",
      "evil.example",
      "shoeshop.pk.evil.example",
      "203.0.113.9",
    ];
    for (const host of forged) {
      const status = await statusFor(host);
      // 444: closed with no answer; nginx refuses a Host it cannot parse with its own 400.
      expect(["", "HTTP/1.1 400 Bad Request"], host).toContain(status);
    }
    expect(reached).toEqual([]);
  });
});
