// The alert dialog itself (a native modal <dialog>, ModalDialog.tsx), fetched when first wanted:
// ConfirmDialog.tsx.
import type { ReactNode, RefObject } from "react";
import { ModalDialog } from "./ModalDialog.tsx";

export interface ConfirmDialogBoxProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The safe choice: it only closes the dialog. */
  keepLabel: string;
  actLabel: string;
  onAct: () => void;
  busy?: boolean;
  /**
   * Where focus goes back when it closes: the button that opened it, which sometimes acts without
   * asking or is a form's submit button.
   */
  returnFocus: RefObject<HTMLElement | null>;
}

export function ConfirmDialogBox(props: ConfirmDialogBoxProps) {
  const { open, onOpenChange, title, description, keepLabel, actLabel, onAct, busy = false, returnFocus } = props;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocus={returnFocus}
      role="alertdialog"
      title={title}
      titleClassName="text-lg font-bold"
      description={description}
      descriptionClassName="mt-2 text-sm text-stone-700"
      className="w-[min(26rem,92vw)]"
      padding="p-5"
    >
      {(close) => (
        // The safe choice comes first, so it has the focus when the dialog opens.
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="button-secondary" onClick={close}>
            {keepLabel}
          </button>
          <button type="button" className="button-primary" disabled={busy} onClick={onAct}>
            {actLabel}
          </button>
        </div>
      )}
    </ModalDialog>
  );
}
