import type { SizeStock } from "#shared/catalog.ts";

/**
 * Size buttons; a size with no stock is disabled. `data-choose-one` lets the early-tap script mark
 * a size tapped before hydration as the pressed one (app/lib/early-taps.ts).
 */
export function SizePicker({
  sizes,
  selected,
  onSelect,
}: {
  sizes: SizeStock[];
  selected: number | null;
  onSelect: (size: number) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-stone-900">Size (EU)</legend>
      <div className="mt-2 flex flex-wrap gap-2" data-choose-one="">
        {sizes.map(({ size, stock }) => (
          <button
            key={size}
            type="button"
            disabled={stock <= 0}
            aria-pressed={selected === size}
            aria-label={stock <= 0 ? `Size ${size}, out of stock` : `Size ${size}`}
            onClick={() => onSelect(size)}
            className="grid size-12 place-items-center rounded-lg border-2 text-base font-semibold transition aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white enabled:hover:border-brand-700 disabled:cursor-not-allowed disabled:border-stone-200 disabled:bg-stone-100 disabled:text-stone-400 disabled:line-through border-stone-300 text-stone-800"
          >
            {size}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The stock hint of docs/product.md section 8 for the selected size. */
export function stockHint(stock: number): string {
  if (stock <= 0) return "This size is out of stock.";
  if (stock <= 3) return `Only ${stock} item(s) left in stock.`;
  return "In stock";
}
