// Parts of the page that take over the server's HTML each in a task of their own, after the rest
// (issue 54, decisions 048 and 049). The browser's Preact hydrates a tree in one task, where React
// sliced it: on a cheap phone the whole document was one task of 300-800 ms that no tap could
// interrupt, and that Lighthouse counts as blocking time. A part wrapped here suspends while the
// page first hydrates: Preact keeps its server HTML as it is (its one root element) and hydrates it
// when its timer fires, a task later; parts inside a part wait for tasks of their own in turn.
// Until then it is the server's HTML: its links work as links, and the early-taps script goes on
// noting taps inside it (the `data-hydrate-later` mark) for the replay once every part is hydrated.
// The server renders the same wrapper, with the mark; after the first hydration, parts render at once.
import { type ReactNode, type RefObject, Suspense, useLayoutEffect, useRef, useState } from "react";
import { type EarlyField, takeEarlyFields } from "../lib/early-fields.ts";
import { HYDRATE_LATER_MARK } from "../lib/early-taps.ts";

const inBrowser = typeof document !== "undefined";
/** True from the first script until the document and every part in it have hydrated. */
let firstHydration = inBrowser;
let documentDone = false;
let pendingParts = 0;
let whenDone: (() => void)[] = [];
/** Fields typed inside parts while they waited: their state learns them in the replay. */
const fieldsTypedWhileWaiting: EarlyField[] = [];

function finishIfDone(): void {
  if (!documentDone || pendingParts > 0 || !firstHydration) return;
  firstHydration = false;
  const callbacks = whenDone;
  whenDone = [];
  for (const callback of callbacks) callback();
}

/** Called once the document's own hydration has returned (entry.client.tsx). */
export function documentHydrated(): void {
  documentDone = true;
  finishIfDone();
}

/** Runs `callback` once the document and every part have hydrated (at once if they have). */
export function whenAllHydrated(callback: () => void): void {
  if (!firstHydration) callback();
  else whenDone.push(callback);
}

/** The fields typed inside parts before each was hydrated, for the replay. */
export function takeFieldsTypedInParts(): EarlyField[] {
  return fieldsTypedWhileWaiting.splice(0);
}

interface Gate {
  ready: boolean;
  /** Counted among the pending parts until its first commit. */
  counted: boolean;
  promise?: Promise<void>;
}

interface PartProps {
  gate: Gate;
  wrapper: RefObject<HTMLDivElement | null>;
}

function Later({ gate, wrapper, children }: PartProps & { children: ReactNode }) {
  if (!gate.ready) {
    // A timer of its own per part, so each part hydrates in its own task.
    gate.promise ??= new Promise<void>((resolve) =>
      setTimeout(() => {
        gate.ready = true;
        resolve();
      }, 0),
    );
    throw gate.promise;
  }
  // The browser's render has no mark: Preact keeps the server's attributes when it hydrates (the
  // part takes it off once hydrated), and a part drawn later never had one.
  return (
    <>
      <div className="contents" ref={wrapper}>
        {children}
      </div>
      <PartHydrated gate={gate} wrapper={wrapper} />
    </>
  );
}

/** After the part's first commit in the browser: the part is the app's now, not the script's. */
function PartHydrated({ gate, wrapper }: PartProps) {
  useLayoutEffect(() => {
    const element = wrapper.current;
    if (element?.hasAttribute(HYDRATE_LATER_MARK)) {
      fieldsTypedWhileWaiting.push(...takeEarlyFields(element));
      element.removeAttribute(HYDRATE_LATER_MARK);
    }
    // A part the server did not draw (it depends on the browser) has no mark, but was counted.
    if (!gate.counted) return;
    gate.counted = false;
    pendingParts -= 1;
    finishIfDone();
  }, [gate, wrapper]);
  return null;
}

/**
 * The wrapper is the one element Preact keeps for the part while it waits (it keeps one node of the
 * server's HTML for a suspended part), and is `display: contents`, so it changes no layout.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  // Decided once, when the part first renders: during the first hydration it waits its turn.
  const [gate] = useState<Gate>(() => {
    const waits = firstHydration;
    if (waits) pendingParts += 1;
    return { ready: !waits, counted: waits };
  });
  if (!inBrowser) {
    return (
      <div className="contents" {...{ [HYDRATE_LATER_MARK]: "" }}>
        {children}
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <Later gate={gate} wrapper={wrapper}>
        {children}
      </Later>
    </Suspense>
  );
}
