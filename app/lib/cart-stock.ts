// What the cart allows for each line, given the size's stock (issue 14): + stops at the stock and
// at MAX_LINE_QUANTITY, low stock is shown, a line over the stock is lowered with a note, and a
// line whose size sold out keeps the cart from checkout until it is removed. Pure: the reads and
// the writes live in cart-sync.ts and cart-actions.ts.
import { MAX_LINE_QUANTITY } from "#shared/cart-limits.ts";
import type { StoredCartLine } from "./cart-store.ts";

/** A line shows 'Only {n} left' at this stock or below (and above 0). */
export const LOW_STOCK_AT = 5;

export const CHECKOUT_BLOCKED = "Remove the sold-out items to check out.";

type LineId = Pick<StoredCartLine, "productId" | "size">;

export const lineKey = (line: LineId): string => `${line.productId}:${line.size}`;

/** True once a read said the size has no pairs left (an unknown stock is not sold out). */
export const isSoldOut = (line: StoredCartLine): boolean => line.stock !== undefined && line.stock <= 0;

export const hasSoldOut = (lines: readonly StoredCartLine[]): boolean => lines.some(isSoldOut);

/** The most pairs this line may hold: the stock when known, and never more than the per-line limit. */
export function lineCap(line: StoredCartLine): number {
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, line.stock ?? MAX_LINE_QUANTITY));
}

/** The number for 'Only {n} left', or undefined when stock is not low (or not known, or gone). */
export function lowStock(line: StoredCartLine): number | undefined {
  return line.stock !== undefined && line.stock > 0 && line.stock <= LOW_STOCK_AT ? line.stock : undefined;
}

export const onlyLeftText = (left: number): string => `Only ${left} left`;

export const soldOutText = (size: number): string => `Sold out in size ${size}`;

/** Why + is disabled on this line, or undefined while one more pair may be added. */
export function capReason(line: StoredCartLine): string | undefined {
  if (isSoldOut(line) || line.quantity < lineCap(line)) return undefined;
  return line.stock !== undefined && line.stock <= MAX_LINE_QUANTITY
    ? `That is all we have in size ${line.size}.`
    : `You can have at most ${MAX_LINE_QUANTITY} pairs of one size.`;
}

export interface LoweredLine extends LineId {
  from: number;
  to: number;
}

export const loweredNote = (change: LoweredLine): string =>
  `Lowered from ${change.from} to ${change.to}: only ${change.to} left in size ${change.size}.`;

/**
 * Lines over their cap come down to it. A sold-out line keeps its quantity: it is marked instead,
 * and the customer removes it.
 */
export function capToStock(lines: readonly StoredCartLine[]): { lines: StoredCartLine[]; lowered: LoweredLine[] } {
  const lowered: LoweredLine[] = [];
  const capped = lines.map((line) => {
    const cap = lineCap(line);
    if (isSoldOut(line) || line.quantity <= cap) return line;
    lowered.push({ productId: line.productId, size: line.size, from: line.quantity, to: cap });
    return { ...line, quantity: cap };
  });
  return { lines: capped, lowered };
}

/**
 * The cart after a read of the server's cart. When the local cart did not change while the read
 * was under way (and no change of it was still on its way to the server), the server's answer is
 * the whole truth: today's prices, stock, and lines added on other devices. Otherwise the customer
 * acted meanwhile (a + right after the cart opened): their lines and quantities stay, and only the
 * server's fresh fields (stock, prices) are taken for the lines it knows.
 */
export function withServerCart(
  local: readonly StoredCartLine[],
  server: readonly StoredCartLine[],
  localChangedMeanwhile: boolean,
): StoredCartLine[] {
  if (!localChangedMeanwhile) return [...server];
  const fresh = new Map(server.map((line) => [lineKey(line), line]));
  return local.map((line) => {
    const known = fresh.get(lineKey(line));
    return known ? { ...known, quantity: line.quantity } : line;
  });
}

/** The cart with stock read from the catalogue (a visitor's cart has no server copy). */
export function withStock(local: readonly StoredCartLine[], stock: ReadonlyMap<string, number>): StoredCartLine[] {
  return local.map((line) => {
    const left = stock.get(lineKey(line));
    return left === undefined ? line : { ...line, stock: left };
  });
}
