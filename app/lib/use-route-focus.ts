// After a client-side navigation focus moves to the new page, as a full page load would reset it:
// to the field a page marks with `data-autofocus` (the search box), else to the page's top heading,
// so a screen reader reads where the visitor arrived and Tab continues from the page, not the old link.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useRouteFocus(): void {
  const { pathname, key, state } = useLocation();
  const previous = useRef(pathname);
  // A link may ask for it on the same page too (the header's search icon while on /search).
  const asked = (state as { focusPage?: boolean } | null)?.focusPage === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is each navigation, asked or not
  useEffect(() => {
    if (previous.current === pathname && !asked) return; // first render, or only the query changed (filters)
    previous.current = pathname;
    const main = document.getElementById("main");
    if (!main) return;
    const field = main.querySelector<HTMLElement>("[data-autofocus]");
    if (field) {
      field.focus();
      return;
    }
    const heading = main.querySelector<HTMLElement>("h1") ?? main;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [pathname, key, asked]);
}
