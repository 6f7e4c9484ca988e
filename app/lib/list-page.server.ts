// The loader half of every filterable list page (category, /men and /women, /buy/{size}, search):
// reads the list state from the address with the shared schema, asks the catalogue, and answers
// what the list's controls and grid draw. A bad filter in the address is the page's own 400: the
// page still renders, with the message and the filters cleared, never an error screen.
import { data } from "react-router";
import type { ListScope } from "#server/catalog/service.ts";
import { DomainError } from "#server/domain-errors.ts";
import { statusOfDomainError } from "#server/http/domain-status.ts";
import { type Product, toListSummary } from "#shared/catalog.ts";
import {
  type Colour,
  DEFAULT_LIST_QUERY,
  type ListPageData,
  type ListQuery,
  MAX_PAGES_PER_ADDRESS,
} from "#shared/listing.ts";
import { listQuerySchema, queryObject } from "#shared/listing-schemas.ts";
import { summariseIssues } from "#shared/validation.ts";
import type { AppContext } from "./context.server.ts";

interface ReadPage {
  products: Product[];
  total: number;
  page: number;
  pages: number;
}

/** A list with nothing in it: what a page shows beside a problem with its address. */
export function emptyList(colours: Colour[], query: ListQuery = DEFAULT_LIST_QUERY): ListPageData {
  return { query, products: [], total: 0, page: 1, lastPage: 1, pages: 1, colours, problem: null };
}

const PAGE_RANGE = /^(\d{1,5})-(\d{1,5})$/;
const rangeError = `page takes a page number or a range of at most ${MAX_PAGES_PER_ADDRESS} pages, e.g. page=2 or page=1-3.`;

/**
 * A range of pages (`?page=1-3`, what 'Load more' leaves in the address): the list state is read
 * with its first page, and `last` says how far to go on. Any other `page` is left to the schema.
 */
function splitPageRange(params: URLSearchParams): { params: URLSearchParams; last: number | null } | string {
  const match = PAGE_RANGE.exec(params.get("page") ?? "");
  if (!match || params.getAll("page").length > 1) return { params, last: null };
  const [first, last] = [Number(match[1]), Number(match[2])];
  if (first < 1 || last < first || last - first >= MAX_PAGES_PER_ADDRESS || last > 10_000) return rangeError;
  const withFirst = new URLSearchParams(params);
  withFirst.set("page", String(first));
  return { params: withFirst, last };
}

/**
 * The list state of the address and its page (or pages, for a range), read by `read` (the page's own
 * question to the catalogue). A bad filter, or a 4xx from the catalogue (an unknown colour), is the
 * page's status and its message; anything else is thrown. `found` is what `read` answered for the
 * first page, when it answered.
 */
export async function readListPage<T extends ReadPage>(
  { catalog }: AppContext,
  params: URLSearchParams,
  read: (query: ListQuery) => Promise<T>,
): Promise<{ list: ListPageData; status: number; found: T | null }> {
  const range = splitPageRange(params);
  const colours = await catalog.colours();
  if (typeof range === "string") {
    return { list: { ...emptyList(colours), problem: range }, status: 400, found: null };
  }
  const parsed = listQuerySchema.safeParse(queryObject(range.params));
  if (!parsed.success) {
    return {
      list: { ...emptyList(colours), problem: summariseIssues(parsed.error).message },
      status: 400,
      found: null,
    };
  }
  const query = parsed.data;
  try {
    const found = await read(query);
    const { total, page, pages } = found;
    // The rest of a range, each page the same question as a page link's (and its cache's).
    const lastPage = Math.max(page, Math.min(range.last ?? page, pages));
    const rest = await Promise.all(
      Array.from({ length: lastPage - page }, (_, index) => read({ ...query, page: page + 1 + index })),
    );
    const products = [found, ...rest].flatMap((one) => one.products.map(toListSummary));
    const list = { query, products, total, page, lastPage, pages, colours, problem: null };
    return { list, status: 200, found };
  } catch (error) {
    if (error instanceof DomainError && statusOfDomainError(error) < 500) {
      const status = statusOfDomainError(error);
      return { list: { ...emptyList(colours), problem: error.message }, status, found: null };
    }
    throw error;
  }
}

/**
 * A list page's loader data. `fixed` is what the page itself decides and the address cannot change
 * (/buy/42's size): it is applied to the list but left out of the answered `query`, so links built
 * from it never carry it. Throws only what the catalogue cannot answer (the route's error boundary
 * shows it).
 */
export async function loadListPage(
  context: AppContext,
  request: Request,
  scope: ListScope,
  fixed: Partial<ListQuery> = {},
) {
  const { list, status } = await readListPage(context, new URL(request.url).searchParams, (query) =>
    context.catalog.list(scope, { ...query, ...fixed }),
  );
  return data<ListPageData>(list, { status });
}
