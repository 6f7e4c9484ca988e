// [Ours] The page's stylesheet is fetched before its scripts (issue 54, decision 054). React's server
// writes every <link> it may hoist (the module preloads that <Scripts> renders at the end of the body
// among them) at the top of the <head>, ahead of the stylesheet, which it leaves where <Links> put
// it. A browser then asks for a route's scripts first: on the cart's 19 files over a phone's link,
// the stylesheet that holds the first paint waited for them. Moved here, it is the first thing the
// page asks for. Its place among the <head>'s other elements, once the preloads are gone
// (app/lib/preact-document.ts removes them before hydrating), is the one the browser renders.

const FIRST_MODULE_PRELOAD = '<link rel="modulepreload"';
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;

/** `html` with the <head>'s stylesheets moved ahead of its first module preload. */
export function stylesheetsBeforeScripts(html: string): string {
  const headEnd = html.indexOf("</head>");
  const firstPreload = html.indexOf(FIRST_MODULE_PRELOAD);
  if (headEnd < 0 || firstPreload < 0 || firstPreload > headEnd) return html;
  const afterPreloads = html.slice(firstPreload, headEnd);
  const stylesheets = afterPreloads.match(STYLESHEET);
  if (!stylesheets) return html;
  return (
    html.slice(0, firstPreload) + stylesheets.join("") + afterPreloads.replace(STYLESHEET, "") + html.slice(headEnd)
  );
}
