import { services } from "../lib/context.server.ts";
import type { Route } from "./+types/robots.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = services(context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /my-cart",
    "Disallow: /TrackOrder",
    "Disallow: /admin",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
