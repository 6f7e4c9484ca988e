// The domain-arrows check of `npm run lint` (scripts/lint/domain-arrows.ts), on small inputs made
// here: which imports it lets through, which it reports and how, and that it reads the real block of
// docs/architecture.md.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFolders, checkImports, extractSpecifiers, folderOf, parseArrows } from "../scripts/lint/domain-arrows.ts";

const DOC = ["# Architecture", "", "```domain-arrows", "foundation = root, db", "root -> db", "db -> root"];
const BLOCK = [
  ...DOC,
  "catalog -> foundation",
  "couriers -> foundation, orders",
  "orders -> foundation, catalog",
  "composition -> *",
  "```",
  "",
].join("\n");

function arrowsOf(markdown: string) {
  const { arrows, problems } = parseArrows(markdown);
  expect(problems).toEqual([]);
  return arrows;
}

describe("the domain-arrows block", () => {
  it("expands the alias and keeps * as anything", () => {
    const arrows = arrowsOf(BLOCK);
    expect(arrows.get("orders")).toEqual(new Set(["root", "db", "catalog"]));
    expect(arrows.get("composition")).toBe("*");
  });

  it("reports a missing block, an unreadable line and a name with no line of its own", () => {
    expect(parseArrows("# Architecture\n").problems).toEqual([
      "docs/architecture.md has no `domain-arrows` blocks: it must have one",
    ]);
    const broken = [...DOC, "orders: catalog", "cart -> foundation, catalgo", "```"].join("\n");
    expect(parseArrows(broken).problems).toEqual([
      "(docs/architecture.md, domain arrows): cannot read the line `orders: catalog` (write `folder -> a, b` or `alias = a, b`)",
      "(docs/architecture.md, domain arrows): `cart` may import `catalgo`, which has no line of its own",
    ]);
  });

  it("is read from docs/architecture.md, with the foundation alias", () => {
    const markdown = readFileSync(join(import.meta.dirname, "..", "docs", "architecture.md"), "utf8");
    expect(markdown).toMatch(/^foundation = root, db, /m);
    const arrows = arrowsOf(markdown);
    expect(arrows.get("accounts")).toEqual(new Set(["root", "db", "http", "jobs", "mail", "whatsapp", "plugins"]));
    expect(arrows.get("web")).toBe("*");
  });
});

describe("folders", () => {
  it("sorts server paths into folders, root and composition", () => {
    expect(folderOf("server/orders/service.ts")).toBe("orders");
    expect(folderOf("server/db/seed/seed.ts")).toBe("db");
    expect(folderOf("server/config.ts")).toBe("root");
    expect(folderOf("server/app.ts")).toBe("composition");
    expect(folderOf("shared/money.ts")).toBeNull();
  });

  it("reports a folder missing from the block and a line for a folder that does not exist", () => {
    expect(checkFolders(arrowsOf(BLOCK), ["root", "db", "catalog", "orders", "composition", "areas"])).toEqual([
      "no line of the domain-arrows block places server/areas/: add one (docs/architecture.md, domain arrows)",
      "(docs/architecture.md, domain arrows): the line for `couriers` names server/couriers/, which does not exist",
    ]);
  });
});

describe("imports", () => {
  const arrows = arrowsOf(BLOCK);
  const forbidden =
    "server/orders/service.ts imports server/couriers/parcel-row.ts: orders may not depend on couriers (docs/architecture.md, domain arrows)";

  it("lets an allowed arrow, an import of its own folder and a package through", () => {
    expect(
      checkImports(arrows, [
        { file: "server/orders/service.ts", specifier: "../catalog/rows.ts" },
        { file: "server/orders/service.ts", specifier: "../config.ts" },
        { file: "server/orders/service.ts", specifier: "./mail.ts" },
        { file: "server/orders/service.ts", specifier: "#shared/money.ts" },
        { file: "server/orders/service.ts", specifier: "drizzle-orm" },
        { file: "server/app.ts", specifier: "./couriers/routes.ts" },
      ]),
    ).toEqual([]);
  });

  it("reports a forbidden arrow with the file, the import and the rule", () => {
    expect(
      checkImports(arrows, [{ file: "server/orders/service.ts", specifier: "../couriers/parcel-row.ts" }]),
    ).toEqual([forbidden]);
  });

  it("resolves a #server/ specifier to its folder", () => {
    expect(
      checkImports(arrows, [
        { file: "server/orders/service.ts", specifier: "#server/couriers/parcel-row.ts" },
        { file: "server/orders/service.ts", specifier: "#server/catalog/rows.ts" },
      ]),
    ).toEqual([forbidden]);
  });

  it("catches import type, re-exports and dynamic imports, not examples in comments", () => {
    const source = [
      "// import { x } from '../admin/deps.ts';",
      'import type { ParcelRow } from "../couriers/parcel-row.ts";',
      "import {",
      "  type A,",
      "  b,",
      '} from "#server/catalog/rows.ts";',
      'export * from "./mail.ts";',
      'const late = await import("../jobs/runner.ts");',
      'type Db = typeof import("../db/client.ts");',
    ].join("\n");
    const specifiers = extractSpecifiers(source);
    expect([...specifiers].sort()).toEqual([
      "#server/catalog/rows.ts",
      "../couriers/parcel-row.ts",
      "../db/client.ts",
      "../jobs/runner.ts",
      "./mail.ts",
    ]);
    const imports = specifiers.map((specifier) => ({ file: "server/orders/service.ts", specifier }));
    expect(checkImports(arrows, imports)).toEqual([
      forbidden,
      "server/orders/service.ts imports server/jobs/runner.ts: orders may not depend on jobs (docs/architecture.md, domain arrows)",
    ]);
  });

  it("lets only a .server.ts or .server.tsx module in app/ import the server", () => {
    expect(
      checkImports(arrows, [
        { file: "app/lib/context.server.ts", specifier: "#server/orders/service.ts" },
        { file: "app/lib/list-page.server.tsx", specifier: "#server/catalog/search.ts" },
        { file: "app/routes/cart.tsx", specifier: "#shared/money.ts" },
        { file: "app/routes/cart.tsx", specifier: "#server/cart/service.ts" },
        { file: "app/lib/money.ts", specifier: "../../server/config.ts" },
      ]),
    ).toEqual([
      "app/routes/cart.tsx imports server/cart/service.ts: only a .server.ts or .server.tsx module in app/ may import the server (docs/architecture.md, domain arrows)",
      "app/lib/money.ts imports server/config.ts: only a .server.ts or .server.tsx module in app/ may import the server (docs/architecture.md, domain arrows)",
    ]);
  });
});
