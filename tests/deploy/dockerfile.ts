// Just enough of a Dockerfile and .dockerignore reader for tests/deploy: instructions by stage,
// COPY sources, and whether the build context keeps a path.
import { readFileSync } from "node:fs";
import path from "node:path";

export interface Instruction {
  name: string;
  args: string;
}

export interface Stage {
  base: string;
  name: string | undefined;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs declared before the first FROM, with their defaults. */
  globalArgs: Map<string, string>;
  stages: Stage[];
}

export function readDockerfile(file: string): Dockerfile {
  const logical = readFileSync(file, "utf8")
    .replace(/\\\r?\n(\s*#.*\r?\n)*/g, " ")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, name = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { name: name.toUpperCase(), args };
    if (instruction.name === "FROM") {
      const [, base = "", stageName] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ base, name: stageName, instructions: [] });
    } else if (stages.length === 0 && instruction.name === "ARG") {
      const [key = "", value = ""] = args.split("=");
      globalArgs.set(key, value);
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

export const all = (stage: Stage, name: string) => stage.instructions.filter((i) => i.name === name);

/** Exec form (a JSON array) or shell form, as the words Docker would run. */
export function words(args: string): string[] {
  return args.startsWith("[") ? (JSON.parse(args) as string[]) : args.split(/\s+/);
}

export interface Copy {
  from: string | undefined;
  sources: string[];
  dest: string;
}

export function copies(stage: Stage): Copy[] {
  return all(stage, "COPY").map(({ args }) => {
    const tokens = args.split(/\s+/);
    const flags = tokens.filter((t) => t.startsWith("--"));
    const paths = tokens.filter((t) => !t.startsWith("--"));
    const from = flags.find((f) => f.startsWith("--from="))?.slice("--from=".length);
    return { from, sources: paths.slice(0, -1), dest: paths.at(-1) ?? "" };
  });
}

/** KEY=value pairs of the stage's ENV instructions. */
export function envOf(stage: Stage): Map<string, string> {
  const env = new Map<string, string>();
  for (const { args } of all(stage, "ENV")) {
    for (const [, key = "", value = ""] of args.matchAll(/(\w+)=(\S+)/g)) env.set(key, value);
  }
  return env;
}

/** .dockerignore patterns as Docker applies them: from the context root, the last match wins. */
export function dockerIgnore(file: string): (relativePath: string) => boolean {
  const rules = readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const keep = line.startsWith("!");
      const pattern = path.posix.normalize(keep ? line.slice(1) : line).replace(/^\/+/, "");
      const source = pattern
        .split("/")
        .map((part) => (part === "**" ? ".*" : part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")))
        .join("/");
      return { keep, regex: new RegExp(`^${source}(/.*)?$`) };
    });
  return (relativePath) => {
    let ignored = false;
    for (const rule of rules) if (rule.regex.test(relativePath)) ignored = !rule.keep;
    return ignored;
  };
}
