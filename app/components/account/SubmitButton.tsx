// The submit button of an account form: disabled while the request runs, with a spinner and a busy
// label meanwhile. It works before hydration too: the inline script holds the press and it is
// replayed once React has the form (docs/decisions/015-forms-before-hydration.md).
import { LoaderCircle } from "lucide-react";

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button-primary w-full" disabled={busy} aria-busy={busy || undefined}>
      {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />}
      {busy ? busyLabel : label}
    </button>
  );
}
