// Shoe sizes the shop offers (EU), docs/product.md section 9.
export const MIN_SIZE = 37;
export const MAX_SIZE = 46;
export const SIZES: readonly number[] = Array.from({ length: MAX_SIZE - MIN_SIZE + 1 }, (_, i) => MIN_SIZE + i);

/** The shop's sizes one up or down from those given, not among them, ascending (a pair one size off may still fit). */
export function neighbourSizes(sizes: readonly number[]): number[] {
  const next = sizes.flatMap((s) => [s - 1, s + 1]).filter((s) => s >= MIN_SIZE && s <= MAX_SIZE && !sizes.includes(s));
  return [...new Set(next)].sort((a, b) => a - b);
}

/** Stock at or below which a size is labelled as running low. */
export const LOW_STOCK_LABEL_AT = 3;
/** Stock at or below which selecting a size warns 'Few items are left in stock.' */
export const FEW_LEFT_WARNING_AT = 2;
