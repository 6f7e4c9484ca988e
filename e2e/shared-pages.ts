// Pages a spec keeps for its worker's whole run, going from screen to screen as a shopper's page
// does, for specs that only read what they open (the layout at every width, the storefront's axe
// pass). A fresh context per test costs the browser about half a second (a new renderer process,
// the scripts compiled and the pictures fetched again): in a suite whose browser half is bound by
// the CPU, the layout spec took 94 s instead of 170 s at desktop width (docs/benchmarks.md, "The
// test suite"). Specs that change what a page shows keep Playwright's fresh page per test.
import { type APIRequestContext, type BrowserContext, test as base, type Page } from "@playwright/test";

export interface SharedPages {
  /** Requests to the shop (the project's baseURL) outside any page. */
  request: APIRequestContext;
  /**
   * The worker's page for `key`, made on first use in a context of its own, `prepare`d first. The
   * worker runs several spec files: a key names its spec unless the page is meant to be the same.
   */
  page(key: string, prepare?: (context: BrowserContext) => Promise<void>): Promise<Page>;
}

export const test = base.extend<Record<never, never>, { shared: SharedPages }>({
  shared: [
    async ({ browser, playwright }, use, workerInfo) => {
      // The project's device (viewport, touch, user agent) and the shop's address, as Playwright's own
      // context fixture would give them.
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = workerInfo.project.use;
      const options = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL };
      // Requests need no browser context of their own (the API takes bearer tokens, not cookies).
      const request = await playwright.request.newContext({ baseURL });
      const contexts: BrowserContext[] = [];
      const pages = new Map<string, Page>();
      await use({
        request,
        async page(key, prepare) {
          const kept = pages.get(key);
          if (kept) return kept;
          const context = await browser.newContext(options);
          contexts.push(context);
          await prepare?.(context);
          const page = await context.newPage();
          pages.set(key, page);
          return page;
        },
      });
      for (const context of contexts) await context.close();
      await request.dispose();
    },
    { scope: "worker" },
  ],
});
