// The Dockerfile, .dockerignore, compose.yaml and .env.example, checked without Docker (there is
// no engine on the test machine): what they copy exists and is not ignored, the image starts a
// file it holds and loads only production dependencies, compose sets only variables the shop
// reads, and its wiring (hosts, health checks, versions, volumes) agrees with itself.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT_DIR } from "#server/app.ts";
import { START_ENV } from "#server/runtime-flags.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { all, copies, dockerIgnore, envOf, readDockerfile, words } from "./dockerfile.ts";
import { walkImports } from "./imports.ts";

const root = ROOT_DIR;
const docker = readDockerfile(path.join(root, "Dockerfile"));
const ignored = dockerIgnore(path.join(root, ".dockerignore"));
const runtime = docker.stages.at(-1);
if (!runtime) throw new Error("the Dockerfile has no stage");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

interface Service {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const compose = parse(readFileSync(path.join(root, "compose.yaml"), "utf8")) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const service = (name: string): Service => {
  const found = compose.services[name];
  if (!found) throw new Error(`compose.yaml has no ${name} service`);
  return found;
};

/** The variables server/config.ts reads: the keys of its zod schema of the environment. */
const configKeys = new Set(
  [
    ...(
      /const envSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(
        readFileSync(path.join(root, "server/config.ts"), "utf8"),
      )?.[1] ?? ""
    ).matchAll(/^ {2}([A-Z_]+):/gm),
  ].map((m) => m[1]),
);

/** A value as compose fills it in, from `vars` or the `${NAME:-default}` written in the file. */
function interpolate(value: string | undefined, vars: Record<string, string>): string {
  return (value ?? "").replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    const given = vars[name];
    if (given) return given;
    if (kind === "?") throw new Error(`compose would stop: ${rest}`);
    return rest ?? "";
  });
}

/** Where each file of the runtime stage comes from in the build context (sources of plain COPYs). */
const runtimeSources = copies(runtime)
  .filter((c) => c.from === undefined)
  .flatMap((c) => c.sources);
const inRuntime = (file: string) =>
  runtimeSources.some((source) => file === source || file.startsWith(`${source.replace(/\/$/, "")}/`)) ||
  file.startsWith("build/");

describe("Dockerfile", () => {
  it("builds on the official Node 24 image, the version package.json asks for", () => {
    const base = docker.globalArgs.get("NODE_IMAGE") ?? "";
    expect(base).toMatch(/^node:24[-.]/);
    expect(pkg.devDependencies.node).toMatch(/^24\./);
    for (const stage of docker.stages) expect(stage.base).toBe(`\${NODE_IMAGE}`);
  });

  it("copies only files that exist and that .dockerignore lets into the context", () => {
    const stageNames = docker.stages.map((s) => s.name);
    for (const stage of docker.stages) {
      for (const copy of copies(stage)) {
        if (copy.from !== undefined) {
          expect(stageNames).toContain(copy.from);
          continue;
        }
        for (const source of copy.sources) {
          expect(existsSync(path.join(root, source)), `COPY ${source}`).toBe(true);
          expect(ignored(source.replace(/\/$/, "")), `COPY ${source} is in .dockerignore`).toBe(false);
        }
      }
    }
  });

  it("keeps installed modules, local data, build output, secrets and history out of the context", () => {
    for (const p of ["node_modules", "data", ".tmp", "build", ".react-router", ".git", ".env", "backups"]) {
      expect(ignored(p), p).toBe(true);
    }
    expect(ignored("package.json")).toBe(false);
    expect(ignored(".env.example")).toBe(false);
  });

  it("runs, as an unprivileged user, a start file the runtime stage holds", () => {
    const [cmd] = all(runtime, "CMD");
    const command = words(cmd?.args ?? "");
    expect(command[0]).toBe("node");
    // Node's own flags come first (server/runtime-flags.ts; tests/runtime-flags.test.ts checks them).
    const entry = command.slice(1).find((word) => !word.startsWith("-")) ?? "";
    expect(existsSync(path.join(root, entry))).toBe(true);
    expect(inRuntime(entry)).toBe(true);
    expect(all(runtime, "USER").at(-1)?.args).toMatch(/^(node|\d{3,})$/);
    const env = envOf(runtime);
    expect(env.get("NODE_ENV")).toBe("production");
    expect(all(runtime, "EXPOSE").map((i) => i.args)).toEqual([env.get("PORT")]);
    expect(all(runtime, "VOLUME").map((i) => words(i.args)[0])).toEqual([env.get("DATA_DIR")]);
    // Every variable is one the shop reads, or one the C library reads (server/runtime-flags.ts).
    const known = new Set([...configKeys, ...Object.keys(START_ENV)]);
    for (const key of env.keys()) expect(known, `ENV ${key}`).toContain(key);
  });

  it("loads only production dependencies and files it copied, in the server and the CLI commands", () => {
    const entries = ["server/start.ts", "scripts/create-admin.ts", "scripts/backup.ts", "scripts/restore.ts"];
    for (const entry of entries) expect(inRuntime(entry), entry).toBe(true);
    // "type": "module" and the #server/* import map live there.
    expect(runtimeSources).toContain("package.json");
    const serverBuild = path.join(root, "build", "server", "index.js");
    if (existsSync(serverBuild)) entries.push("build/server/index.js");
    const walk = walkImports(root, entries);
    for (const file of walk.files) expect(inRuntime(file), `${file} is not copied into the image`).toBe(true);
    const outside = walk.packages.filter((p) => !(p.name in pkg.dependencies));
    // Vite, a development dependency, is loaded only by `npm run dev` (developmentPages).
    expect(outside).toEqual([{ name: "vite", from: "server/web/page-handlers.ts", dynamic: true }]);
    expect(walk.packages.map((p) => p.name)).toContain("@electric-sql/pglite");
  });

  it("matches its PostgreSQL client to the compose file's server", () => {
    const arg = all(runtime, "ARG")
      .find((i) => i.args.startsWith("PG_MAJOR="))
      ?.args.split("=")[1];
    const server = /^postgres:(\d+)/.exec(service("postgres").image ?? "")?.[1];
    expect(arg).toBe(server);
    expect(service("shop").build?.args?.PG_MAJOR).toBe(server);
  });
});

describe("compose.yaml", () => {
  const shop = service("shop");

  it("builds the shop from this Dockerfile and gives it only variables the shop reads", () => {
    expect(shop.build?.context).toBe(".");
    const keys = Object.keys(shop.environment ?? {});
    expect(keys).toEqual(expect.arrayContaining(["DATABASE_URL", "REDIS_URL", "PUBLIC_URL", "TRUST_PROXY"]));
    for (const key of keys) expect(configKeys, key).toContain(key);
  });

  it("points the shop at its postgres and redis services, and starts it once they are healthy", () => {
    const env = shop.environment ?? {};
    const pgEnv = service("postgres").environment ?? {};
    const database = new URL(interpolate(env.DATABASE_URL, { POSTGRES_PASSWORD: "0123abcd" }));
    expect(database.password).toBe("0123abcd");
    expect(() => interpolate(env.DATABASE_URL, {})).toThrow("set POSTGRES_PASSWORD in .env");
    expect(database.hostname).toBe("postgres");
    expect(database.username).toBe(pgEnv.POSTGRES_USER);
    expect(database.pathname).toBe(`/${pgEnv.POSTGRES_DB}`);
    expect(new URL(interpolate(env.REDIS_URL, {})).hostname).toBe("redis");
    expect(new URL(interpolate(env.PUBLIC_URL, {})).protocol).toMatch(/^https?:$/);
    for (const name of ["postgres", "redis"]) {
      expect(shop.depends_on?.[name]?.condition).toBe("service_healthy");
      expect(service(name).healthcheck?.test.length).toBeGreaterThan(0);
    }
    expect(service("postgres").healthcheck?.test.join(" ")).toContain("pg_isready");
  });

  it("keeps secrets out of the file: the database password comes from the environment, required", () => {
    const password = "${POSTGRES_PASSWORD:?";
    expect(service("postgres").environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(shop.environment?.DATABASE_URL).toContain(`shop:${password}`);
    for (const name of ["METRICS_TOKEN", "SMTP_URL"]) expect(shop.environment?.[name]).toMatch(/^\$\{\w+:-\}$/);
  });

  it("keeps DATA_DIR and the database in named volumes", () => {
    const dataDir = envOf(runtime).get("DATA_DIR");
    const [shopVolume] = shop.volumes ?? [];
    expect(shopVolume?.split(":")[1]).toBe(dataDir);
    expect(Object.keys(compose.volumes)).toContain(shopVolume?.split(":")[0]);
    const [pgVolume] = service("postgres").volumes ?? [];
    expect(Object.keys(compose.volumes)).toContain(pgVolume?.split(":")[0]);
  });

  it("documents in .env.example only variables the shop or compose.yaml reads", () => {
    const text = readFileSync(path.join(root, "compose.yaml"), "utf8");
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    const keys = [...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1] ?? "");
    expect(keys).toContain("POSTGRES_PASSWORD");
    for (const key of keys) expect(configKeys.has(key) || text.includes(`\${${key}:`), key).toBe(true);
  });
});

describe("the health check the image runs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(() => t?.close());

  it("asks a route that answers 200 while the database is up", async () => {
    const [check] = all(runtime, "HEALTHCHECK");
    const url = /\/[a-z]+(?=')/.exec(check?.args ?? "")?.[0] ?? "";
    expect(url).toBe("/readyz");
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
  });
});
