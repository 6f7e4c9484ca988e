// The size guide dialog itself (a native modal <dialog>, ModalDialog.tsx), fetched when first wanted:
// SizeChartDialog.tsx.
import type { RefObject } from "react";
import type { Gender } from "#shared/categories.ts";
import { ModalDialog } from "./ModalDialog.tsx";
import { SizeCharts } from "./SizeCharts.tsx";
import { SizeFinder } from "./SizeFinder.tsx";

export interface SizeChartBoxProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  gender: Gender;
  /** The button that opened it, which has the focus back when it closes. */
  returnFocus: RefObject<HTMLElement | null>;
}

export function SizeChartBox({ open, onOpenChange, gender, returnFocus }: SizeChartBoxProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocus={returnFocus}
      title="Size Guide"
      titleClassName="text-xl font-bold"
      description="Find your EU size from your foot length."
      descriptionClassName="mt-1 text-sm text-stone-600"
      className="max-h-[90dvh] w-[95vw] max-w-3xl overflow-y-auto"
      padding="p-4 md:p-6"
    >
      {(close) => (
        <>
          <div className="mt-4 flex flex-col gap-6">
            <SizeFinder start={{ gender }} heading="h3" />
            <SizeCharts first={gender} />
          </div>
          <button type="button" className="button-primary mt-4 w-full" onClick={close}>
            Close
          </button>
        </>
      )}
    </ModalDialog>
  );
}
