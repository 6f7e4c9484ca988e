// A modal <dialog> that its `open` prop opens and closes: the size guide and the "Are you sure?"
// dialogs (issue 54, decision 051). They were Radix's, which listens for Escape from an effect that
// Preact runs a frame after drawing, so an Escape pressed as one appeared was lost on a slow phone.
// This one is opened (showModal) before it is painted, and the browser does the rest: Escape, the
// page behind made inert, the backdrop. A click on the backdrop closes it, Tab goes round its own
// controls (showModalHoldingPage), and the focus goes back to the button that opened it.
import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from "react";
import { showModalHoldingPage } from "../lib/modal.ts";

export function ModalDialog({
  open,
  onOpenChange,
  returnFocus,
  role,
  title,
  titleClassName,
  description,
  descriptionClassName,
  className,
  padding,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, which has the focus back when it closes. */
  returnFocus: RefObject<HTMLElement | null>;
  /** "alertdialog" for a question that needs an answer. */
  role?: "alertdialog";
  title: string;
  titleClassName: string;
  description: ReactNode;
  descriptionClassName: string;
  /** The box's size; its padding is inside, so a click on the dialog element is on the backdrop. */
  className: string;
  padding: string;
  /** What follows the description; `close` shuts the dialog as Escape does. */
  children: (close: () => void) => ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Opened before it is painted; closed when `open` turns false, and when it is taken away while
  // open (the page navigated), so the page behind is not left held.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    showModalHoldingPage(element);
    return () => element.close();
  }, [open]);
  // The page's state follows the dialog in the same task. Escape and close() shut it at once, but its
  // `close` event comes a task later: an Enter on the opening button in between found `open` still
  // true and opened nothing (seen on CI's loaded machine). `cancel` comes in Escape's own task.
  const close = () => {
    onOpenChange(false);
    dialog.current?.close();
  };
  return (
    // Clicks on the backdrop land on the dialog element itself and close it; Escape is native.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes a modal dialog with Escape, natively
    <dialog
      ref={dialog}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={() => onOpenChange(false)}
      onClose={(event) => {
        // The `close` of an earlier closing, come after the dialog was opened again: not this one's.
        if (event.currentTarget.open) return;
        onOpenChange(false);
        returnFocus.current?.focus();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className={`m-auto rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50 ${className}`}
    >
      <div className={padding}>
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        <p id={descriptionId} className={descriptionClassName}>
          {description}
        </p>
        {children(close)}
      </div>
    </dialog>
  );
}
