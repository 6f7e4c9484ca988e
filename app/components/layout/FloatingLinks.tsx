import { MessageCircle, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { whatsappUrl } from "#shared/shop.ts";
import { cartLabel, useCart } from "../../lib/cart-store.ts";

/**
 * The floating chat link and cart link with the number of cart lines (docs/product.md section 2), in a bar
 * along the bottom edge, as the header is along the top. Two round buttons floating in a corner sat
 * on whatever scrolled under them (a card's name and price, the cart's 'Proceed to Checkout'); an
 * opaque bar the width of the screen is an edge the page scrolls under instead, so nothing the
 * shopper reads or presses is ever behind it with nothing to show it is there. The footer keeps the
 * bar's height free at the page's end; the bar steps aside while a field has focus and toasts sit
 * above it (app.css). It is the shop's one cart link (issue 46: the header had a second cart icon);
 * the layout puts it right after the header, so a keyboard or a screen reader meets it before the page.
 */
export function FloatingLinks({ phone }: { phone: string }) {
  const lines = useCart().length;
  return (
    <aside
      aria-label="Chat and cart"
      className="floating-links fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white"
    >
      <div className="mx-auto flex h-(--floating-bar) max-w-7xl items-center justify-end gap-3 px-4">
        <a
          href={whatsappUrl(phone)}
          className="floating-button bg-green-700 hover:bg-green-800"
          aria-label="Chat with us on WhatsApp"
          rel="noopener"
        >
          <MessageCircle aria-hidden="true" className="size-5" />
        </a>
        <Link
          to="/my-cart"
          className="floating-button relative bg-brand-700 hover:bg-brand-600"
          aria-label={cartLabel(lines)}
        >
          <ShoppingCart aria-hidden="true" className="size-5" />
          <span aria-hidden="true" className="cart-count absolute -right-1 -top-1">
            {lines}
          </span>
        </Link>
      </div>
    </aside>
  );
}
