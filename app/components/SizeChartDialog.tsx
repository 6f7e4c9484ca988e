// The size guide dialog: a modal with a Close button, 'Find my size' and the men's and women's size
// charts, the shoe's own gender first (on a phone the other chart is further down). The button is
// drawn with the page; the dialog, with the size finder and the charts, comes when first wanted
// (on-demand.tsx).
import { Ruler } from "lucide-react";
import { useRef, useState } from "react";
import type { Gender } from "#shared/categories.ts";
import { lazyDialog, OnDemand } from "./on-demand.tsx";

const box = lazyDialog(() => import("./SizeChartBox.tsx").then((module) => module.SizeChartBox));

export function SizeChartDialog({ gender }: { gender: Gender }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={box.prefetch}
        onFocus={box.prefetch}
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <Ruler aria-hidden="true" className="size-4" /> Size chart
      </button>
      <OnDemand dialog={box.Dialog} props={{ open, onOpenChange: setOpen, gender, returnFocus: button }} />
    </>
  );
}
