// The loader half of every filterable list page (category, /men and /women, /buy/{size}, search):
// reads the list state from the address with the shared schema, asks the catalogue, and answers
// what the list's controls and grid draw. A bad filter in the address is the page's own 400: the
// page still renders, with the message and the filters cleared, never an error screen.
import { data } from "react-router";
import type { ListScope } from "#server/catalog/service.ts";
import { HttpError } from "#server/http/errors.ts";
import { type Product, toListSummary } from "#shared/catalog.ts";
import { type Colour, DEFAULT_LIST_QUERY, type ListPageData, type ListQuery } from "#shared/listing.ts";
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
  return { query, products: [], total: 0, page: 1, pages: 1, colours, problem: null };
}

/**
 * The list state of the address and one page of it, read by `read` (the page's own question to the
 * catalogue). A bad filter, or a 4xx from the catalogue (an unknown colour), is the page's status
 * and its message; anything else is thrown. `found` is what `read` answered, when it answered.
 */
export async function readListPage<T extends ReadPage>(
  { catalog }: AppContext,
  params: URLSearchParams,
  read: (query: ListQuery) => Promise<T>,
): Promise<{ list: ListPageData; status: number; found: T | null }> {
  const parsed = listQuerySchema.safeParse(queryObject(params));
  const colours = await catalog.colours();
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
    const list = { query, products: found.products.map(toListSummary), total, page, pages, colours, problem: null };
    return { list, status: 200, found };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      return { list: { ...emptyList(colours), problem: error.message }, status: error.statusCode, found: null };
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
