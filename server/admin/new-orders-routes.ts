// The admin's live count of new orders: GET .../new-count answers it once; GET .../new-count/stream
// keeps a server-sent event stream open and sends the count at once and again on every change.
// The stream is read with fetch and the admin's bearer token (EventSource cannot send a header, and
// a token in the address would reach logs), so it is checked like every admin call.
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import {
  EVENT_STREAM_TYPE,
  formatCountEvent,
  NEW_ORDER_COUNT_PATH,
  NEW_ORDER_MESSAGES,
  NEW_ORDER_STREAM_PATH,
  type NewOrderCount,
} from "#shared/new-orders.ts";
import { findSessionUser } from "../accounts/sessions.ts";
import { bearerToken } from "../http/bearer-token.ts";
import { HttpError } from "../http/errors.ts";
import type { AdminDeps } from "./deps.ts";
import { countNewOrders, startNewOrderWatch } from "./new-orders.ts";

/** Below nginx's proxy_read_timeout (30 s, deploy/nginx/shop.conf), so an idle stream stays open. */
const KEEP_ALIVE_MS = 20_000;
/** A stream ends after this long and the browser opens a new one, so a revoked session stops watching. */
const STREAM_LIFETIME_MS = 10 * 60_000;
/** What the browser waits before reconnecting (the `retry:` field; our client follows it too). */
const RETRY_MS = 3_000;

export function registerNewOrderRoutes(scope: FastifyInstance, deps: AdminDeps): void {
  const signals = scope.orderSignals;
  const watch = startNewOrderWatch({
    db: deps.db,
    signals,
    // With Redis every order anywhere wakes the count; without it other instances' orders are
    // found by this re-check alone.
    recheckMs: signals.shared ? 60_000 : 10_000,
    logError: (error, message) => scope.log.error({ err: error }, message),
  });
  const open = new Set<() => void>();

  scope.get(NEW_ORDER_COUNT_PATH, async (_request, reply): Promise<NewOrderCount> => {
    reply.header("cache-control", "no-store");
    return { count: await countNewOrders(deps.db) };
  });

  scope.get(NEW_ORDER_STREAM_PATH, { compress: false }, async (request, reply) => {
    // Anything else (a browser tab opened on the address, a crawler) gets an answer that ends.
    if (!request.headers.accept?.includes(EVENT_STREAM_TYPE)) throw new HttpError(406, NEW_ORDER_MESSAGES.askForStream);
    const stream = new PassThrough();
    // The admin check before this route read the same header, so it is there.
    const token = bearerToken(request) ?? "";
    // Each send first asks whether the admin's session still lives: signed out (or ended by a
    // password reset) on another tab, the stream ends instead of telling the count to no one
    // entitled to it. One at a time, so the counts keep their order.
    let sending = Promise.resolve();
    const send = (text: string) => {
      sending = sending.then(async () => {
        const still = await findSessionUser(deps.db, token).catch(() => undefined);
        if (still?.role === "admin") stream.write(text);
        else end();
      });
    };
    const stop = watch.watch((count) => send(formatCountEvent(count)));
    const keepAlive = setInterval(() => send(": keep-alive\n\n"), KEEP_ALIVE_MS);
    const lifetime = setTimeout(() => end(), STREAM_LIFETIME_MS);
    function end() {
      if (!open.delete(end)) return;
      clearInterval(keepAlive);
      clearTimeout(lifetime);
      stop();
      stream.end();
    }
    open.add(end);
    reply.raw.on("close", end);
    stream.write(`retry: ${RETRY_MS}\n\n`);
    return (
      reply
        .header("content-type", `${EVENT_STREAM_TYPE}; charset=utf-8`)
        .header("cache-control", "no-store")
        // nginx passes each event on at once instead of filling its buffer first.
        .header("x-accel-buffering", "no")
        .send(stream)
    );
  });

  // Open streams would keep a graceful stop waiting for ever: end them first; browsers reconnect
  // to another instance.
  scope.addHook("preClose", async () => {
    for (const end of [...open]) end();
  });
  scope.addHook("onClose", async () => watch.close());
}
