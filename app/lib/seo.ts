// Title, description, canonical URL and Open Graph tags for a page, as React Router meta.
import type { MetaDescriptor } from "react-router";
import { SHOP_NAME } from "#shared/shop.ts";

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute origin of the shop (PUBLIC_URL) and the page's path. */
  publicUrl: string | undefined;
  path: string;
  /** Query string for the canonical URL, already encoded (e.g. "?query=black%20khussa"). */
  search?: string;
  image?: string | undefined;
  type?: "website" | "product";
  noindex?: boolean;
}

export function pageMeta(page: PageMeta): MetaDescriptor[] {
  const title = page.title === SHOP_NAME ? SHOP_NAME : `${page.title} | ${SHOP_NAME}`;
  const url = page.publicUrl ? `${page.publicUrl}${encodeURI(page.path)}${page.search ?? ""}` : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: SHOP_NAME },
  ];
  if (url) {
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  if (page.image && page.publicUrl) tags.push({ property: "og:image", content: `${page.publicUrl}${page.image}` });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** JSON-LD for a <script type="application/ld+json">; '<' is escaped so no data can close the tag. */
interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The shop's public origin, from the root loader's data. */
export function publicUrlOf(matches: readonly (MatchWithData | undefined)[]): string | undefined {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl;
}
