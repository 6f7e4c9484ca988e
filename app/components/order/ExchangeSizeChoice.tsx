// The size wanted in exchange: every size the shoe comes in, as radio buttons, a sold-out one
// disabled and saying so, the pair's own size marked; what the sizes are is read from the shop now.
import type { ProductSizes } from "../../lib/exchanges.ts";

export function SizeChoice({
  name,
  pairSize,
  sizes,
  selected,
  onSelect,
  error,
  errorId,
  disabled,
}: {
  name: string;
  /** The size of the pair coming back. */
  pairSize: number | null;
  /** null until a pair is chosen. */
  sizes: ProductSizes | null;
  selected: number | null;
  onSelect: (size: number) => void;
  error: string | undefined;
  errorId: string;
  disabled: boolean;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-stone-900">Size you want (EU)</legend>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {sizes === null ? (
        <p className="text-sm text-stone-600">Choose the pair first.</p>
      ) : sizes.state === "loading" ? (
        <p role="status" className="text-sm text-stone-600">
          Loading the sizes…
        </p>
      ) : sizes.state === "failed" ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {sizes.message}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {sizes.sizes.map(({ size, stock }) => {
            const soldOut = stock <= 0;
            return (
              <label
                key={size}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:border-stone-200 has-disabled:bg-stone-100 has-disabled:font-normal has-disabled:text-stone-600"
              >
                <input
                  type="radio"
                  name={name}
                  className="size-5 shrink-0 accent-brand-700"
                  checked={selected === size}
                  disabled={soldOut || disabled}
                  aria-invalid={error ? true : undefined}
                  onChange={() => onSelect(size)}
                />
                <span>
                  {size}
                  {soldOut ? <span className="ml-1 text-xs">sold out</span> : null}
                  {size === pairSize ? <span className="ml-1 text-xs font-normal">(yours now)</span> : null}
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
