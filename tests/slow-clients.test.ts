// Slow senders (issue 34): a body or headers trickled in and then silence are cut off by the server
// in bounded time, instead of holding a socket and its buffers for ever.
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.ts";
import { until } from "./support/wait.ts";

const TIMEOUT_SECONDS = 1;
// Generous: the bound, not its precision, is what is tested.
const CLOSED_WITHIN_MS = 3 * TIMEOUT_SECONDS * 1000 + 1000;

let shop: TestApp;
let port: number;

beforeAll(async () => {
  shop = await createTestApp({ demo: false, env: { CLIENT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) } });
  await shop.app.listen({ host: "127.0.0.1", port: 0 });
  const address = shop.app.server.address();
  if (address === null || typeof address === "string") throw new Error("not listening on a port");
  port = address.port;
});
afterAll(() => shop.close());

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
  });
}

const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    shop.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** Resolves with what the server sent once it closes the socket; rejects if it is still open at the bound. */
function closedByServer(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${CLOSED_WITHIN_MS} ms`));
    }, CLOSED_WITHIN_MS);
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

describe("slow clients", () => {
  it("ends a request whose 1 MB JSON body trickles in and then stops", async () => {
    const socket = await open();
    const closed = closedByServer(socket);
    socket.write(
      "POST /api/cart HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n",
    );
    socket.write('{"items":[');
    // Keep trickling for a while: a sender that is slow, not just silent.
    const trickle = setInterval(() => socket.writable && socket.write(" "), 200);
    try {
      const answer = await closed;
      // The refusal says why, before the socket closes.
      expect(answer).toMatch(/^HTTP\/1\.1 408[\s\S]*took too long/);
    } finally {
      clearInterval(trickle);
    }
  });

  it("ends a request whose headers trickle in", async () => {
    const socket = await open();
    const closed = closedByServer(socket);
    socket.write("GET /api/catalog/categories HTTP/1.1\r\nHost: localhost\r\n");
    const trickle = setInterval(() => socket.writable && socket.write("X-Slow: a\r\n"), 200);
    try {
      const answer = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408[\s\S]*took too long/);
    } finally {
      clearInterval(trickle);
    }
  });

  it("ends a connection whose client asks for answers and never reads them", async () => {
    const socket = await open();
    socket.on("error", () => {});
    // Never read: the answers fill the kernel's buffers (a few MB on loopback), then wait in the shop.
    socket.pause();
    socket.write("GET /api/catalog/categories HTTP/1.1\r\nHost: localhost\r\n\r\n".repeat(20_000));
    // A client that does not read cannot see its connection end: the shop's own count shows it.
    // Without the bound the connection stayed open past Node's 72 s keep-alive (issue 45).
    await until(openConnections, (open) => open === 0, "the shop to close the connection", {
      timeout: 30_000,
      interval: 100,
    });
    socket.destroy();
  });

  it("keeps an idle keep-alive connection past the bound", async () => {
    const socket = await open();
    const answers: string[] = [];
    socket.on("data", (chunk) => answers.push(chunk.toString()));
    socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, CLOSED_WITHIN_MS));
    expect(socket.destroyed).toBe(false);
    socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    await new Promise((resolve) => socket.once("close", resolve));
    expect(answers.join("").match(/HTTP\/1\.1 200/g)).toHaveLength(2);
  });

  it("still answers a client that sends its request at once", async () => {
    const socket = await open();
    const closed = closedByServer(socket);
    socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(await closed).toMatch(/^HTTP\/1\.1 200/);
  });
});
