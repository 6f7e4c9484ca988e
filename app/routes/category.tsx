import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { type ProductSummary, toSummary } from "#shared/catalog.ts";
import { categoryByPath } from "#shared/categories.ts";
import { ProductGrid } from "../components/product/ProductGrid.tsx";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/category.ts";

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page not found" }];
  const { category } = loaderData;
  const who = category.gender === "men" ? "Men's" : "Women's";
  return pageMeta({
    title: `${who} ${category.name}`,
    description: `${who} ${category.name.toLowerCase()} in Karachi, priced in Rs. with free delivery and cash on delivery.`,
    publicUrl: publicUrlOf(matches),
    path: location.pathname,
  });
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const gender = new URL(request.url).pathname.toLowerCase().startsWith("/women") ? "women" : "men";
  const category = categoryByPath(`/${gender}/${params.category?.toLowerCase()}`);
  if (!category) throw data("Not found", { status: 404 });
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get("page")) || 1));
  const list = await services(context).catalog.listCategory(category.slug, page);
  return { category, page: list.page, hasMore: list.hasMore, products: list.products.map(toSummary) };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const [products, setProducts] = useState<ProductSummary[]>(loaderData.products);
  const [next, setNext] = useState(loaderData.hasMore ? loaderData.page + 1 : null);
  const fetcher = useFetcher<typeof loader>();

  // A new category (client navigation) starts over.
  useEffect(() => {
    setProducts(loaderData.products);
    setNext(loaderData.hasMore ? loaderData.page + 1 : null);
  }, [loaderData]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const more = fetcher.data;
    setProducts((current) => [...current, ...more.products.filter((p) => !current.some((c) => c._id === p._id))]);
    setNext(more.hasMore ? more.page + 1 : null);
  }, [fetcher.state, fetcher.data]);

  return (
    <div className="page">
      <h1 className="page-title">
        <span className="sr-only">{category.gender === "men" ? "Men's" : "Women's"} </span>
        {category.name}
      </h1>
      <div className="mt-6">
        {products.length > 0 ? (
          <ProductGrid products={products} priorityCount={2} heading="h2" />
        ) : category.gender === "women" ? (
          <p className="rounded-lg bg-brand-50 p-10 text-center text-2xl font-bold text-brand-700">Coming Soon</p>
        ) : (
          <p className="rounded-lg bg-stone-50 p-10 text-center text-stone-700">No products here yet.</p>
        )}
      </div>
      {next !== null && (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            className="button-secondary"
            disabled={fetcher.state !== "idle"}
            onClick={() => fetcher.load(`${category.path}?page=${next}`)}
          >
            {fetcher.state !== "idle" ? "Loading…" : "Show more"}
          </button>
        </div>
      )}
    </div>
  );
}
