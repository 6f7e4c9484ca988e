// The memory settings of the shop's process (server/runtime-flags.ts) are written out again where
// a shell or a container starts it; this keeps those copies equal to the source.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { NODE_FLAGS, START_ENV } from "#server/runtime-flags.ts";

const read = (file: string) => readFile(new URL(`../${file}`, import.meta.url), "utf8");
/** `NAME=value` for each variable, in the order both start lines write them. */
const envAssignments = Object.entries(START_ENV).map(([name, value]) => `${name}=${value}`);

describe("runtime flags", () => {
  it("npm start passes the flags and the environment", async () => {
    const pkg = JSON.parse(await read("package.json")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start ?? "").toContain([...envAssignments, "node", ...NODE_FLAGS, "server/start.ts"].join(" "));
    // React picks its development build unless NODE_ENV says production when it is first imported,
    // before server/start.ts's own code runs; the config reading an unset NODE_ENV as production is
    // not enough (every page was rendered by React's development build until issue 35).
    expect(pkg.scripts.start ?? "").toContain(`NODE_ENV=production ${envAssignments.join(" ")} node`);
  });

  it("the container starts the same way", async () => {
    const dockerfile = await read("Dockerfile");
    expect(dockerfile).toContain(`ENV ${envAssignments.join(" ")}\n`);
    expect(dockerfile).toContain(
      `CMD ${JSON.stringify(["node", ...NODE_FLAGS, "server/start.ts"]).replaceAll(",", ", ")}`,
    );
  });
});
