// The size guide dialog: a modal with a Close button, 'Find my size' and the men's and women's size
// charts, the shoe's own gender first (on a phone the other chart is further down).
import * as Dialog from "@radix-ui/react-dialog";
import { Ruler } from "lucide-react";
import type { Gender } from "#shared/categories.ts";
import { SizeCharts } from "./SizeCharts.tsx";
import { SizeFinder } from "./SizeFinder.tsx";

export function SizeChartDialog({ gender }: { gender: Gender }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
        <Ruler aria-hidden="true" className="size-4" /> Size chart
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[95vw] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl md:p-6">
          <Dialog.Title className="text-xl font-bold">Size Guide</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-600">
            Find your EU size from your foot length.
          </Dialog.Description>
          <div className="mt-4 flex flex-col gap-6">
            <SizeFinder start={{ gender }} heading="h3" />
            <SizeCharts first={gender} />
          </div>
          <Dialog.Close className="button-primary mt-4 w-full">Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
