// What a shopper without JavaScript is told where a step truly needs scripts, with the shop's
// WhatsApp as the way on (issue 46, docs/decisions/015-forms-before-hydration.md).
import { whatsappUrl } from "#shared/shop.ts";
import { useShopInfo } from "../../lib/shop-info.ts";

export function WhatsAppWayOn({ children }: { children: React.ReactNode }) {
  const { phone } = useShopInfo();
  return (
    <p className="text-sm text-stone-700">
      {children}{" "}
      {phone && (
        <a href={whatsappUrl(phone)} className="font-semibold text-brand-700 underline underline-offset-2">
          Message us on WhatsApp
        </a>
      )}
    </p>
  );
}

/** The message the server answered a plain form post with (refused sign-in, size sold out...). */
export function NoScriptNotice({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
      {message}
    </p>
  );
}
