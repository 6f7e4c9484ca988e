// A modal <dialog> (the phone menu, the filter sheet, the checkout, the size guide, "Are you sure?",
// the enlarged picture) holds the page behind it still: `data-modal-open` on <html> (app.css) while
// one is open. An attribute set here, not `html:has(dialog:modal)` in the style sheet: a `:has()`
// on <html> or <body> made the browser restyle the whole page on every node inserted anywhere,
// 30 ms a time on a cheap phone at each part that hydrated and each tap that drew something (issue
// 54, decision 049). While it is open, Tab goes round its own controls (keepTabInside, decision 051).
const MARK = "data-modal-open";

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
      if (!document.querySelector("dialog:modal")) document.documentElement.removeAttribute(MARK);
    },
    { once: true },
  );
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
