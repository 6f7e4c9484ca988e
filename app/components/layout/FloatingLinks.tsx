import { MessageCircle, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { whatsappUrl } from "#shared/shop.ts";
import { cartLabel, useCart } from "../../lib/cart-store.ts";

/**
 * The floating chat link and cart link with the number of cart lines (SPEC.md section 2), side by side
 * in the bottom corner so they take little height; the footer keeps that height free at the page's
 * end, and they step aside while a field has focus (app.css). The header carries the cart for keyboards and screen readers, so this copy is a pointer shortcut only and is not announced twice.
 */
export function FloatingLinks({ phone }: { phone: string }) {
  const lines = useCart().length;
  return (
    <aside aria-label="Chat" className="floating-links fixed bottom-3 right-3 z-30 flex gap-3">
      <a
        href={whatsappUrl(phone)}
        className="floating-button bg-green-700 hover:bg-green-800"
        aria-label="Chat with us on WhatsApp"
        rel="noopener"
      >
        <MessageCircle aria-hidden="true" className="size-6" />
      </a>
      <Link
        to="/my-cart"
        className="floating-button relative bg-brand-700 hover:bg-brand-600"
        aria-hidden="true"
        tabIndex={-1}
        title={cartLabel(lines)}
      >
        <ShoppingCart aria-hidden="true" className="size-6" />
        <span className="cart-count absolute -right-1 -top-1">{lines}</span>
      </Link>
    </aside>
  );
}
