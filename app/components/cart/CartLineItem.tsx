import { Minus, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { previewWords } from "#shared/text.ts";
import { removeFromCart, updateQuantity } from "../../lib/cart-actions.ts";
import { capReason, isSoldOut, lineCap, lineKey, lowStock, onlyLeftText, soldOutText } from "../../lib/cart-stock.ts";
import type { StoredCartLine } from "../../lib/cart-store.ts";
import { toast } from "../../lib/toast.ts";
import { Price } from "../product/Price.tsx";

/** Description preview in the cart: 3 words (docs/product.md section 9). */
const CART_PREVIEW_WORDS = 3;

/**
 * One cart line; `note` says why its quantity was lowered when the cart opened, and `pairLimit`
 * why no pair may be added to the cart at all (the customer's open-pairs limit, issue 29).
 */
export function CartLineItem({ line, note, pairLimit }: { line: StoredCartLine; note?: string; pairLimit?: string }) {
  const label = `${line.name}, size ${line.size}`;
  const soldOut = isSoldOut(line);
  const left = lowStock(line);
  const atCap = capReason(line) ?? (soldOut ? undefined : pairLimit);
  // Ids for aria-describedby: a disabled button still tells a screen reader why.
  const id = `cart-line-${lineKey(line).replace(/[^0-9a-z]/gi, "-")}`;
  const stateId = `${id}-state`;
  const capId = `${id}-cap`;
  return (
    <li className="flex gap-3 py-4 sm:gap-5">
      <Link to={`/products/${line.productId}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={line.image}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          className={`size-20 rounded-lg bg-stone-100 object-cover sm:size-24 ${soldOut ? "opacity-50 grayscale" : ""}`}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="font-semibold leading-snug">
          <Link to={`/products/${line.productId}`} className="hover:underline">
            {line.name}
          </Link>
        </h2>
        <p className="text-sm text-stone-600">{previewWords(line.description, CART_PREVIEW_WORDS)}</p>
        <p className="text-sm text-stone-700">Size {line.size}</p>
        <Price price={line.price} discountPrice={line.discountPrice} discountPercentage={line.discountPercentage} />
        {soldOut ? (
          <p id={stateId} className="text-sm font-semibold text-red-700">
            {soldOutText(line.size)}
          </p>
        ) : left !== undefined ? (
          <p id={stateId} className="text-sm font-semibold text-amber-800">
            {onlyLeftText(left)}
          </p>
        ) : null}
        {note && (
          <p role="status" className="self-start rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900">
            {note}
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <div className="flex items-center rounded-lg border border-stone-300">
            <button
              type="button"
              className="grid size-11 place-items-center disabled:text-stone-300"
              aria-label={`One fewer of ${label}`}
              aria-describedby={soldOut ? stateId : undefined}
              disabled={soldOut || line.quantity <= 1}
              onClick={() => updateQuantity(line.productId, line.size, line.quantity - 1)}
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <output className="w-8 text-center font-semibold" aria-label={`Quantity of ${label}`}>
              {line.quantity}
            </output>
            <button
              type="button"
              className="grid size-11 place-items-center disabled:text-stone-300"
              aria-label={`One more of ${label}`}
              aria-describedby={soldOut ? stateId : atCap ? capId : undefined}
              disabled={soldOut || line.quantity >= lineCap(line) || pairLimit !== undefined}
              onClick={() => updateQuantity(line.productId, line.size, line.quantity + 1)}
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </div>
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-red-700 hover:underline"
            aria-label={`Remove ${label}`}
            onClick={() => {
              removeFromCart(line.productId, line.size);
              toast.error("Removed from cart");
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" /> Remove
          </button>
        </div>
        {atCap && (
          <p id={capId} className="text-xs text-stone-600">
            {atCap}
          </p>
        )}
      </div>
    </li>
  );
}
