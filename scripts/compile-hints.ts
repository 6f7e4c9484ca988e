import type { Plugin } from "vite";

// V8's explicit compile hint (Chrome 136 and later; v8.dev/blog/explicit-compile-hints): a script
// whose first line is this comment has every function compiled eagerly, on the thread that streams
// the script in as it downloads. Without it V8 compiles a function lazily, on the main thread, when
// it is first called: on a first visit that was 60-80 ms of a `/men` load's hydration here, inside
// the tasks Lighthouse counts as blocking (decision 057). The browser's chunks are what the page
// runs as it loads and hydrates, so most of their functions are called on load, which is the case
// the hint is for. A returning shopper's browser has V8's code cache and compiles nothing either way.
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * The browser's chunks begin with the hint. It goes in as Rolldown's `postBanner` (added after
 * minification, and part of the chunk's hash, so a file's name still tells its content); then it is
 * moved to the very first line, where V8 looks for it: Vite puts its list of a chunk's preloads
 * (`__vite__mapDeps`) above the banner.
 */
export function compileHintFirst(): Plugin {
  return {
    name: "compile-hint-first",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions: (options) => ({ ...options, postBanner: COMPILE_HINT }),
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code.replace(`${COMPILE_HINT}\n`, "")}`;
        }
      },
    },
  };
}
