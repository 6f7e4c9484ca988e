import { Search as SearchIcon, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { type ProductSummary, SEARCH_QUERY_MAX } from "#shared/catalog.ts";
import { type ListQuery, listHref } from "#shared/listing.ts";
import { droppedLine, truthOf, type UnderstoodFilter } from "#shared/search.ts";
import { ProductList } from "../components/listing/ProductList.tsx";
import { ProductGrid } from "../components/product/ProductGrid.tsx";
import { SearchTruth } from "../components/search/SearchTruth.tsx";
import { services } from "../lib/context.server.ts";
import { loadSearchPage } from "../lib/search-page.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/search.ts";

export const NO_RESULTS = "We couldn't find any products matching your search. Please try a different product name.";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const query = loaderData?.text;
  return pageMeta({
    title: query ? `Search: ${query}` : "Search",
    description: "Search men's and women's shoes by name: chappal, khussa, sneakers, heels and more.",
    publicUrl: publicUrlOf(matches),
    path: "/search",
    search: query ? `?query=${encodeURIComponent(query)}` : "",
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSearchPage(services(context), request);
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { text: query, list, understood, dropped, words, textSize, textGender } = loaderData;
  const truth = truthOf(query, loaderData);
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
          // docs/product.md section 5: an empty or whitespace-only query is not submitted.
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
      {query && list && <p className="mt-1 text-stone-600">for “{query}”</p>}
      {list === null ? (
        <p className="mt-6 text-stone-700">Type a product name above to search the shop.</p>
      ) : (
        <>
          {dropped.length > 0 && list.total > 0 && (
            <p className="mt-4 rounded-lg bg-amber-50 p-3 text-stone-800" role="status">
              {droppedLine(dropped, words)}
            </p>
          )}
          <ProductList
            list={list}
            path="/search"
            extra={{ query }}
            // 'ladies heels' fixes Women through the text: its chip removes it, so the For: control would
            // only contradict it (marking All while the list holds women's shoes).
            offerGender={textGender === null}
            size={textSize ?? undefined}
            extraChips={
              understood.length > 0 ? <UnderstoodChips understood={understood} listQuery={list.query} /> : undefined
            }
            empty={
              <>
                <div className="rounded-lg bg-stone-50 p-8 text-center text-stone-700">
                  <p>{NO_RESULTS}</p>
                  {truth && <SearchTruth truth={truth} className="mt-3" />}
                </div>
                {loaderData.nearest && <NearestPairs {...loaderData.nearest} size={textSize ?? undefined} />}
              </>
            }
            after={loaderData.related.map((section, i) => (
              <NearestPairs key={section.sentence} {...section} id={`more-pairs-${i}`} size={textSize ?? undefined} />
            ))}
          />
        </>
      )}
      <Link to="/" className="button-secondary mt-8">
        Back to Home
      </Link>
    </div>
  );
}

/**
 * Pairs apart from the results, saying how they differ: the closest when nothing matches exactly, or
 * more of what the words mean below a few results (issue 52).
 */
function NearestPairs({
  sentence,
  products,
  size,
  id = "nearest-pairs",
}: {
  sentence: string;
  products: ProductSummary[];
  size?: number | undefined;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {sentence}
      </h2>
      <div className="mt-4">
        <ProductGrid products={products} heading="h3" size={size} />
      </div>
    </section>
  );
}

/**
 * The filters read from the text ('42', 'under 5000', 'kala'), shown among the list's own chips:
 * each is a link to the search without the words it came from.
 */
function UnderstoodChips({ understood, listQuery }: { understood: UnderstoodFilter[]; listQuery: ListQuery }) {
  return (
    <ul aria-label="Filters read from your search" className="flex flex-wrap items-center gap-2">
      {understood.map((filter) => (
        <li key={filter.key}>
          <Link
            to={listHref("/search", { ...listQuery, page: 1 }, { query: filter.queryWithout })}
            className="inline-flex min-h-11 items-center gap-1 rounded-full border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:border-brand-700"
            aria-label={`Remove filter: ${filter.label} (read from your search)`}
          >
            {filter.label}
            <X aria-hidden="true" className="size-4" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
