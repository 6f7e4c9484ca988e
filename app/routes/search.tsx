import { Search as SearchIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SEARCH_QUERY_MAX, toSummary } from "#shared/catalog.ts";
import { searchQuerySchema } from "#shared/catalog-schemas.ts";
import { ProductGrid } from "../components/product/ProductGrid.tsx";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/search.ts";

export const NO_RESULTS = "We couldn't find any products matching your search. Please try a different product name.";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const query = loaderData?.query;
  return pageMeta({
    title: query ? `Search: ${query}` : "Search",
    description: "Search men's and women's shoes by name: chappal, khussa, sneakers, heels and more.",
    publicUrl: publicUrlOf(matches),
    path: "/search",
    search: query ? `?query=${encodeURIComponent(query)}` : "",
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("query") ?? "";
  const parsed = searchQuerySchema.safeParse({ query: raw.slice(0, SEARCH_QUERY_MAX) });
  if (!parsed.success) return { query: raw.trim(), products: null };
  try {
    const products = await services(context).catalog.search(parsed.data.query);
    return { query: parsed.data.query, products: products.map(toSummary) };
  } catch (error) {
    // SPEC.md section 8: a failed search is only logged.
    console.error("search failed", error);
    return { query: parsed.data.query, products: [] };
  }
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, products } = loaderData;
  const [text, setText] = useState(query);
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/search";
  useEffect(() => setText(query), [query]);

  return (
    <div className="page">
      <Form
        method="get"
        action="/search"
        role="search"
        className="flex max-w-2xl gap-2"
        onSubmit={(event) => {
          // SPEC.md section 5: an empty or whitespace-only query is not submitted.
          if (text.trim() === "") event.preventDefault();
        }}
      >
        <label htmlFor="search-query" className="sr-only">
          Search products
        </label>
        <input
          id="search-query"
          name="query"
          type="search"
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search for chappal, khussa, sneakers…"
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-400 px-4 text-base"
          // Arriving from the header's search icon, or with nothing searched yet, the box takes the focus.
          data-autofocus={query === "" ? "" : undefined}
        />
        <button type="submit" className="button-primary" disabled={searching}>
          <SearchIcon aria-hidden="true" className="size-5" />
          Search
        </button>
      </Form>
      <h1 className="page-title mt-8">Search Results</h1>
      {query && products && <p className="mt-1 text-stone-600">for “{query}”</p>}
      <div className="mt-6">
        {products === null ? (
          <p className="text-stone-700">Type a product name above to search the shop.</p>
        ) : products.length > 0 ? (
          <ProductGrid products={products} priorityCount={2} heading="h2" />
        ) : (
          <p className="rounded-lg bg-stone-50 p-8 text-center text-stone-700">{NO_RESULTS}</p>
        )}
      </div>
      <Link to="/" className="button-secondary mt-8">
        Back to Home
      </Link>
    </div>
  );
}
