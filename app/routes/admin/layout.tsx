// The shop owner's side: only for a signed-in admin. The server checks every admin call; this
// guard only spares everyone else a screen of errors and sends them to sign in.
import { useEffect } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-store.ts";
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
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/customers", label: "Customers", end: false },
];

export default function AdminLayout() {
  const hydrated = useHydrated();
  const { token, user } = useAuth();
  const navigate = useNavigate();
  const allowed = token !== null && user?.role === "admin";

  useEffect(() => {
    if (hydrated && !allowed) navigate("/login", { replace: true });
  }, [hydrated, allowed, navigate]);

  return (
    <div className="page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Shop admin</h1>
        {allowed ? <span className="text-sm text-stone-600">Signed in as {user?.username}</span> : null}
      </div>
      <nav aria-label="Admin" className="mt-4 border-b border-stone-200">
        <ul className="flex flex-wrap gap-x-1">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className="block whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-stone-700 hover:text-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-700"
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        {allowed ? (
          <Outlet />
        ) : (
          <p role="status" className="text-stone-600">
            Checking your account…
          </p>
        )}
      </div>
    </div>
  );
}
