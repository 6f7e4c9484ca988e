// What the shopper did before hydration (issues 17 and 29, docs/decisions/013-early-taps.md and
// 015-forms-before-hydration.md). The server's HTML shows working-looking buttons and forms long
// before React runs on a slow phone. EARLY_TAPS_SCRIPT, inline in the head, notes taps on
// `type="button"` buttons and holds the submits of POST forms (whose action needs React: the
// session lives in localStorage); hydrate() in entry.client.tsx takes them just before
// hydrateRoot, and the script goes on noting taps only inside the parts that hydrate later
// (HydrateLater.tsx, decision 049), where React has no listener yet; once the last part is
// hydrated, all are replayed, after the fields typed meanwhile (early-fields.ts). Links and GET
// forms are left to the browser.
import { flushSync } from "react-dom";
import { type EarlyField, restoreField } from "./early-fields.ts";

/** On the server's HTML of a part the browser has not hydrated yet (components/HydrateLater.tsx). */
export const HYDRATE_LATER_MARK = "data-hydrate-later";

/** A tapped button, or a form whose submit was held (then `submitter` is the button pressed). */
export interface EarlyAct {
  element: HTMLButtonElement | HTMLFormElement;
  /** Child indexes from <body>, to find the element again if hydration had to replace the node. */
  path: number[];
  submitter?: HTMLElement | null;
  /** Set when the tap showed a busy label: takes it off again (see EARLY_TAPS_SCRIPT's `show`). */
  settle?: () => void;
}

declare global {
  interface Window {
    /**
     * Set by EARLY_TAPS_SCRIPT: hands over what was noted so far, in order. With `partsWait` it
     * goes on noting taps inside the parts not hydrated yet (HydrateLater.tsx); without, it stops.
     */
    takeEarlyTaps?: (partsWait: boolean) => EarlyAct[];
  }
}

// Plain ES2017 (it runs as it is, before any bundle), kept small: it is in every page.
// A second tap on the same button is the shopper's impatience, not a wish to undo the first (Add
// to Cart toggles), so each element is noted once. If one of the app's scripts fails to load
// (`error` on a module preload or script), React will never come: held submits go to the server
// after all, which answers the page again with a message (server/web/react-router.ts), and later
// ones are not held.
// A noted tap also shows at once (issue 46; the tap itself only acts once hydrated), through
// attributes alone: the text React wrote must stay as it is for hydration. A button with
// aria-pressed in a `data-choose-one` group (the sizes) becomes the pressed one: React's render of
// the replayed tap writes the same values, so nothing needs undoing. A button (or the submit
// button pressed) with `data-busy-label` gets `data-early-busy` (app.css draws the label over its
// text, greyed), aria-busy, aria-disabled and the label as its name, until `settle` takes them
// off, right before the replay.
export const EARLY_TAPS_SCRIPT = `(function () {
  var acts = [], failed = false, partsOnly = false;
  function show(control, act) {
    var group = control.hasAttribute("aria-pressed") && control.closest("[data-choose-one]");
    if (group) group.querySelectorAll("button[aria-pressed]").forEach(function (button) {
      button.setAttribute("aria-pressed", button === control);
    });
    var label = control.getAttribute("data-busy-label"), name = control.getAttribute("aria-label");
    if (!label) return;
    var marks = { "data-early-busy": "", "aria-busy": "true", "aria-disabled": "true", "aria-label": label };
    for (var mark in marks) control.setAttribute(mark, marks[mark]);
    act.settle = function () {
      for (var mark in marks) control.removeAttribute(mark);
      if (name !== null) control.setAttribute("aria-label", name);
    };
  }
  function note(event) {
    var target = event.target, submit = event.type === "submit";
    var element = submit ? target : target instanceof Element ? target.closest("button") : null;
    if (!event.isTrusted || !element) return;
    if (partsOnly && !element.closest("[${HYDRATE_LATER_MARK}]")) return;
    if (submit ? failed || element.method !== "post" : element.type !== "button" || element.disabled) return;
    if (submit) event.preventDefault();
    if (acts.some(function (act) { return act.element === element; })) return;
    var path = [];
    for (var node = element; node !== document.body && node.parentElement; node = node.parentElement)
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    var act = { element: element, path: path, submitter: event.submitter };
    acts.push(act);
    var control = submit ? event.submitter : element;
    if (control) show(control, act);
  }
  function fail(event) {
    var target = event.target || {};
    if (failed || (target.tagName !== "SCRIPT" && target.rel !== "modulepreload")) return;
    failed = true;
    acts.forEach(function (act) {
      if (act.settle) act.settle();
      if (act.element.tagName === "FORM") act.element.submit();
    });
  }
  document.addEventListener("click", note, true);
  document.addEventListener("submit", note, true);
  addEventListener("error", fail, true);
  window.takeEarlyTaps = function (partsWait) {
    removeEventListener("error", fail, true);
    partsOnly = partsWait;
    if (!partsWait) {
      document.removeEventListener("click", note, true);
      document.removeEventListener("submit", note, true);
    }
    return acts.splice(0);
  };
})();`;

/**
 * Returns the taps the inline script noted. While parts of the page wait to hydrate (`partsWait`),
 * it goes on noting the taps inside them, where the app has no listener yet; then it stops.
 */
export function takeEarlyTaps(partsWait = false): EarlyAct[] {
  return window.takeEarlyTaps?.(partsWait) ?? [];
}

/**
 * Once the root has marked the document hydrated (root.tsx), and one more task later so that the
 * re-renders React schedules right after hydration (stores read from localStorage, like the
 * signed-in state Add to Cart needs) have run: puts back the typed fields, then replays the acts in
 * the order they were made, each committed by React before the next (a size, then Add to Cart).
 */
export function replayEarly(fields: EarlyField[], acts: EarlyAct[]): void {
  if (fields.length === 0 && acts.length === 0) return;
  const root = document.documentElement;
  const replay = async () => {
    for (const field of fields) await step(() => restoreField(field));
    for (const act of acts) await step(() => perform(act));
  };
  if (root.dataset.hydrated === "true") {
    void replay();
    return;
  }
  const watch = new MutationObserver(() => {
    if (root.dataset.hydrated !== "true") return;
    watch.disconnect();
    void replay();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}

/**
 * Runs one replayed event in its own task, with React's updates flushed when it returns: a click
 * dispatched by script is rendered in a microtask, so two clicks in one loop would both run the
 * handlers of the render before the first (Add to Cart would read the old size).
 */
function step(run: () => void): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(() => {
      flushSync(run);
      resolve();
    }, 0);
  });
}

function perform(act: EarlyAct): void {
  // In the same task as the replay: no frame shows the button idle before its handler has run.
  act.settle?.();
  const element = act.element.isConnected ? act.element : findByPath(act.path);
  if (element instanceof HTMLFormElement) {
    const pressed = act.submitter;
    const submitter = pressed instanceof HTMLButtonElement && pressed.type === "submit" && pressed.form === element;
    if (submitter && pressed.disabled) return;
    element.requestSubmit(submitter ? pressed : null);
  } else if (element instanceof HTMLButtonElement && !element.disabled) {
    element.click();
  }
}

export function findByPath(path: number[]): Element | undefined {
  let node: Element | undefined = document.body;
  for (const index of path) node = node?.children[index];
  return node;
}
