// Hydration waits for the first paint: the server's HTML is already the whole page, so the
// customer should see it before the browser spends a phone's CPU on taking it over.
import { render } from "preact";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { documentHydrated, takeFieldsTypedInParts, whenAllHydrated } from "./components/HydrateLater.tsx";
import { afterNextPaint } from "./lib/after-paint.ts";
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
  // The decoding was a task's work on a cheap phone: the document's hydration takes the next one.
  await new Promise((resolve) => setTimeout(resolve, 0));
  hydrateDocumentFromHtmlChildren();
  shareNonceWithStyleWriters();
  // Taps and submits on the server's HTML until now did nothing, and the app would not know what was
  // typed: put back and replayed once hydrated. From here on the app's own listeners take every tap
  // outside the parts still waiting, so none may be replayed twice.
  const earlyFields = takeEarlyFields();
  // The parts that hydrate later (HydrateLater.tsx) have no listeners yet: the script goes on
  // noting taps inside them until the last is hydrated, and everything is replayed then, in order.
  const earlyActs = takeEarlyTaps(true);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  whenAllHydrated(() => {
    const acts = [...earlyActs, ...takeEarlyTaps(false)];
    replayEarly([...earlyFields, ...takeFieldsTypedInParts()], acts);
  });
  documentHydrated();
}

afterNextPaint(hydrate);
