// Hydration waits for the first paint: the server's HTML is already the whole page, so the
// customer should see it before React spends a phone's CPU on taking it over. A frame callback
// runs just before the browser paints; the timeout inside it runs just after.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { takeEarlyFields } from "./lib/early-fields.ts";
import { replayEarly, takeEarlyTaps } from "./lib/early-taps.ts";
import { shareNonceWithStyleWriters } from "./lib/style-nonce.ts";

function hydrate() {
  shareNonceWithStyleWriters();
  // Taps and submits on the server's HTML until now did nothing, and React would not know what was
  // typed: put back and replayed once hydrated. From here on React's own listeners take every tap
  // (hydrating at once if need be), so none may be replayed twice.
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
  replayEarly(earlyFields, earlyActs);
}

requestAnimationFrame(() => setTimeout(hydrate, 0));
