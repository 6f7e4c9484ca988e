// The product page's sizes, stock line, size guide and Add to Cart: the part of the page a tap on a
// size or on Add to Cart changes. It holds the chosen size and reads the cart itself, so such a tap
// redraws these controls and not the pictures, the reviews and 'You may also like' around them: on
// a cheap phone that whole page took most of Add to Cart's first tap (issue 54).
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Product } from "#shared/catalog.ts";
import type { Gender } from "#shared/categories.ts";
import { FEW_LEFT_WARNING_AT } from "#shared/sizes.ts";
import { useAuth } from "../../lib/auth-store.ts";
import { addToCart, lineFromProduct, removeFromCart } from "../../lib/cart-actions.ts";
import { useCart } from "../../lib/cart-store.ts";
import { savePendingAdd } from "../../lib/pending-add.ts";
import { withReturnTo } from "../../lib/return-to.ts";
import { toast } from "../../lib/toast.ts";
import { MySizeControl } from "../listing/MySizeControl.tsx";
import { NoScriptAddToCart } from "../no-script/NoScriptAddToCart.tsx";
import { SizeChartDialog } from "../SizeChartDialog.tsx";
import { SizePicker, stockHint } from "./SizePicker.tsx";

export function PurchaseControls({
  product,
  gender,
  initialSize,
  preferredSize,
}: {
  product: Product;
  /** Which size guide opens first. */
  gender: Gender;
  /** The size the server's HTML marks: the list's size, else the first in stock. */
  initialSize: number | null;
  /**
   * The size to choose once hydrated, and again for another product or a newly set own size: the
   * list's, else the one for the shopper's own size, else the first in stock (ProductPage).
   */
  preferredSize: number | null;
}) {
  const [size, setSize] = useState<number | null>(initialSize);
  const { isAuthenticated } = useAuth();
  const cart = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  // In the cart in the selected size: another size of the same product can still be added.
  const inCart = cart.some((line) => line.productId === product._id && line.size === size);
  const selected = product.sizes.find((s) => s.size === size);
  const soldOut = !product.sizes.some((s) => s.stock > 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another product starts from its own size
  useEffect(() => setSize(preferredSize), [preferredSize, product._id]);

  function selectSize(next: number) {
    setSize(next);
    const stock = product.sizes.find((s) => s.size === next)?.stock ?? 0;
    if (stock > 0 && stock <= FEW_LEFT_WARNING_AT) toast.warning("Few items are left in stock.");
  }

  function toggleCart() {
    if (inCart) {
      removeFromCart(product._id, size ?? undefined);
      toast.error("Removed from cart");
      return;
    }
    if (!isAuthenticated) {
      toast.error("You need to be signed in to add items to the cart.");
      // Back here after signing in, in the chosen size, and the Add to Cart done then.
      const returnTo = size === null ? location.pathname : `${location.pathname}?size=${size}`;
      if (size !== null && selected) savePendingAdd(returnTo, lineFromProduct(product, size));
      navigate(withReturnTo("/login", returnTo));
      return;
    }
    if (size === null || !selected) {
      toast.warning("Please select a size before adding to cart.");
      return;
    }
    addToCart(lineFromProduct(product, size));
    toast.success("Added to cart");
  }

  return (
    <>
      {/* Without JavaScript these give way to the real form below (app.css .js-only; issue 46). */}
      <div className="js-only flex flex-col gap-4">
        <SizePicker sizes={product.sizes} selected={size} onSelect={selectSize} />
        <p
          aria-live="polite"
          className={`text-sm font-medium ${soldOut ? "" : "min-h-5"} ${stockClass(selected?.stock ?? 0)}`}
        >
          {/* Nothing chosen: the button says 'Choose a size'; the line keeps its room, so nothing moves. */}
          {selected ? stockHint(selected.stock) : ""}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-x-4">
          <SizeChartDialog gender={gender} />
          <MySizeControl />
        </div>
        {soldOut ? (
          <p className="rounded-lg bg-stone-100 px-5 py-3 text-center font-bold text-stone-700">Out of stock</p>
        ) : (
          <button
            type="button"
            className="button-primary w-full sm:w-auto"
            disabled={!inCart && (size === null || (selected?.stock ?? 0) <= 0)}
            onClick={toggleCart}
            // Shown at once when tapped before hydration, until the tap is replayed (app/lib/early-taps.ts).
            data-busy-label="Adding…"
          >
            {inCart ? "Remove from Cart" : size === null ? "Choose a size" : "Add to Cart"}
          </button>
        )}
      </div>
      <noscript>
        <NoScriptAddToCart sizes={product.sizes} chosen={size} />
      </noscript>
    </>
  );
}

function stockClass(stock: number): string {
  if (stock <= 0) return "text-red-700";
  if (stock <= 3) return "text-amber-800";
  return "text-green-800";
}
