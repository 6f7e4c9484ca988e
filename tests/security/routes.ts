// The app's own route table, read from Fastify, so the header and fuzz tests cover every route,
// including ones added after these tests were written.
import type { FastifyInstance } from "fastify";

export interface RouteEntry {
  method: string;
  url: string;
}

/** Every method and path the app answers, from `printRoutes`, without HEAD and built files. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] ?? "").length / 4);
    stack.length = depth;
    const segment = match[2] ?? "";
    const parent = stack[depth - 1] ?? "";
    const url = parent.endsWith("/") && segment.startsWith("/") ? parent + segment.slice(1) : parent + segment;
    stack[depth] = url;
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      const path = url.startsWith("/") ? url : `/${url}`;
      if (method !== "HEAD" && !path.startsWith("/assets/")) routes.push({ method, url: path });
    }
  }
  return routes;
}

/** A concrete path for a route pattern, with `value` in every parameter. */
export const fillParams = (url: string, value: (name: string) => string) =>
  url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => value(name ?? "*"));
