// The stylesheet is moved ahead of React's hoisted module preloads (app/lib/stylesheet-first.server.ts,
// decision 054); the page's own pages are held by tests/first-load-scripts.test.ts.
import { expect, it } from "vitest";
import { stylesheetsBeforeScripts } from "../app/lib/stylesheet-first.server.ts";

const PRELOADS = '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>';
const STYLESHEET = '<link nonce="n" rel="stylesheet" href="/assets/shell.css#"/>';

it("moves the head's stylesheets ahead of its first module preload, keeping everything else in order", () => {
  const html = `<html><head><title>T</title>${PRELOADS}${STYLESHEET}<script>1</script></head><body><link rel="stylesheet" href="/late.css"/></body></html>`;
  expect(stylesheetsBeforeScripts(html)).toBe(
    `<html><head><title>T</title>${STYLESHEET}${PRELOADS}<script>1</script></head><body><link rel="stylesheet" href="/late.css"/></body></html>`,
  );
});

it("leaves a page without preloads, or whose stylesheet is already first, as it was", () => {
  for (const html of [
    `<html><head>${STYLESHEET}</head><body></body></html>`,
    `<html><head>${STYLESHEET}${PRELOADS}</head><body></body></html>`,
    "<p>no head</p>",
  ]) {
    expect(stylesheetsBeforeScripts(html)).toBe(html);
  }
});
