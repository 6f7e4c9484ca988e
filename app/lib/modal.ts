// A modal <dialog> (the filter sheet, the checkout, the size guide, "Are you sure?", the enlarged
// picture) and the phone menu's sheet (a popover, below) hold the page behind them still:
// `data-modal-open` on <html> (app.css) while one is open. An attribute set here, not
// `html:has(dialog:modal)` in the style sheet: a `:has()` on <html> or <body> made the browser
// restyle the whole page on every node inserted anywhere, 30 ms a time on a cheap phone at each part
// that hydrated and each tap that drew something (issue 54, decision 049). While one is open, Tab
// goes round its own controls (keepTabInside, decision 051).
import { afterNextPaint } from "./after-paint.ts";

const MARK = "data-modal-open";

/** Popovers came with Chrome 114, Safari 17 and Firefox 125; before them there are only dialogs. */
function hasPopovers(): boolean {
  return typeof HTMLElement.prototype.showPopover === "function";
}

/** Whether a dialog or the menu's sheet other than `closing` still holds the page. */
function somethingHoldsPage(closing?: Element): boolean {
  const holding = document.querySelectorAll(hasPopovers() ? "dialog:modal, [popover]:popover-open" : "dialog:modal");
  return [...holding].some((element) => element !== closing);
}

export function showModalHoldingPage(dialog: HTMLDialogElement | null): void {
  if (!dialog || dialog.open) return;
  dialog.showModal();
  document.documentElement.setAttribute(MARK, "");
  const onKeyDown = (event: KeyboardEvent) => keepTabInside(event, dialog);
  dialog.addEventListener("keydown", onKeyDown);
  dialog.addEventListener(
    "close",
    () => {
      dialog.removeEventListener("keydown", onKeyDown);
      if (!somethingHoldsPage()) document.documentElement.removeAttribute(MARK);
    },
    { once: true },
  );
}

/**
 * Opens the phone menu's sheet, a `<dialog popover>`: as a popover (below), or as the modal it was
 * where the browser has no popovers.
 */
export function showSheetHoldingPage(sheet: HTMLDialogElement | null, opener: HTMLElement): void {
  if (hasPopovers()) showPopoverHoldingPage(sheet, opener);
  else showModalHoldingPage(sheet);
}

/** Closes the sheet `showSheetHoldingPage` opened, whichever way it was opened. */
export function closeSheet(sheet: HTMLDialogElement | null): void {
  if (sheet && hasPopovers() && sheet.matches(":popover-open")) sheet.hidePopover();
  else sheet?.close();
}

/**
 * The phone menu's sheet, a popover: the browser puts it on top and closes it on Escape (even one
 * pressed as it appears), as for a modal <dialog>, but without making the whole page inert in the
 * tap's own task. `showModal()` restyles every element of the page for that, and on a list page
 * that was 80-130 ms of a 180-240 ms tap at 4x CPU (decision 055). Here the page behind is made
 * inert a task after the open sheet is painted; until then the sheet, which covers the screen,
 * takes every press, Tab goes round its own controls and the page does not scroll. Closing (Escape,
 * a tap outside, a link) undoes it all at once, before the sheet is hidden (`beforetoggle`), so the
 * next page's heading can take the focus; the focus goes back to `opener`, as a dialog's does.
 */
function showPopoverHoldingPage(sheet: HTMLElement | null, opener: HTMLElement): void {
  if (!sheet || sheet.matches(":popover-open")) return;
  sheet.showPopover();
  document.documentElement.setAttribute(MARK, "");
  sheet.querySelector<HTMLElement>(TABBABLE)?.focus();
  const onKeyDown = (event: KeyboardEvent) => keepTabInside(event, sheet);
  sheet.addEventListener("keydown", onKeyDown);
  // This opening's own: closed and opened again before the paint, the first one's task does nothing.
  let open = true;
  let madeInert: HTMLElement[] = [];
  afterNextPaint(() => {
    if (open) madeInert = inertAround(sheet);
  });
  const onBeforeToggle = (event: Event) => {
    if ((event as ToggleEvent).newState !== "closed") return;
    open = false;
    sheet.removeEventListener("beforetoggle", onBeforeToggle);
    sheet.removeEventListener("keydown", onKeyDown);
    for (const element of madeInert) element.inert = false;
    madeInert = [];
    if (!somethingHoldsPage(sheet)) document.documentElement.removeAttribute(MARK);
    const focused = document.activeElement;
    if (!focused || focused === document.body || sheet.contains(focused)) opener.focus();
  };
  sheet.addEventListener("beforetoggle", onBeforeToggle);
}

/** Makes everything but `element` and its ancestors inert; returns what it changed, to undo. */
function inertAround(element: HTMLElement): HTMLElement[] {
  const changed: HTMLElement[] = [];
  for (let node = element; node !== document.body && node.parentElement; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return changed;
}

const TABBABLE =
  "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

/**
 * Tab and Shift+Tab go round the dialog's own controls. A modal <dialog> makes the page inert, but
 * Chromium still lets Tab leave it for the browser's own bar, and a dialog whose one control is Close
 * would lose the focus at the first Tab (the WAI-ARIA dialog pattern keeps it inside).
 */
function keepTabInside(event: KeyboardEvent, dialog: HTMLElement): void {
  if (event.key !== "Tab") return;
  const tabbable = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)];
  const first = tabbable[0];
  const last = tabbable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey ? active === first || !dialog.contains(active) : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
