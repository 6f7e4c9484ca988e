import { services } from "../lib/context.server.ts";
import type { Route } from "./+types/robots.ts";

// The cart, Track Your Order and the account pages are crawlable (decision 028): their HTML is the same
// for every visitor, and "track order" is a search a customer makes. The owner's screens and the API are not.
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = services(context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
