// How every tool here starts Debian's Chromium: the browser tests, the bench's first tap and
// Lighthouse, and the screenshot script. The network of this machine (and CI's) is closed, so the
// flags keep Chromium from calling Google's services, whose refused connections slow every start.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
