import { MessageCircle, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { whatsappUrl } from "#shared/shop.ts";
import { useCart } from "../../lib/cart-store.ts";

/** The floating cart link with the number of cart lines, and the floating chat link. */
export function FloatingLinks({ phone }: { phone: string }) {
  const lines = useCart().length;
  return (
    <aside aria-label="Cart and chat" className="fixed bottom-4 right-4 z-30 flex flex-col gap-3">
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
        aria-label={`Cart, ${lines} ${lines === 1 ? "line" : "lines"}`}
      >
        <ShoppingCart aria-hidden="true" className="size-6" />
        <span
          aria-hidden="true"
          className="absolute -right-1 -top-1 grid min-w-6 place-items-center rounded-full bg-white px-1 text-xs font-bold text-brand-700 ring-2 ring-brand-700"
        >
          {lines}
        </span>
      </Link>
    </aside>
  );
}
