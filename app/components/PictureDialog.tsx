// A picture shown large in a modal <dialog>: a product's picture (EnlargeablePicture) and, for the
// owner, a customer's private photo (ExchangePhotos). Drawn only while open, and opened (showModal)
// before it is painted, so an Escape pressed as it appears is the browser's and is not lost (decision
// 051); the page behind is inert, Tab goes round its controls (showModalHoldingPage), a click on the
// backdrop or Close shuts it, and the browser gives the focus back to what opened it.
import { X } from "lucide-react";
import { type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { showModalHoldingPage } from "../lib/modal.ts";

export function PictureDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  /** Called as the dialog closes (Escape, Close, the backdrop), maybe twice: the owner stops drawing it. */
  onClose: () => void;
  /** The large picture, under the title. */
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Closed too when it is taken away while open (the page navigated), so the page is not left held.
  useLayoutEffect(() => {
    const element = dialog.current;
    showModalHoldingPage(element);
    return () => element?.close();
  }, []);
  // The owner hears of it in the same task as Escape or Close, not at the `close` event a task later:
  // a tap on the picture in between found it still open and showed nothing. And only once: that late
  // `close` would shut the dialog the tap had opened since (ModalDialog.tsx).
  const told = useRef(false);
  const closed = () => {
    if (told.current) return;
    told.current = true;
    onClose();
  };
  const close = () => {
    closed();
    dialog.current?.close();
  };
  return (
    // Clicks on the backdrop land on the dialog element itself and close it; Escape is native.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes a modal dialog with Escape, natively
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={closed}
      onClose={closed}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[95vw] max-w-4xl rounded-2xl bg-white shadow-xl backdrop:bg-black/80"
    >
      <div className="p-3 md:p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="min-w-0 font-semibold">
            {title}
          </h2>
          <button type="button" className="icon-button shrink-0" aria-label="Close" onClick={close}>
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
