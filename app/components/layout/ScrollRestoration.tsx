// [Ours] React Router's <ScrollRestoration>, but the saved positions are read from sessionStorage only
// when one can be restored (issue 54, decision 056). A tab's first use of sessionStorage is a
// synchronous call to the browser's own process: 16-43 ms on this 2-core machine, so about four times
// that on a cheap phone. React Router's version makes it on every arrival, in its inline script before
// the first paint, and reads again in a layout effect in the hydration's longest task. But a first
// arrival has nothing to restore: positions are saved under their history entry's key, and a new
// entry has none yet. So the script reads only when the entry has a key (a reload, or Back or Forward
// to a page of another document), and the browser reads at the first Back or Forward (after a reload
// Chromium goes Back to the pages before it without a new document: their positions are only in the
// storage) or when the page is left, to keep the saved ones along with this document's. Same storage
// key and shape as React Router's, so the two never disagree.
import { useContext, useEffect, useLayoutEffect } from "react";
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from "react-router";
import { HeadScript } from "./HeadScript.tsx";

const STORAGE_KEY = "react-router-scroll-positions";

/** The entry's key and a saved position only when the entry already had a key (see above). */
const RESTORE_BEFORE_PAINT = `(function (storageKey) {
  var state = history.state;
  if (!state || !state.key) {
    history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
    return;
  }
  try {
    var y = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[state.key];
    if (typeof y === "number") scrollTo(0, y);
  } catch (error) {
    sessionStorage.removeItem(storageKey);
  }
})(${JSON.stringify(STORAGE_KEY)})`;

/** The router's positions by entry key: this document's own, and, once read, the tab's saved ones. */
const positions: Record<string, number> = {};
let savedRead = false;

/** Adds the tab's saved positions under this page's own (newer) ones, once. */
function readSavedPositions(): void {
  if (savedRead) return;
  savedRead = true;
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) || "{}");
    if (typeof saved !== "object" || saved === null) return;
    for (const [key, y] of Object.entries(saved)) {
      if (typeof y === "number" && !(key in positions)) positions[key] = y;
    }
  } catch {
    // Unreadable or blocked storage: positions from this page's own life still restore.
  }
}

export function ScrollRestoration({ nonce }: { nonce: string }) {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    // Before the router's own listener (at the window, capture listeners run first): the position
    // must be there when its navigation completes.
    window.addEventListener("popstate", readSavedPositions, { capture: true });
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) window.history.scrollRestoration = "manual";
    };
    window.addEventListener("pageshow", shown);
    return () => {
      window.history.scrollRestoration = "auto";
      window.removeEventListener("popstate", readSavedPositions, { capture: true });
      window.removeEventListener("pageshow", shown);
    };
  }, []);

  // Leaving the page (a reload, another site, the tab closed): this entry's position joins the saved
  // ones. The entry is read from the router as the page goes, not from a render's values: effects run
  // after the paint, so a reload pressed as a new page appears would save under the page before.
  useEffect(() => {
    if (!router) return;
    const hidden = () => {
      readSavedPositions();
      const { navigation, location } = router.state;
      if (navigation.state === "idle") positions[location.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Full or blocked storage: the next document restores nothing, as with React Router's.
      }
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("pagehide", hidden);
    return () => window.removeEventListener("pagehide", hidden);
  }, [router]);

  useLayoutEffect(() => router?.enableScrollRestoration(positions, () => window.scrollY), [router]);

  const restore = state?.restoreScrollPosition;
  const preventReset = state?.preventScrollReset;
  // As React Router's: a saved position, else the address's #fragment, else the top.
  useLayoutEffect(() => {
    if (restore === false || restore === undefined) return;
    if (typeof restore === "number") {
      window.scrollTo(0, restore);
      return;
    }
    if (location.hash) {
      const target = safeElementById(location.hash.slice(1));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (preventReset === true) return;
    window.scrollTo(0, 0);
  }, [location, restore, preventReset]);

  // Where React Router writes its own: at the end of the <body>, once the page above it is parsed.
  return <HeadScript nonce={nonce} code={RESTORE_BEFORE_PAINT} />;
}

function safeElementById(encoded: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(encoded));
  } catch {
    return null;
  }
}
