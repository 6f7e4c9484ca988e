// Logout (docs/product.md section 4 clears the cart on sign-out): with lines in the cart it first asks, in
// an accessible alert dialog, since signing out empties the cart; with an empty cart it signs out
// at once. Either way the sign-out itself is signOut's, exactly as the spec says.
import * as Dialog from "@radix-ui/react-dialog";
import { LogOut } from "lucide-react";
import { useRef, useState } from "react";
import { signOut } from "../../lib/auth-actions.ts";
import { useCart } from "../../lib/cart-store.ts";

export const SIGN_OUT_WARNING = "Signing out empties your cart";

export function LogoutButton() {
  const lines = useCart().length;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  async function confirm() {
    setBusy(true);
    const done = await signOut();
    setBusy(false);
    // On failure the customer stays signed in (docs/product.md section 4) and may try again or cancel.
    if (done) setAsking(false);
  }

  return (
    <Dialog.Root open={asking} onOpenChange={setAsking}>
      <button
        ref={button}
        type="button"
        className="icon-button gap-1.5 sm:px-3"
        aria-haspopup={lines > 0 ? "dialog" : undefined}
        onClick={() => (lines > 0 ? setAsking(true) : void signOut())}
      >
        <LogOut aria-hidden="true" className="size-5" />
        <span className="sr-only text-sm font-medium sm:not-sr-only">Logout</span>
      </button>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          role="alertdialog"
          // Not a Dialog.Trigger (an empty cart signs out without asking): focus goes back by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold">{SIGN_OUT_WARNING}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-700">
            Your cart has {lines} {lines === 1 ? "line" : "lines"}. Signing out removes {lines === 1 ? "it" : "them"}{" "}
            from this device and from your account.
          </Dialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className="button-secondary">Cancel</Dialog.Close>
            <button type="button" className="button-primary" disabled={busy} onClick={() => void confirm()}>
              Sign out
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
