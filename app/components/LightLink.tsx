// A link that costs the page nothing to hydrate (issue 54, decision 050). React Router's <Link>
// runs five hooks and builds a URL for every link at hydration: on a list page's 98 links that was
// about a fifth of the script's work, on a phone whose every 6 ms of it is a task Lighthouse counts
// as blocking. This one is a plain <a>: it works as a link without scripts and before its part
// hydrates, and once the page has hydrated one listener on the document (app/lib/light-links.ts)
// turns its click into the router's navigation, as <Link> would.
import type { ComponentProps } from "react";
import { LIGHT_LINK_MARK, LIGHT_LINK_STATE } from "../lib/light-links.ts";

type LightLinkProps = Omit<ComponentProps<"a">, "href"> & {
  /** A path within the shop, as <Link to> takes it: "/products/…?size=42". */
  to: string;
  /** The navigation's state, as <Link state> (a flat object: it travels as JSON in an attribute). */
  state?: Record<string, string | number | boolean>;
  /** The page this link opens is the one shown (isCurrentPage): marked as <NavLink> marks it. */
  current?: boolean;
};

export function LightLink({ to, state, current, ...props }: LightLinkProps) {
  return (
    <a
      {...props}
      href={to}
      aria-current={current ? "page" : undefined}
      // React Router's route discovery fetches the routes of links marked so, as for its <Link>.
      data-discover="true"
      {...{ [LIGHT_LINK_MARK]: "", [LIGHT_LINK_STATE]: state ? JSON.stringify(state) : undefined }}
    />
  );
}
