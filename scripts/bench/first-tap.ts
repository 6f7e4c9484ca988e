// The first tap on a phone (issue 17): each page is loaded fresh in a Pixel 7 viewport with the CPU
// slowed 4x and Lighthouse's slow-4G network, one control is tapped 1.5 s after the load event, and
// the tap's latency is read from the browser's own Event Timing API, as INP is. A tap that never
// shows its effect (menu open, size marked, cart count changed) is "lost": before hydration the
// server's buttons have no handlers, and that is the failure this bench exists to show. The same
// loads give the moment each page became interactive (issue 54: hydrated, `data-hydrated` on <html>,
// set by app/root.tsx), and the machine's benchmark index is read beside them (machine-index.ts).
import { type BrowserContext, chromium, devices, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium.ts";
import { type EventTimingLike, p75, tapLatency } from "./first-tap-stats.ts";
import { benchmarkIndexOf } from "./machine-index.ts";
import { sleep } from "./stats.ts";

/** Lighthouse's mobile "slow 4G": 150 ms round trip, 1.6 Mbps down, 750 Kbps up (bytes per second here). */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const TAP_AFTER_LOAD_MS = 1_500;
/** How long a tap may take to show its effect before it counts as lost. */
const EFFECT_TIMEOUT_MS = 15_000;
const HYDRATION_TIMEOUT_MS = 30_000;
const PASSWORD = "Bench-First-Tap-2024!";

/**
 * In every page before its own scripts: collect Event Timing entries, the first real tap's time and
 * the moment React marks the page hydrated (the page's clock starts at navigation).
 */
const OBSERVE = `(() => {
  const bench = (window.__firstTap = { entries: [], tapAt: null, effectAt: null, hydratedAt: null });
  const hydrated = new MutationObserver(() => {
    if (document.documentElement?.dataset.hydrated !== "true") return;
    bench.hydratedAt = performance.now();
    hydrated.disconnect();
  });
  hydrated.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      bench.entries.push({ name: e.name, startTime: e.startTime, duration: e.duration, interactionId: e.interactionId });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  addEventListener("pointerdown", (e) => { if (e.isTrusted && bench.tapAt === null) bench.tapAt = e.timeStamp; }, true);
})();`;

interface Probe {
  entries: EventTimingLike[];
  tapAt: number | null;
  effectAt: number | null;
  hydratedAt: number | null;
}
declare global {
  interface Window {
    __firstTap?: Probe;
  }
}

/** One page of the bench: what to tap, and the element whose appearance proves the tap worked. */
interface TapCase {
  label: string;
  path: string;
  signedIn: boolean;
  /** The control, and a CSS selector that matches only once the tap has taken effect. */
  control(page: Page): Promise<{ locator: Locator; effect: string }>;
}

/** The header's menu button: on every page, the first thing many shoppers tap on a phone. */
const menuButton = (path: string): TapCase => ({
  label: `\`${path}\`, menu button`,
  path,
  signedIn: false,
  control: async (page) => ({
    locator: page.getByRole("button", { name: "Open menu" }),
    // Open as a popover (decision 055), or as a modal where a browser has no popovers.
    effect: "dialog[aria-labelledby=mobile-menu-title]:is([open], :popover-open)",
  }),
});

/** A list's Filter & sort: rendered only once React runs (FilterSheet.tsx), so the tap waits for it. */
const filterButton = (path: string): TapCase => ({
  label: `\`${path}\`, Filter & sort`,
  path,
  signedIn: false,
  control: async (page) => ({
    locator: page.getByRole("button", { name: /^Filter & sort/ }),
    effect: "dialog[open]",
  }),
});

function cases(productId: string): TapCase[] {
  const product = `/products/${productId}`;
  return [
    menuButton("/men"),
    {
      label: "`/products/{id}`, a size",
      path: product,
      signedIn: false,
      // A size other than the one the page already marks, so the mark moving is the tap's doing.
      control: async (page) => {
        const name = (await page.locator(UNMARKED_SIZE).first().getAttribute("aria-label")) ?? "";
        return {
          locator: page.getByRole("button", { name, exact: true }),
          effect: `fieldset button[aria-label="${name}"][aria-pressed=true]`,
        };
      },
    },
    {
      label: "`/products/{id}`, Add to Cart (signed in)",
      path: product,
      signedIn: true,
      control: async (page) => ({
        locator: page.getByRole("button", { name: "Add to Cart" }),
        effect: 'a[href="/my-cart"][aria-label="Cart, 1 line"]',
      }),
    },
    filterButton("/search?query=khussa"),
    // Issue 35: every other customer route (those a mailed link's token opens are left out).
    ...["/", "/men/All", "/women", "/buy/42", "/contact", "/exchange-policy", "/size-guide"].map(menuButton),
    ...["/my-cart", "/TrackOrder", "/login", "/sign-up", "/reset-password"].map(menuButton),
    filterButton("/men/formal-shoes"),
    filterButton("/women/heels-&-sandals"),
  ];
}
const UNMARKED_SIZE = "fieldset button:not([disabled])[aria-pressed=false]";

/**
 * Notes the page's clock the moment `selector` first matches, from a MutationObserver, so the time
 * to the effect does not depend on how often the bench looks.
 */
function watchForEffect(selector: string): void {
  const probe = window.__firstTap;
  if (!probe) return;
  const check = () => {
    if (probe.effectAt === null && document.querySelector(selector)) probe.effectAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  check();
}

export interface TapLoad {
  /** Event Timing latency; undefined when every event of the tap was under the 16 ms threshold. */
  latencyMs: number | undefined;
  /** From the tap to its effect being visible; undefined when lost. */
  effectMs: number | undefined;
  hydratedAtTap: boolean;
  /** From navigation to hydration on the phone profile; undefined when it never came (within 30 s). */
  hydratedMs: number | undefined;
}

export interface FirstTapPage {
  label: string;
  loads: TapLoad[];
  /** The machine's benchmark index, read just before this page's loads. */
  machineIndex: number;
  /** p75 of the loads' time to hydration (a load never hydrated counts as infinitely late). */
  hydratedP75Ms: number;
  /** p75 of the Event Timing latencies, an unreported one counted as 16 ms (the threshold). */
  p75Ms: number;
  effectP75Ms: number;
  lost: number;
}

interface Session {
  token: string;
  user: unknown;
}

async function signIn(base: string): Promise<Session> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const email = `first-tap-${stamp}@example.pk`;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const signUp = await post("/api/user/signup", { email, password: PASSWORD, username: `firsttap${stamp}` });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const login = await post("/api/user/login", { email, password: PASSWORD });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return (await login.json()) as Session;
}

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
}

async function loadAndTap(context: BrowserContext, base: string, tapCase: TapCase): Promise<TapLoad> {
  const page = await context.newPage();
  await throttle(context, page);
  await page.goto(`${base}${tapCase.path}`, { waitUntil: "load", timeout: 120_000 });
  await sleep(TAP_AFTER_LOAD_MS);
  const hydratedAtTap = await page.evaluate(() => document.documentElement.dataset.hydrated === "true");
  const { locator, effect } = await tapCase.control(page);
  await page.evaluate(watchForEffect, effect);
  await locator.tap({ timeout: 60_000 });
  await page
    .waitForFunction(() => window.__firstTap?.effectAt !== null, undefined, {
      polling: 250,
      timeout: EFFECT_TIMEOUT_MS,
    })
    .catch(() => undefined);
  // Event Timing entries reach the observer after the next paint: give it a few frames.
  await sleep(500);
  await page
    .waitForFunction(() => window.__firstTap?.hydratedAt !== null, undefined, {
      polling: 250,
      timeout: HYDRATION_TIMEOUT_MS,
    })
    .catch(() => undefined);
  const probe = await page.evaluate(() => window.__firstTap);
  const tapAt = probe?.tapAt ?? Number.NaN;
  const tap = tapLatency(probe?.entries ?? [], Number.isFinite(tapAt) ? tapAt - 1 : 0);
  const effectAt = probe?.effectAt ?? null;
  return {
    latencyMs: tap?.latencyMs,
    effectMs: effectAt === null ? undefined : effectAt - tapAt,
    hydratedAtTap,
    hydratedMs: probe?.hydratedAt ?? undefined,
  };
}

export async function measureFirstTaps(
  base: string,
  productId: string,
  options: { loads: number; log: (line: string) => void; only?: (label: string) => boolean },
): Promise<FirstTapPage[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const session = await signIn(base);
    const pages: FirstTapPage[] = [];
    for (const tapCase of cases(productId).filter((c) => options.only?.(c.label) ?? true)) {
      const machineIndex = await benchmarkIndexOf(browser);
      const loads: TapLoad[] = [];
      for (let load = 0; load < options.loads; load++) {
        // A fresh context per load: an empty cache, as on a first visit, and an empty cart.
        const context = await browser.newContext({ ...devices["Pixel 7"] });
        try {
          await context.addInitScript(OBSERVE);
          if (tapCase.signedIn) {
            await fetch(`${base}/api/user/cart/clear`, {
              method: "DELETE",
              headers: { authorization: `Bearer ${session.token}` },
            });
            await context.addInitScript(
              ([token, user]) => {
                if (!localStorage.getItem("token")) {
                  localStorage.setItem("token", token);
                  localStorage.setItem("user", user);
                }
              },
              [JSON.stringify(session.token), JSON.stringify(session.user)] as const,
            );
          }
          const result = await loadAndTap(context, base, tapCase);
          loads.push(result);
          options.log(
            `  first tap ${tapCase.label} load ${load + 1}: ${result.latencyMs ?? "<16"} ms, effect ${
              result.effectMs === undefined ? "LOST" : `${Math.round(result.effectMs)} ms`
            }, hydrated ${result.hydratedMs === undefined ? "NEVER" : `${Math.round(result.hydratedMs)} ms`}${
              result.hydratedAtTap ? "" : ", tapped before hydration"
            }`,
          );
        } finally {
          await context.close();
        }
      }
      pages.push(summarise(tapCase.label, loads, machineIndex));
    }
    return pages;
  } finally {
    await browser.close();
  }
}

export function summarise(label: string, loads: TapLoad[], machineIndex: number): FirstTapPage {
  const kept = loads.filter((l) => l.effectMs !== undefined);
  return {
    label,
    loads,
    machineIndex,
    hydratedP75Ms: p75(loads.map((l) => l.hydratedMs ?? Number.POSITIVE_INFINITY)),
    p75Ms: p75(loads.map((l) => l.latencyMs ?? 16)),
    effectP75Ms: p75(kept.map((l) => l.effectMs ?? Number.NaN)),
    lost: loads.length - kept.length,
  };
}
