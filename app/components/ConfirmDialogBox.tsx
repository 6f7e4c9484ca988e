// The alert dialog itself (Radix), fetched when first wanted: ConfirmDialog.tsx.
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { returnFocusTo } from "./on-demand.tsx";

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
   * Where focus goes back when it closes: the dialog is opened by hand (not by a Dialog.Trigger),
   * from a button that sometimes acts without asking or is a form's submit button.
   */
  returnFocus: RefObject<HTMLElement | null>;
}

export function ConfirmDialogBox(props: ConfirmDialogBoxProps) {
  const { open, onOpenChange, title, description, keepLabel, actLabel, onAct, busy = false, returnFocus } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={returnFocusTo(returnFocus)}
          className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-700">{description}</Dialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className="button-secondary">{keepLabel}</Dialog.Close>
            <button type="button" className="button-primary" disabled={busy} onClick={onAct}>
              {actLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
