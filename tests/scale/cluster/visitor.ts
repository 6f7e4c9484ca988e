// A visitor of the shop through the load balancer: HTTP with keep-alive from a loopback address of
// its own (127.x.y.z all reach this machine), so each visitor is a separate client to nginx and,
// through X-Forwarded-For and TRUST_PROXY, to the shop's per-client rate limits.
import { randomInt } from "node:crypto";
import http from "node:http";

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A failed exchange (connection refused or cut, or no answer in time): the request may be retried. */
export class Failed extends Error {}

const REQUEST_TIMEOUT_MS = 20_000;

/** A loopback address not 127.0.0.1 (nginx's own), new per run: rate-limit counters in Redis outlive a run. */
export function randomLoopbackAddress(): string {
  return `127.${randomInt(2, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export class Visitor {
  readonly address: string;
  token: string | undefined;
  private readonly base: string;
  private readonly agent: http.Agent;

  constructor(base: string, address = randomLoopbackAddress()) {
    this.base = base;
    this.address = address;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  }

  /**
   * One exchange; answers whatever status came back, throws Failed when none did. A `body` is sent
   * as JSON, a `file` (a picture) as its bytes with its type.
   */
  send(
    method: string,
    url: string,
    options: { body?: unknown; file?: { type: string; data: Buffer }; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const payload = options.file
      ? options.file.data
      : options.body === undefined
        ? undefined
        : Buffer.from(JSON.stringify(options.body));
    const type = options.file?.type ?? "application/json";
    const headers: Record<string, string | number> = {
      ...(payload ? { "content-type": type, "content-length": payload.length } : {}),
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...options.headers,
    };
    return new Promise((resolve, reject) => {
      const req = http.request(new URL(url, this.base), {
        method,
        agent: this.agent,
        localAddress: this.address,
        headers,
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Failed(`${method} ${url}: no answer in time`)));
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }),
        );
        res.on("error", (e) => reject(new Failed(`${method} ${url}: ${e.message}`)));
      });
      req.on("error", (e) => reject(e instanceof Failed ? e : new Failed(`${method} ${url}: ${e.message}`)));
      req.end(payload);
    });
  }

  /** `send` expecting JSON with status `expected`. */
  async json<T>(method: string, url: string, expected: number, body?: unknown): Promise<T> {
    const answer = await this.send(method, url, { body });
    if (answer.status !== expected) {
      throw new Error(`${method} ${url} from ${this.address}: ${answer.status} ${answer.body.slice(0, 300)}`);
    }
    return JSON.parse(answer.body) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}
