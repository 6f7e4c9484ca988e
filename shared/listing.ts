// Filters, sort and paging of every product list (category, /men and /women, /buy/{size}, search):
// one contract for the API, the page loaders and the filter form. The state lives in the address,
// so these names are the query parameters too. No zod here: the browser builds addresses with it
// (the request schema is in listing-schemas.ts).
import type { ProductSummary } from "./catalog.ts";
import { GENDER_LABEL, type Gender } from "./categories.ts";
import { formatRs, groupThousands } from "./money.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";

export const LIST_PAGE_SIZE = 24;

/**
 * The most pages one address shows (`?page=1-3`, 'Load more' pressed twice). Past it the address
 * keeps the last ones: a Back then shows the latest pages (each page is a query on Back or refresh).
 */
export const MAX_PAGES_PER_ADDRESS = 10;

/** The `page` parameter of the pages `first` to `last`: `3`, or `1-3` after 'Load more'. */
export function pageParam(first: number, last: number): string {
  const from = Math.max(first, last - MAX_PAGES_PER_ADDRESS + 1);
  return from >= last ? String(last) : `${from}-${last}`;
}

export const SORTS = ["featured", "newest", "price-asc", "price-desc", "discount", "top-rated"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABEL: Record<Sort, string> = {
  featured: "Featured",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  discount: "Biggest discount",
  "top-rated": "Top rated",
};

/** A colour of the palette (the `colours` table): the owner picks one per product. */
export interface Colour {
  slug: string;
  name: string;
  hex: string;
}

export interface ListFilters {
  /** Sizes of which at least one must be in stock (any of them). */
  sizes: number[];
  /** Colour slugs (any of them). */
  colours: string[];
  /** Bounds on the price paid (the discount price), in whole rupees, inclusive. */
  minPrice: number | null;
  maxPrice: number | null;
  onSale: boolean;
  /** Men or women, on lists that hold both. */
  gender: Gender | null;
}

export interface ListQuery extends ListFilters {
  sort: Sort;
  page: number;
}

export const NO_FILTERS: ListFilters = {
  sizes: [],
  colours: [],
  minPrice: null,
  maxPrice: null,
  onSale: false,
  gender: null,
};
export const DEFAULT_LIST_QUERY: ListQuery = { ...NO_FILTERS, sort: "featured", page: 1 };

/** A page of a list: `total` counts every match, `pages` the pages it makes. */
export interface ListPage<T> {
  products: T[];
  total: number;
  page: number;
  pages: number;
}

export function pagesOf(total: number): number {
  return Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
}

/**
 * The query parameters of a list state, defaults left out, in one fixed order: equal states make
 * equal addresses (shareable, cacheable). `extra` (e.g. the search's query) comes first.
 */
export function listParams(query: Partial<ListQuery>, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams(extra);
  for (const size of [...(query.sizes ?? [])].sort((a, b) => a - b)) params.append("size", String(size));
  for (const colour of query.colours ?? []) params.append("colour", colour);
  if (query.minPrice != null) params.set("minPrice", String(query.minPrice));
  if (query.maxPrice != null) params.set("maxPrice", String(query.maxPrice));
  if (query.onSale) params.set("sale", "1");
  if (query.gender) params.set("gender", query.gender);
  if (query.sort && query.sort !== "featured") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

/** `path` with the list state as its query string ('' when it is the default state). */
export function listHref(path: string, query: Partial<ListQuery>, extra: Record<string, string> = {}): string {
  const search = listParams(query, extra).toString();
  return search ? `${path}?${search}` : path;
}

/** What a list page's loader answers and its controls and grid draw (app/lib/list-page.server.ts). */
export interface ListPageData {
  /** The list state in effect: what the form shows and every link builds on. */
  query: ListQuery;
  products: ProductSummary[];
  total: number;
  /** The first page shown and the last: more than one when the address is a range (`?page=1-2`). */
  page: number;
  lastPage: number;
  pages: number;
  colours: Colour[];
  /** Why the address's filters were not applied (the page answered 400), or null. */
  problem: string | null;
}

/** One applied filter as the page shows it: a label and the state without it (its remove link). */
export interface AppliedFilter {
  key: string;
  label: string;
  without: ListQuery;
}

/** Every applied filter, one chip each, in the order the filter form lists them. */
export function appliedFilters(query: ListQuery, colours: readonly Colour[]): AppliedFilter[] {
  const base = { ...query, page: 1 };
  const chips: AppliedFilter[] = [];
  if (query.gender)
    chips.push({ key: "gender", label: GENDER_LABEL[query.gender], without: { ...base, gender: null } });
  for (const size of query.sizes) {
    chips.push({
      key: `size-${size}`,
      label: `Size ${size}`,
      without: { ...base, sizes: query.sizes.filter((s) => s !== size) },
    });
  }
  if (query.minPrice !== null || query.maxPrice !== null) {
    chips.push({
      key: "price",
      label: priceRangeLabel(query.minPrice, query.maxPrice),
      without: { ...base, minPrice: null, maxPrice: null },
    });
  }
  for (const slug of query.colours) {
    const name = colours.find((c) => c.slug === slug)?.name ?? slug;
    chips.push({
      key: `colour-${slug}`,
      label: name,
      without: { ...base, colours: query.colours.filter((c) => c !== slug) },
    });
  }
  if (query.onSale) chips.push({ key: "sale", label: "On sale", without: { ...base, onSale: false } });
  return chips;
}

export function priceRangeLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${formatRs(min)} to ${formatRs(max)}`;
  if (max !== null) return `Under ${formatRs(max)}`;
  if (min !== null) return `${formatRs(min)} and above`;
  return "Any price";
}

/** Bit (size - 37) of a product's `sizes_in_stock`: any of these sizes in stock is `mask & bits <> 0`. */
export function sizesMask(sizes: readonly number[]): number {
  return sizes.reduce(
    (mask, size) => (size >= MIN_SIZE && size <= MAX_SIZE ? mask | (1 << (size - MIN_SIZE)) : mask),
    0,
  );
}

/** "24 shoes", "1 shoe". Grouped by hand: toLocaleString loaded the locale's data, 60 ms of a list
 * page's hydration on the phone profile (issue 54). */
export function countLabel(total: number): string {
  return `${groupThousands(total)} ${total === 1 ? "shoe" : "shoes"}`;
}
