// Screenshots of the running shop at phone and desktop widths, to look at what customers see.
// Usage: node scripts/screenshots.ts [baseUrl] [outDir] [path ...]
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

const [baseUrl = "http://127.0.0.1:3000", outDir = ".tmp/screenshots", ...paths] = process.argv.slice(2);
const routes = paths.length > 0 ? paths : ["/", "/men", "/women/heels-&-sandals", "/search?query=chapal", "/contact"];
const widths = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } };

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
});
for (const [name, viewport] of Object.entries(widths)) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  for (const route of routes) {
    await page.goto(new URL(route, baseUrl).href, { waitUntil: "networkidle" });
    await page.evaluate(async () => {
      // Let lazy images load: scroll through the page once.
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo({ top: y, behavior: "instant" });
        await new Promise((r) => setTimeout(r, 60));
      }
      // Instant: the shop's CSS scrolls smoothly, and a capture mid-scroll draws the sticky header mid-page.
      window.scrollTo({ top: 0, behavior: "instant" });
    });
    await page.waitForLoadState("networkidle");
    const file = path.join(outDir, `${name}-${route.replace(/[^a-z0-9]+/gi, "_") || "home"}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
