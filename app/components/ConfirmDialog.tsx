// "Are you sure?" before something that cannot be undone by the same button: an accessible alert
// dialog with a title, what will happen, the safe choice and the one that acts. Signing out with a
// full cart and a customer cancelling an order ask through it. The button that opens it is the
// caller's (children), drawn with the page; the dialog's code comes when first wanted (on-demand.tsx).
import type { ReactNode } from "react";
import type { ConfirmDialogBoxProps } from "./ConfirmDialogBox.tsx";
import { lazyDialog, OnDemand } from "./on-demand.tsx";

const box = lazyDialog(() => import("./ConfirmDialogBox.tsx").then((module) => module.ConfirmDialogBox));

/** Fetches the dialog's code: on the opening button's pointer-enter and focus, before the press. */
export const prefetchConfirmDialog = box.prefetch;

export function ConfirmDialog({ children, ...props }: ConfirmDialogBoxProps & { children?: ReactNode }) {
  return (
    <>
      {children}
      <OnDemand dialog={box.Dialog} props={props} />
    </>
  );
}
