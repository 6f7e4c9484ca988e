// A modal <dialog> (the phone menu, the filter sheet, the checkout) holds the page behind it still:
// `data-modal-open` on <html> (app.css) while one is open. An attribute set here, not
// `html:has(dialog:modal)` in the style sheet: a `:has()` on <html> or <body> made the browser
// restyle the whole page on every node inserted anywhere, 30 ms a time on a cheap phone at each
// part that hydrated and each tap that drew something (issue 54, decision 049).
const MARK = "data-modal-open";

export function showModalHoldingPage(dialog: HTMLDialogElement | null): void {
  if (!dialog || dialog.open) return;
  dialog.showModal();
  document.documentElement.setAttribute(MARK, "");
  dialog.addEventListener(
    "close",
    () => {
      if (!document.querySelector("dialog:modal")) document.documentElement.removeAttribute(MARK);
    },
    { once: true },
  );
}
