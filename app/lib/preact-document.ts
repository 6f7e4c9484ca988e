import { Fragment, options, type VNode } from "preact";

/**
 * Preact takes over a document at its <html> element (preact#3794), but the root route renders
 * <html> itself, as React wants it: so in the browser the route's <html> is a fragment and its
 * <head> and <body> hydrate the ones the server sent (decision 048). The element's only attribute,
 * `lang`, never changes, so nothing is lost by not owning it.
 */
export function hydrateDocumentFromHtmlChildren(): void {
  // React's server writes the module preloads that <Scripts> renders in the body at the top of
  // the <head>, ahead of the stylesheet. Preact hydrates an element onto the first unclaimed one of
  // its tag, so it would take a preload for the stylesheet and drop the stylesheet. The preloads
  // have done their work (this module is running). <Scripts> renders them again, in the body, where
  // the server's HTML has none: the browser drew them as new nodes, and each inserted node restyled
  // the page (issue 54, decision 049). Preloads are for a first load only, so the browser draws none.
  // React's server also writes a `<link rel="preload" as="image">` at the top of the <head> for each
  // plain <img> it renders early and not lazily (the review page's shoe), which the app never
  // renders: the icon's <link> took the first, and so on down, and the stylesheet, last and
  // unclaimed, was dropped. The page lost all its styles as it hydrated. They go too.
  for (const preload of document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')) {
    preload.remove();
  }
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === "html" || isModulePreload(vnode)) (vnode as { type: unknown }).type = Fragment;
    previous?.(vnode);
  };
}

function isModulePreload(vnode: VNode): boolean {
  return vnode.type === "link" && (vnode.props as { rel?: unknown }).rel === "modulepreload";
}
