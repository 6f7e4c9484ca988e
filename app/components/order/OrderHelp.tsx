// Under every order the customer reads (success page, the mailed link's page, Track Your Order):
// WhatsApp and e-mail links whose message already names the order (shared/order-chat.ts).
import { Mail, MessageCircle } from "lucide-react";
import { orderMailUrl, orderWhatsAppUrl } from "#shared/order-chat.ts";
import { orderNumber } from "#shared/order-words.ts";
import { useShopInfo } from "../../lib/shop-info.ts";

export function OrderHelp({ orderId }: { orderId: string }) {
  const shop = useShopInfo();
  if (!shop.phone && !shop.email) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-700">
      <span>Questions about order {orderNumber(orderId)}?</span>
      {shop.phone && (
        <a
          href={orderWhatsAppUrl(shop.phone, orderId)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
        >
          <MessageCircle aria-hidden="true" className="size-4" /> WhatsApp us
        </a>
      )}
      {shop.email && (
        <a
          href={orderMailUrl(shop.email, orderId)}
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
        >
          <Mail aria-hidden="true" className="size-4" /> E-mail us
        </a>
      )}
    </p>
  );
}
