import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root.ts";
import "./app.css";
import { HydrateLater, whenAllHydrated } from "./components/HydrateLater.tsx";
import { AuthStartup } from "./components/layout/AuthStartup.tsx";
import { FloatingLinks } from "./components/layout/FloatingLinks.tsx";
import { HeadScript } from "./components/layout/HeadScript.tsx";
import { PageSpinner } from "./components/layout/PageSpinner.tsx";
import { ScrollRestoration } from "./components/layout/ScrollRestoration.tsx";
import { SiteFooter } from "./components/layout/SiteFooter.tsx";
import { SiteHeader } from "./components/layout/SiteHeader.tsx";
import { Toaster } from "./components/layout/Toaster.tsx";
import { errorPageMeta, RouteError } from "./components/RouteError.tsx";
import { BAR_WAITS_FOR_PRESS_SCRIPT } from "./lib/bar-waits-for-press.ts";
import { postedFormContext, services } from "./lib/context.server.ts";
import { EARLY_TAPS_SCRIPT } from "./lib/early-taps.ts";
import { useLightLinks } from "./lib/light-links.ts";
import { useNonce } from "./lib/nonce.tsx";
import { useRouteFocus } from "./lib/use-route-focus.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { shop, publicUrl } = services(context);
  // A form posted before React could take it, shown again (app/components/account/posted-form.ts).
  return { shop, publicUrl, posted: context.get(postedFormContext) };
}

const FALLBACK_SHOP = { phone: "", email: "", instagram: "" };

/** Only an error's: each page has its own, and a page without one (the not-found route) inherits this. */
export function meta({ error }: Route.MetaArgs) {
  return error ? errorPageMeta(error) : [];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const shop = data?.shop ?? FALLBACK_SHOP;
  // The owner's screens are a work place: no chat or cart buttons floating over their tables.
  const floating = !useLocation().pathname.startsWith("/admin");
  // Here, not in App: the error pages render the Layout without App, and their footer's links too.
  useLightLinks();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7c3f12" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <HeadScript nonce={nonce} code={EARLY_TAPS_SCRIPT} />
        <HeadScript nonce={nonce} code={BAR_WAITS_FOR_PRESS_SCRIPT} />
      </head>
      <body
        className="flex min-h-screen flex-col bg-white font-sans text-stone-900 antialiased"
        data-floating-links={floating ? "" : undefined}
      >
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        {/* The header, the page and the footer each hydrate in a task of their own (decision 049). */}
        <HydrateLater>
          <SiteHeader />
        </HydrateLater>
        {/* Fixed to the bottom edge, but read and tabbed to right after the header: it holds the cart. */}
        {floating ? (
          <HydrateLater>
            <FloatingLinks phone={shop.phone} />
          </HydrateLater>
        ) : null}
        <main id="main">
          <HydrateLater>{children}</HydrateLater>
        </main>
        <HydrateLater>
          <SiteFooter shop={shop} roomForFloatingLinks={floating} />
        </HydrateLater>
        <PageSpinner />
        <Toaster />
        <AuthStartup />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has taken over, for tests and for styles that need JS.
  // Not before the parts that hydrate later (HydrateLater.tsx) have: until then their taps wait.
  useEffect(() => {
    whenAllHydrated(() => {
      document.documentElement.dataset.hydrated = "true";
    });
  }, []);
  useRouteFocus();
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteError />;
}
