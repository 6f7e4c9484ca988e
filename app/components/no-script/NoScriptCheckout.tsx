// The cart and its checkout as a real form, for a browser without JavaScript (issue 46). Rendered
// inside <noscript> (React never hydrates it): the lines are the server cart of the cookie session
// (server/web/no-script/pages.ts), the form posts to /my-cart, and the server places the order
// through the same API route as the app (the server is the authority on totals), then goes on to
// /checkout-success. The hidden key makes a second post of the same form the same order.
import { Link } from "react-router";
import type { Cart } from "#shared/cart.ts";
import { formatRs } from "#shared/money.ts";
import { hasCharges, orderCharges } from "#shared/order-charges.ts";
import { orderSummary } from "#shared/order-summary.ts";
import { DELIVERY_CITY } from "#shared/order-words.ts";
import type { OrderCheck } from "#shared/risk-rules.ts";
import { usePostedForm } from "../account/posted-form.ts";
import { AREA_LIST_ID } from "../cart/AddressFields.tsx";
import { ChargeRows } from "../cart/ChargeRows.tsx";
import { OrderRuleNotice } from "../cart/OrderRuleNotice.tsx";
import { NoScriptNotice, WhatsAppWayOn } from "./NoScriptNote.tsx";

/** `check`: what the owner's rules add for the address a refused post typed (issue 50); null before one. */
export type NoScriptCart = { signedIn: false } | { signedIn: true; cart: Cart; key: string; check: OrderCheck | null };

const FIELDS = [
  { name: "fullName", label: "Full name", autoComplete: "name", required: true },
  { name: "addressLine", label: "Address (house, street, block)", autoComplete: "street-address", required: true },
  { name: "area", label: "Area (e.g. Gulshan-e-Iqbal)", autoComplete: "address-level3", required: true },
  { name: "landmark", label: "Landmark (optional)", autoComplete: "off", required: false },
  { name: "phoneNumber", label: "Mobile number (03xx xxxxxxx)", autoComplete: "tel", required: true },
  { name: "email", label: "E-mail", autoComplete: "email", required: true },
  { name: "postalCode", label: "Postal code (optional)", autoComplete: "postal-code", required: false },
] as const;

export function NoScriptCheckout({ view }: { view: NoScriptCart | null }) {
  const posted = usePostedForm();
  if (!view?.signedIn)
    return (
      <p className="mt-6 text-stone-700">
        <Link to="/login?redirectTo=%2Fmy-cart" className="font-semibold text-brand-700 underline">
          Sign in
        </Link>{" "}
        to see your cart and order.
      </p>
    );
  const { items } = view.cart;
  if (items.length === 0)
    return (
      <div className="mt-8 rounded-2xl bg-stone-50 p-10 text-center">
        <p className="text-lg text-stone-700">Your cart is empty.</p>
        <Link to="/" className="button-primary mt-4">
          Continue Shopping
        </Link>
      </div>
    );
  // Before a post has checked the address, the cart's automatic offer (issue 51) is the discount.
  const discount = view.check ? view.check.discount : (view.cart.offer ?? null);
  const charges = orderCharges(orderSummary(items).total, {
    codFee: view.check?.codFee ?? 0,
    advance: view.check?.advance ?? 0,
    discount,
  });
  const typed = posted?.fields ?? {};
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
      <ul className="divide-y divide-stone-200 self-start border-y border-stone-200">
        {items.map((line) => (
          <li key={`${line.productId}:${line.size}`} className="flex gap-3 py-4">
            <img
              src={line.image}
              alt=""
              width={80}
              height={80}
              className="size-20 rounded-lg bg-stone-100 object-cover"
            />
            <div className="text-sm">
              <p className="font-semibold">{line.name}</p>
              <p className="text-stone-700">
                Size {line.size} · Qty {line.quantity} · {formatRs(line.discountPrice * line.quantity)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <form method="post" className="flex flex-col gap-3 rounded-2xl border border-stone-200 p-4">
        <h2 className="text-lg font-bold">Delivery address</h2>
        <NoScriptNotice message={posted?.notice} />
        <input type="hidden" name="key" value={typed.key ?? view.key} />
        {/* With a rule's fee for the address typed: the total the next post is taken at. */}
        <input type="hidden" name="total" value={charges.total} />
        {FIELDS.map((field) => (
          <label key={field.name} className="text-sm font-semibold text-stone-900">
            {field.label}
            <input
              name={field.name}
              type={field.name === "email" ? "email" : field.name === "phoneNumber" ? "tel" : "text"}
              autoComplete={field.autoComplete}
              required={field.required}
              defaultValue={typed[field.name] ?? ""}
              // The page's one list of Karachi areas (rendered by the checkout dialog, app/components/cart/).
              list={field.name === "area" ? AREA_LIST_ID : undefined}
              className="no-script-field"
            />
          </label>
        ))}
        <p className="text-sm text-stone-700">City: {DELIVERY_CITY} (we deliver in Karachi only)</p>
        <label className="text-sm font-semibold text-stone-900">
          Discount code (optional)
          <input
            name="discountCode"
            type="text"
            autoComplete="off"
            maxLength={20}
            defaultValue={typed.discountCode ?? ""}
            className="no-script-field uppercase"
          />
        </label>
        {view.check?.codeRefusal ? <p className="text-sm text-red-800">{view.check.codeRefusal}</p> : null}
        <OrderRuleNotice check={view.check} />
        {hasCharges(charges) ? (
          <dl className="space-y-2 text-sm">
            <ChargeRows charges={charges} discountLabel={discount?.label} />
          </dl>
        ) : (
          <p className="text-lg font-bold">Total: {formatRs(charges.total)}</p>
        )}
        <p className="text-xs text-stone-600">Cash on delivery · free delivery in Karachi</p>
        <button type="submit" className="button-primary w-full">
          Place Order
        </button>
        <WhatsAppWayOn>To change a quantity or remove a pair, turn JavaScript on, or</WhatsAppWayOn>
      </form>
    </div>
  );
}
