import { data } from "react-router";
import { toSummary } from "#shared/catalog.ts";
import { sizeQuerySchema } from "#shared/catalog-schemas.ts";
import { ProductGrid } from "../components/product/ProductGrid.tsx";
import { RouteError } from "../components/RouteError.tsx";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/buy-size.ts";

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const size = loaderData?.size;
  return pageMeta({
    title: `Shoes in Size ${size}`,
    description: `Men's and women's shoes available in EU size ${size}, delivered free across Karachi.`,
    publicUrl: publicUrlOf(matches),
    path: location.pathname,
  });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const parsed = sizeQuerySchema.safeParse({ size: params.size });
  if (!parsed.success) throw data("Not found", { status: 404 });
  try {
    const products = await services(context).catalog.listBySize(parsed.data.size);
    return { size: parsed.data.size, products: products.map(toSummary) };
  } catch {
    // SPEC.md section 8: a failed size listing says so, whatever the cause.
    throw data("Error fetching products", { status: 500 });
  }
}

export default function BuySize({ loaderData }: Route.ComponentProps) {
  const { size, products } = loaderData;
  return (
    <div className="page">
      <h1 className="page-title">{`Shoes in Size ${size}`}</h1>
      <div className="mt-6">
        {products.length > 0 ? (
          <ProductGrid products={products} priorityCount={2} heading="h2" />
        ) : (
          <p className="rounded-lg bg-stone-50 p-10 text-center text-lg text-stone-700">
            {`Sorry, shoes of size ${size} are currently out of stock.`}
          </p>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
