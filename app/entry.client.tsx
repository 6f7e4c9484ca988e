// Hydration waits for the first paint: the server's HTML is already the whole page, so the
// customer should see it before the browser spends a phone's CPU on taking it over. A frame callback
// runs just before the browser paints; the timeout inside it runs just after.
import { render } from "preact";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { documentHydrated } from "./components/HydrateLater.tsx";
import { takeEarlyFields } from "./lib/early-fields.ts";
import { replayEarly, takeEarlyTaps } from "./lib/early-taps.ts";
import { hydrateDocumentFromHtmlChildren } from "./lib/preact-document.ts";
import { shareNonceWithStyleWriters } from "./lib/style-nonce.ts";

/**
 * HydratedRouter first suspends (throws a promise) until it has decoded the server's state. React
 * waits for it at the root; Preact, which runs in the browser (decision 048), can only suspend
 * under a boundary, and resuming a boundary that holds the whole document builds a second <html>.
 * So a first render on a detached node starts the decoding and hands us the promise to wait for.
 */
async function routerStateDecoded(): Promise<void> {
  const probe = document.createElement("div");
  try {
    render(<HydratedRouter />, probe);
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    await thrown;
  }
  render(null, probe);
}

async function hydrate() {
  await routerStateDecoded();
  hydrateDocumentFromHtmlChildren();
  shareNonceWithStyleWriters();
  // Taps and submits on the server's HTML until now did nothing, and the app would not know what was
  // typed: put back and replayed once hydrated. From here on the app's own listeners take every tap,
  // so none may be replayed twice.
  const earlyFields = takeEarlyFields();
  const earlyActs = takeEarlyTaps();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  documentHydrated();
  replayEarly(earlyFields, earlyActs);
}

requestAnimationFrame(() => setTimeout(hydrate, 0));
