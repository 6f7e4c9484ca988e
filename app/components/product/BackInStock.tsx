// 'Tell me when size 42 is back' under the sizes of a product with a sold-out size (issue 33, part 4).
// Only the offer is in the product page's bundle: the form (sizes, e-mail, the call and its answers)
// is fetched when the shopper points at, focuses or presses the offer, like the sign-out dialog. A
// press made before hydration is replayed after it (early taps), so the offer works from the first
// paint. The size named is the one the shopper came for (the list's ?size=, or their own size) when
// it is sold out, else the only sold-out size.
import { Bell } from "lucide-react";
import { lazy, Suspense, useState } from "react";

const loadForm = () => import("./BackInStockForm.tsx");
const BackInStockForm = lazy(() => loadForm().then((module) => ({ default: module.BackInStockForm })));
const fetchForm = () => void loadForm();

export function BackInStock({
  productId,
  soldOut,
  wanted,
}: {
  productId: string;
  /** The sizes the product comes in that are sold out, in order. */
  soldOut: number[];
  /** The size the shopper came for, if any. */
  wanted: number | null;
}) {
  const [open, setOpen] = useState(false);
  if (soldOut.length === 0) return null;
  const size =
    wanted !== null && soldOut.includes(wanted) ? wanted : soldOut.length === 1 ? (soldOut[0] ?? null) : null;
  if (open) {
    return (
      <Suspense fallback={<p className="text-sm text-stone-600">Loading…</p>}>
        <BackInStockForm productId={productId} sizes={soldOut} initialSize={size} />
      </Suspense>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-stone-100 px-4 py-2 text-sm text-stone-800">
      <span>{size === null ? `Sold out in ${sizeList(soldOut)}.` : `Size ${size} is sold out.`}</span>
      <button
        type="button"
        onPointerEnter={fetchForm}
        onFocus={fetchForm}
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-4"
      >
        <Bell aria-hidden="true" className="size-4" />
        {size === null ? "Tell me when my size is back" : `Tell me when size ${size} is back`}
      </button>
    </div>
  );
}

/** "size 42", "sizes 41 and 42", "sizes 39, 41 and 42". */
function sizeList(sizes: number[]): string {
  if (sizes.length === 1) return `size ${sizes[0]}`;
  return `sizes ${sizes.slice(0, -1).join(", ")} and ${sizes.at(-1)}`;
}
