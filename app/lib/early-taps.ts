// Taps made before hydration (issue 17, docs/decisions/013-early-taps.md). The server's HTML shows
// working-looking buttons long before React runs on a slow phone, and a tap on one of them would do
// nothing. EARLY_TAPS_SCRIPT, inline in the head, notes such taps; hydrate() in entry.client.tsx
// takes them just before hydrateRoot (from then on React's own listeners see every tap, hydrating
// at once if need be) and replays them once hydrated. Only `type="button"` buttons: links and
// submit buttons work without JavaScript, so the browser is left to follow or submit them.

interface EarlyTap {
  button: HTMLButtonElement;
  /** Child indexes from <body>, to find the button again if hydration had to replace the node. */
  path: number[];
}

declare global {
  interface Window {
    /** Set by EARLY_TAPS_SCRIPT: stops noting taps and hands over those noted so far. */
    takeEarlyTaps?: () => EarlyTap[];
  }
}

// Plain ES2017 (it runs as it is, before any bundle), kept small: it is in every page.
// A second tap on the same button is the shopper's impatience, not a wish to undo the first
// (Add to Cart toggles), so each button is noted once.
export const EARLY_TAPS_SCRIPT = `(function () {
  var taps = [];
  function note(event) {
    var button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!event.isTrusted || !button || button.type !== "button" || button.disabled) return;
    if (taps.some(function (tap) { return tap.button === button; })) return;
    var path = [];
    for (var node = button; node !== document.body && node.parentElement; node = node.parentElement)
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    taps.push({ button: button, path: path });
  }
  document.addEventListener("click", note, true);
  window.takeEarlyTaps = function () {
    document.removeEventListener("click", note, true);
    return taps.splice(0);
  };
})();`;

/** Stops the inline script noting taps and returns those it noted. */
export function takeEarlyTaps(): EarlyTap[] {
  return window.takeEarlyTaps?.() ?? [];
}

/**
 * Clicks the noted buttons again once the root has marked the document hydrated (root.tsx), after
 * one more task so that the re-renders React schedules right after hydration (stores read from
 * localStorage, like the signed-in state Add to Cart needs) have run and the handlers are current.
 */
export function replayEarlyTaps(taps: EarlyTap[]): void {
  if (taps.length === 0) return;
  const root = document.documentElement;
  const replay = () => {
    setTimeout(() => {
      for (const tap of taps) click(tap);
    }, 0);
  };
  if (root.dataset.hydrated === "true") {
    replay();
    return;
  }
  const watch = new MutationObserver(() => {
    if (root.dataset.hydrated !== "true") return;
    watch.disconnect();
    replay();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}

function click(tap: EarlyTap): void {
  const button = tap.button.isConnected ? tap.button : findByPath(tap.path);
  if (button instanceof HTMLButtonElement && !button.disabled) button.click();
}

function findByPath(path: number[]): Element | undefined {
  let node: Element | undefined = document.body;
  for (const index of path) node = node?.children[index];
  return node;
}
