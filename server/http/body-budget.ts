// How long a request's body may take to arrive, per route (issue 46). Node's own bound
// (requestTimeout) is one number for the whole server, and a customer's exchange photo over a slow
// phone link needs longer than any other body should get (server/exchanges/upload-budget.ts). So
// Node's bound is set to the longest any route allows (buildApp), and here each body with more to
// come gets its route's budget (`config.bodyBudgetMs`, else the ordinary one), counted from its
// headers' arrival (Node's headersTimeout bounds those). A body still incomplete at its budget is
// ended as Node ends one: the same 408 'took too long' on the socket (server/plugins/early-refusals.ts).
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** How long this route's body may take to arrive, in ms (the server's ordinary budget when unset). */
    bodyBudgetMs?: number;
  }
}

export function registerBodyBudgets(app: FastifyInstance, options: { ordinaryMs: number }): void {
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    const hasBody = Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"];
    // Requests made in-process (app.inject in tests) have no socket to end.
    if (!hasBody || raw.complete || !(raw.socket instanceof Socket)) {
      done();
      return;
    }
    const endAfter = (ms: number) => {
      const timer = setTimeout(() => {
        if (raw.complete || raw.socket.destroyed) return;
        const error = Object.assign(new Error("The request's body did not arrive within its budget."), {
          code: "ERR_HTTP_REQUEST_TIMEOUT",
        });
        app.server.emit("clientError", error, raw.socket);
      }, ms);
      timer.unref();
      return timer;
    };
    let timer = endAfter(request.routeOptions.config.bodyBudgetMs ?? options.ordinaryMs);
    // Answered before its body was read (refused): what is left of it has only the ordinary time,
    // so a route's longer budget is given only to a body the route takes.
    reply.raw.once("finish", () => {
      if (raw.complete) return;
      clearTimeout(timer);
      timer = endAfter(options.ordinaryMs);
    });
    raw.once("end", () => clearTimeout(timer));
    done();
  });
}
