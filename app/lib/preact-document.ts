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
  // have done their work (this module is running), and <Scripts> renders its own in the body.
  for (const preload of document.head.querySelectorAll('link[rel="modulepreload"]')) preload.remove();
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === "html") (vnode as { type: unknown }).type = Fragment;
    previous?.(vnode);
  };
}
