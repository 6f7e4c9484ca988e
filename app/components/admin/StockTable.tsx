// The stock grid's table: a row per product, a column per size. It scrolls sideways inside its own
// box on a phone (the page does not), with the product's name kept in view. Under a size customers
// wait for, a bell and their number (read with the cell by a screen reader).
import { Bell } from "lucide-react";
import { SIZES } from "#shared/sizes.ts";
import type { StockGridRow } from "#shared/stock-grid.ts";

export function StockTable({
  products,
  edits,
  invalid,
  onEdit,
}: {
  products: StockGridRow[];
  edits: Record<string, string>;
  invalid: string[];
  onEdit: (productId: string, size: number, value: string) => void;
}) {
  return (
    // Relative: the hidden "customers wait" texts are positioned inside this box, not past the page edge.
    <div className="relative overflow-x-auto rounded-xl border border-stone-200">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Pairs in stock per size</caption>
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-stone-50 p-2 text-left">
              Product
            </th>
            {SIZES.map((size) => (
              <th key={size} scope="col" className="p-2 text-center">
                {size}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product._id} className="border-t border-stone-100">
              <th
                scope="row"
                className="sticky left-0 z-10 min-w-32 max-w-40 bg-white p-2 text-left font-semibold [overflow-wrap:break-word] sm:max-w-64"
              >
                {product.name}
              </th>
              {product.sizes.map((cell) => {
                const key = `${product._id}:${cell.size}`;
                const shown = cell.offered ? String(cell.stock) : "";
                const value = edits[key] ?? shown;
                const changed = value.trim() !== shown;
                const bad = invalid.includes(`${product.name}, size ${cell.size}`);
                const waitingId = `waiting-${product._id}-${cell.size}`;
                return (
                  <td key={cell.size} className="p-1 align-top">
                    <input
                      type="text"
                      inputMode="numeric"
                      aria-label={`${product.name}, size ${cell.size}`}
                      aria-describedby={cell.waiting > 0 ? waitingId : undefined}
                      aria-invalid={bad || undefined}
                      placeholder="–"
                      value={value}
                      onChange={(e) => onEdit(product._id, cell.size, e.target.value)}
                      className={`w-14 rounded border px-1.5 py-1.5 text-center tabular-nums ${
                        bad
                          ? "border-red-700 bg-red-50"
                          : changed
                            ? "border-brand-700 bg-brand-50 font-bold"
                            : cell.offered && cell.stock === 0
                              ? "border-stone-300 text-red-800"
                              : "border-stone-300"
                      }`}
                    />
                    {cell.waiting > 0 ? (
                      <span
                        id={waitingId}
                        className="mx-auto mt-1 flex w-fit items-center gap-0.5 rounded-full bg-amber-100 px-1.5 text-xs font-bold text-amber-900"
                      >
                        <Bell aria-hidden="true" className="size-3" />
                        {cell.waiting}
                        <span className="sr-only"> {cell.waiting === 1 ? "customer waits" : "customers wait"}</span>
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
