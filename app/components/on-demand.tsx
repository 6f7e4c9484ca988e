// A dialog's code fetched when it is first wanted, not with the page (issue 54, decision 048): the
// page's button is ours and drawn by the server; the dialog, with what it shows (the size guide's
// charts and finder), comes when the shopper points at, focuses or presses the button, and stays
// mounted once opened, so its closing runs its own focus return (ModalDialog.tsx).
import { type ComponentType, lazy, Suspense, useRef } from "react";

/** The dialog as a lazy component, and a way to start fetching it before it is wanted. */
export function lazyDialog<Props>(load: () => Promise<ComponentType<Props>>) {
  return { Dialog: lazy(() => load().then((component) => ({ default: component }))), prefetch: () => void load() };
}

/** Nothing until `props.open` is first true; from then on the dialog, once its code has come. */
export function OnDemand<Props extends { open: boolean }>({
  dialog: Dialog,
  props,
}: {
  dialog: ComponentType<Props>;
  props: Props;
}) {
  const opened = useRef(false);
  if (props.open) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
