// The size guide dialog itself (Radix), fetched when first wanted: SizeChartDialog.tsx.
import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import type { Gender } from "#shared/categories.ts";
import { returnFocusTo } from "./on-demand.tsx";
import { SizeCharts } from "./SizeCharts.tsx";
import { SizeFinder } from "./SizeFinder.tsx";

export interface SizeChartBoxProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  gender: Gender;
  /** The button that opened it: the dialog is opened by hand, not by a Dialog.Trigger. */
  returnFocus: RefObject<HTMLElement | null>;
}

export function SizeChartBox({ open, onOpenChange, gender, returnFocus }: SizeChartBoxProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocusTo(returnFocus)}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[95vw] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl md:p-6"
        >
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
