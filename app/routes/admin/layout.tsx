// The shop owner's side: only for a signed-in admin. The server checks every admin call; this
// guard only spares everyone else a screen of errors and sends them to sign in.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-store.ts";
import { type AdminOutletContext, useNewOrderCount } from "../../lib/new-order-count.ts";
import { loginFromHere } from "../../lib/return-to.ts";
import { pageMeta } from "../../lib/seo.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

export function meta() {
  return pageMeta({
    title: "Shop admin",
    description: "The shop owner's side of Karachi Shoe Shop.",
    publicUrl: undefined,
    path: "/admin",
    noindex: true,
  });
}

const SECTIONS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/admin/stock", label: "Stock", end: false },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/attempts", label: "Failed deliveries", end: false },
  { to: "/admin/confirmation", label: "Confirmation times", end: false },
  { to: "/admin/exchanges", label: "Exchanges", end: false },
  { to: "/admin/reviews", label: "Reviews", end: false },
  { to: "/admin/customers", label: "Customers", end: false },
  { to: "/admin/blocked", label: "Block list", end: false },
  { to: "/admin/risk-rules", label: "Risk rules", end: false },
  { to: "/admin/payment-accounts", label: "Payment accounts", end: false },
  { to: "/admin/sales", label: "Scheduled sales", end: false },
  { to: "/admin/discount-codes", label: "Discount codes", end: false },
  { to: "/admin/offers", label: "Offers", end: false },
  { to: "/admin/promotions", label: "Sales and codes", end: false },
  { to: "/admin/couriers", label: "Couriers", end: false },
  { to: "/admin/short-payments", label: "Short payments", end: false },
  { to: "/admin/reports", label: "Reports", end: false },
  { to: "/admin/synonyms", label: "Synonyms", end: false },
  { to: "/admin/searches", label: "Searches", end: false },
  { to: "/admin/areas", label: "Areas", end: false },
];

export default function AdminLayout() {
  const hydrated = useHydrated();
  const { token, user } = useAuth();
  const navigate = useNavigate();
  const allowed = token !== null && user?.role === "admin";
  const newOrders = useNewOrderCount(allowed);
  const outlet: AdminOutletContext = { newOrders };
  const tabs = useCurrentTabInView(newOrders);

  useEffect(() => {
    // A visitor comes back here after signing in; a signed-in customer who is not the owner would
    // only be sent here again.
    if (hydrated && !allowed) navigate(token ? "/login" : loginFromHere(), { replace: true });
  }, [hydrated, allowed, navigate, token]);

  return (
    <div className="page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Shop admin</h1>
        {allowed ? <span className="text-sm text-stone-600">Signed in as {user?.username}</span> : null}
      </div>
      <NewOrderAnnouncer count={newOrders} />
      {/* On a phone the 22 tabs took seven rows before the screen began: there they are one row that
          scrolls sideways, the open one brought into view; from 640 px they wrap as before. */}
      <nav aria-label="Admin" className="mt-4 border-b border-stone-200">
        <ul
          ref={tabs}
          className="tab-strip relative flex gap-x-1 overflow-x-auto overscroll-x-contain sm:flex-wrap sm:overflow-visible"
        >
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className="block whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-stone-700 hover:text-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-700"
              >
                {section.label}
                {section.to === "/admin/orders" ? <NewOrdersBadge count={newOrders} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        {/* The server and the hydrating page cannot see the token: they show the screen's own loading
            look (its HydrateFallback) while its clientLoader, which can, reads the data or sends a
            visitor who is not the owner to sign in. */}
        {allowed || !hydrated ? (
          <Outlet context={outlet} />
        ) : (
          <p role="status" className="text-stone-600">
            Checking your account…
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The sideways strip of tabs (a phone) scrolled so that the open screen's tab is in its middle: at
 * each navigation, and when the Orders tab's badge comes or changes, which moves the tabs after it.
 */
function useCurrentTabInView(newOrders: number | undefined) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the open tab and the widths are read from the page
  useLayoutEffect(() => {
    const strip = list.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
  }, [pathname, newOrders]);
  return list;
}

/** The count of new orders beside the Orders tab; it updates live (useNewOrderCount). */
function NewOrdersBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  // The space keeps the link's accessible name "Orders 3 new" rather than "Orders3 new".
  return (
    <>
      {" "}
      <span
        data-testid="new-orders-badge"
        className="ml-0.5 inline-block min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs leading-5 text-white"
      >
        {count}
        <span className="sr-only"> new</span>
      </span>
    </>
  );
}

/** Tells a screen-reader user when an order arrives (the badge alone changes silently). */
function NewOrderAnnouncer({ count }: { count: number | undefined }) {
  const previous = useRef(count);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (previous.current !== undefined && count !== undefined && count > previous.current) {
      setMessage(`New order: ${count} awaiting the customer's confirmation.`);
    }
    previous.current = count;
  }, [count]);
  return (
    <p role="status" className="sr-only">
      {message}
    </p>
  );
}
