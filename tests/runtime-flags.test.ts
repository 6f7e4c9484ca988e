// The memory settings of the shop's process (server/runtime-flags.ts) are written out again where
// a shell or a container starts it; this keeps those copies equal to the source.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { NODE_FLAGS, START_ENV } from "#server/runtime-flags.ts";

const read = (file: string) => readFile(new URL(`../${file}`, import.meta.url), "utf8");

describe("runtime flags", () => {
  it("npm start passes the flags and the environment", async () => {
    const pkg = JSON.parse(await read("package.json")) as { scripts: Record<string, string> };
    const start = pkg.scripts.start ?? "";
    for (const [name, value] of Object.entries(START_ENV)) expect(start).toContain(`${name}=${value} node`);
    for (const flag of NODE_FLAGS) expect(start).toContain(`node ${flag}`);
  });

  it("the container starts the same way", async () => {
    const dockerfile = await read("Dockerfile");
    for (const [name, value] of Object.entries(START_ENV)) expect(dockerfile).toContain(`ENV ${name}=${value}`);
    for (const flag of NODE_FLAGS) expect(dockerfile).toMatch(new RegExp(`CMD \\["node", "${flag}"`));
  });
});
