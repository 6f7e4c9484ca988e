// Logout (docs/product.md section 4 clears the cart on sign-out): with lines in the cart it first asks, in
// an accessible alert dialog, since signing out empties the cart; with an empty cart it signs out
// at once. Either way the sign-out itself is signOut's, exactly as the spec says.
// Most sign-outs never show the dialog: its code is fetched when the button is pointed at, focused
// or pressed, not with the page (ConfirmDialog.tsx).
import { LogOut } from "lucide-react";
import { useRef, useState } from "react";
import { signOut } from "../../lib/auth-actions.ts";
import { useCart } from "../../lib/cart-store.ts";
import { ConfirmDialog, prefetchConfirmDialog } from "../ConfirmDialog.tsx";

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
    <>
      <button
        ref={button}
        type="button"
        className="icon-button gap-1.5 sm:px-3"
        aria-haspopup={lines > 0 ? "dialog" : undefined}
        onPointerEnter={lines > 0 ? prefetchConfirmDialog : undefined}
        onFocus={lines > 0 ? prefetchConfirmDialog : undefined}
        onClick={() => {
          if (lines === 0) return void signOut();
          setAsking(true);
        }}
      >
        <LogOut aria-hidden="true" className="size-5" />
        <span className="sr-only text-sm font-medium sm:not-sr-only">Logout</span>
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={SIGN_OUT_WARNING}
        description={
          <>
            Your cart has {lines} {lines === 1 ? "line" : "lines"}. Signing out removes {lines === 1 ? "it" : "them"}{" "}
            from this device and from your account.
          </>
        }
        keepLabel="Cancel"
        actLabel="Sign out"
        busy={busy}
        onAct={() => void confirm()}
        returnFocus={button}
      />
    </>
  );
}
