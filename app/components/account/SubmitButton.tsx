// The submit button of an account form: disabled until hydration and while the request runs,
// with a spinner and a busy label meanwhile.
import { LoaderCircle } from "lucide-react";
import { useHydrated } from "../../lib/use-hydrated.ts";

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="button-primary w-full" disabled={!hydrated || busy} aria-busy={busy || undefined}>
      {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />}
      {busy ? busyLabel : label}
    </button>
  );
}
