import type { Plugin } from "vite";

// The browser build runs on Preact's compatibility layer; the server keeps rendering with React
// (decision 048). Vite's aliases apply to every environment, so the redirection is a plugin that
// looks at the environment it resolves for.
const REACT = "\0react-on-preact";
const inBrowser: Record<string, string> = {
  "react-dom/client": "preact/compat/client",
  "react-dom": "preact/compat",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-runtime",
};
// The browser's "react": Preact's compatibility layer, plus the one hook of React 19 that React
// Router imports and Preact lacks. React Router's RouterProvider reads `useOptimistic` only when
// transitions are opted into (`useTransitions: true`, which the shop never sets); the state passes
// through unchanged.
const REACT_MODULE = `export * from "preact/compat";
export { default } from "preact/compat";
export function useOptimistic(passthrough) { return [passthrough, () => {}]; }
`;

export function reactOnPreactInBrowser(): Plugin {
  return {
    name: "react-on-preact-in-browser",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.name !== "client") return null;
      if (source === "react") return REACT;
      const target = inBrowser[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
    load(id) {
      return id === REACT ? REACT_MODULE : null;
    },
  };
}
