// How every tool here starts Debian's Chromium: the browser tests, the bench's first tap and
// Lighthouse, and the screenshot script. The network of this machine (and CI's) is closed, so the
// flags keep Chromium from calling Google's services, whose refused connections slow every start.

import { existsSync } from "node:fs";

/** The browser a shopper runs: Lighthouse, the first-tap bench and the screenshots measure this one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` when it is installed (`.ci/run`
 * installs it). It is the same Blink and V8 without the full browser around them, the build
 * Playwright itself runs headless tests in, and specs took 11-27% less time in it on this 2-core
 * machine (the layout spec 12% less CPU; decision 027). Without it, the full Chromium.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
