// The server's domain folders import one way only: each folder may import the folders its line in
// the `domain-arrows` block of docs/architecture.md names, and nothing else. The block is read here,
// so the document is the one picture of the arrows and cannot drift from what `npm run lint` checks.
// Also: a module in app/ reaches the server only if it is server-only (`.server.ts`, `.server.tsx`).
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";

const DOC = "docs/architecture.md";
const WHERE = `(${DOC}, domain arrows)`;

/** The files directly in server/ that build and start the app: they wire every folder together. */
const COMPOSITION_FILES = new Set(["app.ts", "start.ts"]);

/** What each folder may import: the folders named on its line (aliases expanded), or "*" for anything. */
export type Arrows = ReadonlyMap<string, ReadonlySet<string> | "*">;

export interface ImportRef {
  /** The importing file, from the repository's root with "/" separators: `server/orders/service.ts`. */
  file: string;
  /** The specifier as written: `../catalog/rows.ts`, `#server/catalog/rows.ts`, `zod`. */
  specifier: string;
}

/** Reads the `domain-arrows` block of `markdown`; `problems` says what in it is malformed. */
export function parseArrows(markdown: string): { arrows: Arrows; problems: string[] } {
  const problems: string[] = [];
  const blocks = [...markdown.matchAll(/^(```|~~~)[ \t]*domain-arrows[ \t]*\n([\s\S]*?)^\1[ \t]*$/gm)];
  if (blocks.length !== 1) {
    const found = blocks.length === 0 ? "no" : String(blocks.length);
    return { arrows: new Map(), problems: [`${DOC} has ${found} \`domain-arrows\` blocks: it must have one`] };
  }
  const aliases = new Map<string, string[]>();
  const lines = new Map<string, string[] | "*">();
  for (const raw of (blocks[0]?.[2] ?? "").split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const match = /^([\w-]+)\s*(=|->)\s*(.*)$/.exec(line);
    const [, name = "", operator, list = ""] = match ?? [];
    const names = list.split(",").map((item) => item.trim());
    if (!match || names.some((item) => !/^([\w-]+|\*)$/.test(item))) {
      problems.push(`${WHERE}: cannot read the line \`${line}\` (write \`folder -> a, b\` or \`alias = a, b\`)`);
    } else if (aliases.has(name) || lines.has(name)) {
      problems.push(`${WHERE}: \`${name}\` has more than one line`);
    } else if (operator === "=") {
      aliases.set(name, names);
    } else {
      lines.set(name, names.includes("*") ? "*" : names);
    }
  }
  const arrows = new Map<string, ReadonlySet<string> | "*">();
  for (const [folder, targets] of lines) {
    if (targets === "*") {
      arrows.set(folder, "*");
      continue;
    }
    // Aliases are expanded once: an alias names folders, not other aliases.
    const expanded = targets.flatMap((target) => aliases.get(target) ?? [target]);
    for (const target of expanded.filter((target) => !lines.has(target))) {
      // A name that has no line of its own is a typo, or a folder left out of the picture.
      problems.push(`${WHERE}: \`${folder}\` may import \`${target}\`, which has no line of its own`);
    }
    arrows.set(folder, new Set(expanded));
  }
  return { arrows, problems };
}

/**
 * The folder of a path under server/ (its first segment; `root` for a file directly in server/,
 * `composition` for app.ts and start.ts), or null for a path outside server/.
 */
export function folderOf(path: string): string | null {
  if (!path.startsWith("server/")) return null;
  const [first = "", ...rest] = path.slice("server/".length).split("/");
  if (rest.length > 0) return first;
  return COMPOSITION_FILES.has(first) ? "composition" : "root";
}

/** The imported path from the repository's root, or null for a package or another `#` import. */
export function resolveSpecifier({ file, specifier }: ImportRef): string | null {
  if (specifier.startsWith("#server/")) return posix.normalize(specifier.slice(1));
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    return posix.join(posix.dirname(file), specifier);
  }
  return null;
}

// Biome's formatting puts every import and export statement at the start of a line, with `} from`
// or ` from` before its specifier; anchoring there keeps words in strings and comments out.
const STATIC_IMPORT = /^[ \t]*(?:import|export)\b[^;"'`]*?[\s}]from\s*["']([^"'\n]+)["']/gm;
const BARE_IMPORT = /^[ \t]*import\s*["']([^"'\n]+)["']/gm;
// `import("x")` and `typeof import("x")`, anywhere in a line, with a plain string literal.
const DYNAMIC_IMPORT = /\bimport\(\s*(["'`])([^"'`$\n]+)\1\s*\)/g;

/** Every specifier `source` imports or re-exports, `import type` and `typeof import("…")` included. */
export function extractSpecifiers(source: string): string[] {
  // Whole-line comments are blanked so an example in a doc comment is not taken for an import.
  const code = source.replace(/^[ \t]*(\/\/|\/\*|\*).*$/gm, "");
  return [
    ...[...code.matchAll(STATIC_IMPORT)].map((match) => match[1] ?? ""),
    ...[...code.matchAll(BARE_IMPORT)].map((match) => match[1] ?? ""),
    ...[...code.matchAll(DYNAMIC_IMPORT)].map((match) => match[2] ?? ""),
  ];
}

/** Imports along an arrow the block does not draw, and app/ modules that reach the server unasked. */
export function checkImports(arrows: Arrows, imports: readonly ImportRef[]): string[] {
  const problems: string[] = [];
  for (const ref of imports) {
    const target = resolveSpecifier(ref);
    if (target === null) continue;
    const to = folderOf(target);
    if (to === null) continue;
    if (ref.file.startsWith("app/")) {
      // React Router keeps `.server` modules out of the browser's bundle; anything else would ship them.
      if (!/\.server\.tsx?$/.test(ref.file)) {
        problems.push(
          `${ref.file} imports ${target}: only a .server.ts or .server.tsx module in app/ may import the server ${WHERE}`,
        );
      }
      continue;
    }
    const from = folderOf(ref.file);
    const allowed = from === null ? undefined : arrows.get(from);
    // A folder without a line is reported once by checkFolders, not at each of its imports.
    if (from === null || from === to || allowed === undefined || allowed === "*" || allowed.has(to)) continue;
    problems.push(`${ref.file} imports ${target}: ${from} may not depend on ${to} ${WHERE}`);
  }
  return problems;
}

/** Folders under server/ missing from the block, and lines naming a folder that does not exist. */
export function checkFolders(arrows: Arrows, folders: Iterable<string>): string[] {
  const present = new Set(folders);
  const problems: string[] = [];
  for (const folder of [...present].sort()) {
    if (!arrows.has(folder)) {
      problems.push(`no line of the domain-arrows block places ${nameOf(folder)}: add one ${WHERE}`);
    }
  }
  for (const folder of arrows.keys()) {
    if (!present.has(folder)) {
      problems.push(`${WHERE}: the line for \`${folder}\` names ${nameOf(folder)}, which does not exist`);
    }
  }
  return problems;
}

function nameOf(folder: string): string {
  if (folder === "root") return "the files directly in server/ (root)";
  if (folder === "composition") return "server/app.ts and server/start.ts (composition)";
  return `server/${folder}/`;
}

/** The .ts and .tsx files under `dir`, from the repository's root, with "/" separators. */
function sourceFiles(root: string, dir: string, skip: string[] = []): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .map((path) => `${dir}/${path.split("\\").join("/")}`)
    .filter((path) => /\.tsx?$/.test(path) && !skip.some((folder) => path.startsWith(`${folder}/`)))
    .sort();
}

function main(): number {
  const root = join(import.meta.dirname, "..", "..");
  const { arrows, problems } = parseArrows(readFileSync(join(root, DOC), "utf8"));
  if (arrows.size === 0) {
    console.error(problems.join("\n"));
    return 1;
  }
  const serverFiles = sourceFiles(root, "server", ["server/db/migrations"]);
  const files = [...serverFiles, ...sourceFiles(root, "app")];
  const imports = files.flatMap((file) =>
    extractSpecifiers(readFileSync(join(root, file), "utf8")).map((specifier) => ({ file, specifier })),
  );
  // A folder exists for the picture when it holds source: an empty one left by a move is not a domain.
  const folders = serverFiles.map((file) => folderOf(file) ?? "");
  problems.push(...checkFolders(arrows, folders), ...checkImports(arrows, imports));
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    console.error(`\n${problems.length} problem(s) with the domain arrows.`);
    return 1;
  }
  const crossing = imports.filter((ref) => {
    const target = resolveSpecifier(ref);
    return target !== null && folderOf(target) !== null && folderOf(target) !== folderOf(ref.file);
  });
  console.log(
    `Domain arrows: ${files.length} files, ${crossing.length} imports across folders checked against ${arrows.size} lines of ${DOC}.`,
  );
  return 0;
}

if (import.meta.main) process.exitCode = main();
