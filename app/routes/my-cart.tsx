import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { groupAreas, ungroupAreas } from "#shared/area-groups.ts";
import { CartLineItem } from "../components/cart/CartLineItem.tsx";
import { CheckoutDialog } from "../components/cart/CheckoutDialog.tsx";
import { OrderSummaryBox } from "../components/cart/OrderSummaryBox.tsx";
import { UnseenOrderNotice } from "../components/cart/UnseenOrderNotice.tsx";
import { type NoScriptCart, NoScriptCheckout } from "../components/no-script/NoScriptCheckout.tsx";
import { useAuth } from "../lib/auth-store.ts";
import { useCartOffer } from "../lib/cart-offer.ts";
import { CHECKOUT_BLOCKED, hasSoldOut, lineKey, loweredNote } from "../lib/cart-stock.ts";
import { useCart } from "../lib/cart-store.ts";
import { refreshCart } from "../lib/cart-sync.ts";
import { prepareCheckoutChecks } from "../lib/checkout-checks.ts";
import { settleSentKey, useUnseenOrder } from "../lib/checkout-key.ts";
import { noScriptPagesContext, postedFormContext, services } from "../lib/context.server.ts";
import { showModalHoldingPage } from "../lib/modal.ts";
import { cartRoom, useOrderLimits } from "../lib/order-limits.ts";
import { withReturnTo } from "../lib/return-to.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { toast } from "../lib/toast.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { Route } from "./+types/my-cart.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "My Cart",
    description:
      "Your Shoe Shop cart: the shoes and sizes you picked, ready to order with cash on delivery in Karachi.",
    publicUrl: publicUrlOf(matches),
    path: "/my-cart",
  });
}

/**
 * [Ours] The Karachi areas the checkout's Area field offers, read on the server so the list is in the
 * page's HTML (before, and without, JavaScript) and the checkout never waits on a request for it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const areas = groupAreas(await services(context).areas.active());
  return { areas, noScript: await noScriptCart(context) };
}

/**
 * [Ours] Without JavaScript (issue 46): the cookie session's server cart and a fresh checkout key,
 * for the <noscript> checkout form; null when no cookie session was asked for.
 */
async function noScriptCart(context: Route.LoaderArgs["context"]): Promise<NoScriptCart | null> {
  const pages = context.get(noScriptPagesContext);
  if (!pages) return null;
  const found = await pages.cart();
  if (!found.signedIn) return { signedIn: false };
  // A checkout post shown again (refused, say for a COD fee a rule adds to that address, issue 50):
  // the rules are read for the address it typed, so the page's total is the one the API now takes.
  const posted = context.get(postedFormContext);
  const check = posted?.path === "/my-cart" ? await pages.check(found.cart, posted.fields) : null;
  return { signedIn: true, cart: found.cart, key: crypto.randomUUID(), check };
}

export default function MyCart({ loaderData }: Route.ComponentProps) {
  const lines = useCart();
  const offer = useCartOffer(lines);
  const { token } = useAuth();
  const unseenOrder = useUnseenOrder();
  const navigate = useNavigate();
  const checkout = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const areas = useMemo(() => ungroupAreas(loaderData.areas), [loaderData.areas]);
  const [notes, setNotes] = useState<ReadonlyMap<string, string>>(new Map());
  const limits = useOrderLimits(token, hydrated);
  const room = limits && cartRoom(limits, lines);
  // Sold-out lines first: removing them is what the customer can do now.
  const blockedBy = hasSoldOut(lines) ? CHECKOUT_BLOCKED : room?.refusal;
  const blocked = blockedBy !== undefined;

  // Stock is read again each time the cart opens (the server also holds today's prices and what
  // was added on other devices). Not before hydration, when the token still reads as signed out.
  useEffect(() => {
    if (!hydrated) return;
    let open = true;
    void refreshCart(token).then((lowered) => {
      if (open && lowered.length > 0) setNotes(new Map(lowered.map((line) => [lineKey(line), loweredNote(line)])));
    });
    // A checkout of this cart whose answer never arrived may have placed an order (and emptied the
    // cart on the server): asked here, so the cart names it (issue 45).
    if (token) void settleSentKey(token);
    return () => {
      open = false;
    };
  }, [hydrated, token]);

  function startCheckout() {
    if (!token) {
      toast.error("You need to be signed in to place an order.");
      navigate(withReturnTo("/login", "/my-cart"));
      return;
    }
    // The checkout's schemas are not on the cart's first load (decision 045): fetched as it opens.
    prepareCheckoutChecks();
    showModalHoldingPage(checkout.current);
  }

  return (
    <div className="page">
      <h1 className="page-title">My Cart</h1>
      {unseenOrder && (
        <div className="mt-4">
          <UnseenOrderNotice orderId={unseenOrder} />
        </div>
      )}
      <noscript>
        <NoScriptCheckout view={loaderData.noScript} />
      </noscript>
      {/* Without JavaScript the cart is the form above (app.css .js-only; issue 46). */}
      <div className="js-only">
        {lines.length === 0 ? (
          <div className="mt-8 rounded-2xl bg-stone-50 p-10 text-center">
            <p className="text-lg text-stone-700">Your cart is empty.</p>
            <Link to="/" className="button-primary mt-4">
              Continue Shopping
            </Link>
          </div>
        ) : (
          <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
            <ul className="divide-y divide-stone-200 border-y border-stone-200">
              {lines.map((line) => (
                <CartLineItem
                  key={lineKey(line)}
                  line={line}
                  note={notes.get(lineKey(line))}
                  pairLimit={room && room.room <= 0 ? room.limitReached : undefined}
                />
              ))}
            </ul>
            <div className="lg:sticky lg:top-24 lg:self-start">
              <OrderSummaryBox lines={lines} offer={offer} pairsNote={room?.summary}>
                <button
                  type="button"
                  className="button-primary mt-5 w-full"
                  onClick={startCheckout}
                  disabled={blocked}
                  aria-describedby={blocked ? "checkout-blocked" : undefined}
                >
                  Proceed to Checkout
                </button>
                {blocked && (
                  <p id="checkout-blocked" className="mt-3 text-center text-sm font-semibold text-red-700">
                    {blockedBy}
                  </p>
                )}
                <p className="mt-3 text-center text-xs text-stone-600">Cash on delivery · Karachi only</p>
              </OrderSummaryBox>
            </div>
          </div>
        )}
      </div>
      <CheckoutDialog ref={checkout} lines={lines} offer={offer} areas={areas} />
    </div>
  );
}
