// The product page's sizes and Add to Cart as a real form, for a browser without JavaScript (issue
// 46). Rendered inside <noscript>: with scripts the browser never builds it and React does not
// hydrate it, so the page's own size buttons and Add to Cart stay exactly as they are. The post
// goes to this page; the server adds the pair to the cookie session's cart (or asks to sign in
// first) and goes on to the cart (server/web/no-script/forms.ts).
import { Link } from "react-router";
import type { SizeStock } from "#shared/catalog.ts";
import { usePostedForm } from "../account/posted-form.ts";
import { stockHint } from "../product/SizePicker.tsx";
import { NoScriptNotice } from "./NoScriptNote.tsx";

export function NoScriptAddToCart({ sizes, chosen }: { sizes: SizeStock[]; chosen: number | null }) {
  const posted = usePostedForm();
  const soldOut = !sizes.some((s) => s.stock > 0);
  if (soldOut)
    return <p className="rounded-lg bg-stone-100 px-5 py-3 text-center font-bold text-stone-700">Out of stock</p>;
  return (
    <form method="post" className="flex flex-col gap-4">
      <NoScriptNotice message={posted?.notice} />
      <fieldset>
        <legend className="text-sm font-semibold text-stone-900">Size (EU)</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {sizes.map(({ size, stock }) => (
            <label key={size} className="no-script-size" title={stockHint(stock)}>
              <input
                type="radio"
                name="size"
                value={size}
                disabled={stock <= 0}
                defaultChecked={chosen === size && stock > 0}
                required
                aria-label={stock <= 0 ? `Size ${size}, out of stock` : `Size ${size}`}
              />
              <span aria-hidden="true">{size}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Link to="/size-guide" className="text-sm font-semibold text-brand-700 underline underline-offset-4">
        Size chart
      </Link>
      <button type="submit" className="button-primary w-full sm:w-auto">
        Add to Cart
      </button>
    </form>
  );
}
