// docs/architecture.md section 2: services know nothing of HTTP. They throw DomainError
// (server/domain-errors.ts); only HTTP code (routes, server/http, plugins, the pages adapter, app.ts)
// may import server/http/errors.ts, where HttpError and parseOr400 live. (The catalogue's read cache keeps
// compressed answers with server/http/compression.ts: a cache of HTTP answers, asked for by routes only.)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = join(import.meta.dirname, "..", "server");

/** HTTP code, allowed to speak HTTP: routes, the http helpers, plugins, the pages adapter, the app. */
function isHttpCode(path: string): boolean {
  const name = path.split("/").at(-1) ?? "";
  return (
    name === "routes.ts" ||
    name.endsWith("-routes.ts") ||
    path === "app.ts" ||
    ["http/", "plugins/", "web/"].some((folder) => path.startsWith(folder))
  );
}

function serverModules(): string[] {
  return readdirSync(SERVER, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => path.split("\\").join("/"));
}

// `from "../http/errors.ts"`, `"#server/http/errors.ts"`, and an `import(...)` of it.
const HTTP_ERRORS_IMPORT = /["'][^"']*\/http\/errors(\.ts)?["']/;

describe("services know nothing of HTTP", () => {
  it("finds the server's modules and tells services from HTTP code", () => {
    const modules = serverModules();
    expect(modules).toContain("cart/service.ts");
    expect(modules.filter(isHttpCode)).toContain("cart/routes.ts");
    expect(modules.filter((path) => !isHttpCode(path))).not.toContain("plugins/errors.ts");
  });

  it("no service imports server/http/errors.ts (throw DomainError from server/domain-errors.ts instead)", () => {
    const offenders = serverModules()
      .filter((path) => !isHttpCode(path))
      .filter((path) => HTTP_ERRORS_IMPORT.test(readFileSync(join(SERVER, path), "utf8")))
      .map((path) => relative(".", join("server", path)));
    expect(offenders).toEqual([]);
  });
});

// docs/architecture.md, "The order's life": an order is born only through server/orders/life/create.ts
// and changes status only through server/orders/life/moves.ts.
describe("the order's life is written in one place", () => {
  const BIRTH =
    /insert\s+into\s+(orders|order_lines|order_status_events)\b|\.insert\((orders|orderLines|orderStatusEvents)\)/i;
  const STATUS_WRITE = /update\s+orders\s+set[^`;]*\bstatus\s*=|\.update\(orders\)\s*\.set\(\{[^}]*\bstatus\b/i;
  const source = (path: string) => readFileSync(join(SERVER, path), "utf8");
  const outsideLife = () =>
    serverModules().filter((path) => !path.startsWith("orders/life/") && !path.startsWith("db/migrations/"));

  it("finds the patterns where they are", () => {
    expect(source("orders/life/create.ts")).toMatch(BIRTH);
    expect(source("orders/life/moves.ts")).toMatch(STATUS_WRITE);
  });

  it("no other module inserts an order, its lines or its history", () => {
    expect(outsideLife().filter((path) => BIRTH.test(source(path)))).toEqual([]);
  });

  it("no other module writes an order's status", () => {
    expect(outsideLife().filter((path) => STATUS_WRITE.test(source(path)))).toEqual([]);
  });
});
