// The modules a Node process loads from some entry files: our own files followed through relative
// and `#server/` / `#shared/` imports, packages collected by name. Type-only imports are left out,
// as Node's type stripping erases them.
import { existsSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";

export interface PackageUse {
  name: string;
  from: string;
  dynamic: boolean;
}

export interface ImportWalk {
  /** Our own files, relative to the root. */
  files: Set<string>;
  packages: PackageUse[];
}

// An import clause never holds "=" or parentheses: `export const x = z.object({ from: f("a", "from") })` is no import.
const STATIC = /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?([^;=()]*?)\s*from\s*["']([^"']+)["']/g;
const BARE = /(?:^|[\n;])\s*import\s*["']([^"']+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

function typeOnly(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword) return true;
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!named?.[1]) return false;
  const specifiers = named[1]
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return specifiers.length > 0 && specifiers.every((s) => s.startsWith("type "));
}

const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

export function walkImports(root: string, entries: string[]): ImportWalk {
  const files = new Set<string>();
  const packages: PackageUse[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() ?? "";
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(path.join(root, file), "utf8");
    const found: { specifier: string; dynamic: boolean }[] = [];
    for (const [, type, clause = "", specifier = ""] of text.matchAll(STATIC)) {
      if (!typeOnly(type, clause)) found.push({ specifier, dynamic: false });
    }
    for (const [, specifier = ""] of text.matchAll(BARE)) found.push({ specifier, dynamic: false });
    for (const [, specifier = ""] of text.matchAll(DYNAMIC)) found.push({ specifier, dynamic: true });
    for (const { specifier, dynamic } of found) {
      if (specifier.startsWith("node:") || isBuiltin(specifier)) continue;
      let target: string | undefined;
      if (specifier.startsWith(".")) target = path.join(path.dirname(file), specifier);
      else if (specifier.startsWith("#server/")) target = path.join("server", specifier.slice("#server/".length));
      else if (specifier.startsWith("#shared/")) target = path.join("shared", specifier.slice("#shared/".length));
      if (target === undefined) {
        packages.push({ name: packageName(specifier), from: file, dynamic });
        continue;
      }
      if (!existsSync(path.join(root, target))) throw new Error(`${file} imports ${specifier}, which does not exist`);
      queue.push(target);
    }
  }
  return { files, packages };
}
