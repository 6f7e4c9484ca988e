import { CATEGORIES } from "#shared/categories.ts";
import { services } from "../lib/context.server.ts";
import type { Route } from "./+types/sitemap.ts";

const STATIC_PATHS = ["/", "/men", "/women", "/contact", "/exchange-policy", "/size-guide"];

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, publicUrl } = services(context);
  const productIds = await catalog.allProductIds();
  const paths = [...STATIC_PATHS, ...CATEGORIES.map((c) => c.path), ...productIds.map((id) => `/products/${id}`)];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${encodeURI(path)}`)}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
