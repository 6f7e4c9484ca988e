// /metrics in Prometheus text format: request latency by route and status class, orders placed,
// server errors, pictures rendered on a shopper's request and memory. Not public: it answers only a client on this machine that came
// straight in (no proxy's forwarding headers, since a reverse proxy on the same host would make
// every visitor look local), or one that sends `Authorization: Bearer $METRICS_TOKEN`; anyone
// else gets the same 404 as for any unknown address.
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { bearerToken } from "../http/bearer-token.ts";

/** Upper bounds of the latency histogram, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];
const ORDER_ROUTE = "/api/orders/new-order";

interface Series {
  method: string;
  route: string;
  status: string;
  buckets: number[];
  sum: number;
  count: number;
}

/** What other parts of the shop count. */
export interface Metrics {
  /** A picture variant a shopper asked for before any instance had rendered it (its source was sent). */
  pictureServedUnrendered(): void;
}

export function registerMetrics(app: FastifyInstance, options: { token: string | undefined }): Metrics {
  const series = new Map<string, Series>();
  let ordersPlaced = 0;
  let serverErrors = 0;
  let picturesServedUnrendered = 0;

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    if (route === "/metrics") return;
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    const key = `${request.method} ${route} ${status}`;
    let entry = series.get(key);
    if (!entry) {
      entry = { method: request.method, route, status, buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
      series.set(key, entry);
    }
    const seconds = reply.elapsedTime / 1000;
    BUCKETS.forEach((bound, i) => {
      if (seconds <= bound && entry) entry.buckets[i] = (entry.buckets[i] ?? 0) + 1;
    });
    entry.sum += seconds;
    entry.count += 1;
    if (request.method === "POST" && route === ORDER_ROUTE && reply.statusCode === 201) ordersPlaced += 1;
    if (reply.statusCode >= 500) serverErrors += 1;
  });

  app.get("/metrics", async (request, reply) => {
    if (!allowed(request, options.token)) {
      return reply.code(404).send({ message: `There is nothing at GET /metrics.` });
    }
    const lines = [
      "# HELP shop_http_request_duration_seconds Time to answer a request, by route and status class.",
      "# TYPE shop_http_request_duration_seconds histogram",
    ];
    for (const s of series.values()) {
      const labels = `method="${s.method}",route="${escapeLabel(s.route)}",status="${s.status}"`;
      BUCKETS.forEach((bound, i) => {
        lines.push(`shop_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${s.buckets[i] ?? 0}`);
      });
      lines.push(`shop_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      lines.push(`shop_http_request_duration_seconds_sum{${labels}} ${s.sum}`);
      lines.push(`shop_http_request_duration_seconds_count{${labels}} ${s.count}`);
    }
    lines.push(
      "# HELP shop_orders_placed_total Orders created (201 answers of POST /api/orders/new-order).",
      "# TYPE shop_orders_placed_total counter",
      `shop_orders_placed_total ${ordersPlaced}`,
      "# HELP shop_http_server_errors_total Answers with a 5xx status.",
      "# TYPE shop_http_server_errors_total counter",
      `shop_http_server_errors_total ${serverErrors}`,
      "# HELP shop_pictures_served_unrendered_total Picture variants asked for before they were rendered (their source was sent).",
      "# TYPE shop_pictures_served_unrendered_total counter",
      `shop_pictures_served_unrendered_total ${picturesServedUnrendered}`,
      "# HELP process_resident_memory_bytes Resident memory of this process.",
      "# TYPE process_resident_memory_bytes gauge",
      `process_resident_memory_bytes ${process.memoryUsage().rss}`,
    );
    return reply
      .header("cache-control", "no-store")
      .type("text/plain; version=0.0.4; charset=utf-8")
      .send(`${lines.join("\n")}\n`);
  });

  return {
    pictureServedUnrendered: () => {
      picturesServedUnrendered += 1;
    },
  };
}

function allowed(request: FastifyRequest, token: string | undefined): boolean {
  const given = bearerToken(request);
  if (token && given) {
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const direct = FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
  return direct && LOOPBACK.has(request.socket.remoteAddress ?? "");
}

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
