// The one listener that makes every <LightLink> a client-side navigation (decision 050). It follows
// React Router's own test for a click its <Link> takes (shouldProcessLinkClick): the main button,
// no modifier key, no other target, no download, the same origin, and nobody else has handled it.
// A link inside a part still waiting to hydrate is left to the browser, as a <Link> there would be:
// its page loads in full rather than navigating while the parts are still being taken over.
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { HYDRATE_LATER_MARK } from "./early-taps.ts";

export const LIGHT_LINK_MARK = "data-light-link";
export const LIGHT_LINK_STATE = "data-link-state";

/**
 * Whether `to` is the page open at `pathname`, as React Router's <NavLink> tells it: the same path,
 * or (without `end`) a path below it ("/men" is current on "/men/sneakers"), case aside.
 */
export function isCurrentPage(pathname: string, to: string, end = false): boolean {
  const here = decodedPath(pathname).toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  return !end && target !== "/" && here.startsWith(target) && here.charAt(target.length) === "/";
}

/** Each segment unescaped, as the router reads a path ("%26" is "&"; an escaped "/" stays one). */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F"))
      .join("/");
  } catch {
    return pathname; // a malformed escape is read as written, as the router does
  }
}

/** The path a click on `event` should navigate to in the app, or undefined to leave it to the browser. */
export function lightLinkTarget(event: MouseEvent): { link: HTMLAnchorElement; path: string } | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return undefined;
  const link =
    event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${LIGHT_LINK_MARK}]`) : null;
  if (!link || link.closest(`[${HYDRATE_LATER_MARK}]`)) return undefined;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return undefined;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return undefined;
  return { link, path: `${url.pathname}${url.search}${url.hash}` };
}

/** Installs the listener for as long as the document is mounted (the root route's Layout, which error pages render too). */
export function useLightLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = lightLinkTarget(event);
      if (!target) return;
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const state = target.link.getAttribute(LIGHT_LINK_STATE);
      // As <Link>: a link to the page already shown replaces its entry instead of adding one.
      void navigate(target.path, { replace: target.path === here, state: state ? JSON.parse(state) : undefined });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
