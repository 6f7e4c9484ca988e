// On a phone the filters open in a sheet from the bottom (Radix Dialog: focus trapped, Esc closes).
// Without JavaScript there is no sheet: the same form sits in the page inside a <details>.
import * as Dialog from "@radix-ui/react-dialog";
import { SlidersHorizontal, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useNavigation } from "react-router";
import { countLabel } from "#shared/listing.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

export function FilterSheet({ total, active, children }: { total: number; active: number; children: ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const busy = useNavigation().state !== "idle";
  const label = active > 0 ? `Filter & sort (${active})` : "Filter & sort";
  if (!hydrated) {
    return (
      <noscript>
        <details className="mb-4 w-full rounded-lg border border-stone-300 md:hidden">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 font-semibold">{label}</summary>
          <div className="border-t border-stone-200 p-4">{children}</div>
        </details>
      </noscript>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="button-secondary min-h-11 px-4 md:hidden">
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {label}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-2xl bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2">
            <Dialog.Title className="text-lg font-bold">Filter &amp; sort</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close filters">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Changes apply to the list at once.</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>
          <div className="border-t border-stone-200 p-3">
            <Dialog.Close className="button-primary w-full" aria-live="polite">
              {busy ? "Updating…" : `Show ${countLabel(total)}`}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
