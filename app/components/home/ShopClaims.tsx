import { Headphones, RefreshCw, Truck } from "lucide-react";
import { SHOP_CLAIMS } from "#shared/shop.ts";

const ICONS = [Truck, RefreshCw, Headphones];

export function ShopClaims() {
  return (
    <section aria-label="Why shop with us" className="bg-brand-50">
      <ul className="mx-auto grid max-w-7xl gap-4 px-4 py-8 sm:grid-cols-3">
        {SHOP_CLAIMS.map((claim, index) => {
          const Icon = ICONS[index] ?? Truck;
          return (
            <li key={claim.title} className="flex items-center gap-3">
              <Icon aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
              <div>
                <p className="font-semibold text-stone-900">{claim.title}</p>
                <p className="text-sm text-stone-700">{claim.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
