// Nearest pairs (issue 36, part 2; docs/decisions/025-search-truth.md): when the typed words find
// products, but none of them within the price, sizes or colours asked for, the search loosens the
// fewest of those three and shows what comes closest, apart from the exact results, saying what it
// loosened ('Nothing under Rs.4,000 in size 44; the closest from Rs.4,090'). Gender and 'on sale'
// are never loosened: a shopper who asked for women's shoes is not shown men's.
import type { ListFilters } from "#shared/listing.ts";
import type { Relaxed } from "#shared/search.ts";
import { neighbourSizes } from "#shared/sizes.ts";
import type { Match } from "./search.ts";

/** How many of the closest a search shows. */
export const NEAREST_LIMIT = 8;

/**
 * One constraint at a time first, then two, then all three: the fewest that find something. The
 * size last of each: it is the shopper's foot, where the price is a budget a little room may be
 * found in and the colour a wish a near shade may answer, so a shopkeeper asked for brown formal
 * shoes in 43 brings out the tan ones in 43 before the brown ones in 42 (issue 52's judged set).
 */
const TRIES: Relaxed[][] = [
  ["price"],
  ["colour"],
  ["size"],
  ["price", "colour"],
  ["price", "size"],
  ["size", "colour"],
  ["price", "size", "colour"],
];

/** The constraints set in the filters that may be loosened. */
export function relaxable(filters: ListFilters): Relaxed[] {
  const set: Relaxed[] = [];
  if (filters.minPrice !== null || filters.maxPrice !== null) set.push("price");
  if (filters.sizes.length > 0) set.push("size");
  if (filters.colours.length > 0) set.push("colour");
  return set;
}

/** The filters without price, sizes and colours: what the words must find for the closest to exist. */
export function withoutRelaxable(filters: ListFilters): ListFilters {
  return { ...filters, minPrice: null, maxPrice: null, sizes: [], colours: [] };
}

function loosened(filters: ListFilters, relaxed: readonly Relaxed[]): ListFilters {
  const out = { ...filters, sizes: [...filters.sizes], colours: [...filters.colours] };
  if (relaxed.includes("price")) [out.minPrice, out.maxPrice] = [null, null];
  if (relaxed.includes("size")) out.sizes = neighbourSizes(filters.sizes);
  if (relaxed.includes("colour")) out.colours = [];
  return out;
}

/** How far a price is outside the range asked for (0 inside it). */
function priceDistance(price: number, filters: ListFilters): number {
  if (filters.maxPrice !== null && price > filters.maxPrice) return price - filters.maxPrice;
  if (filters.minPrice !== null && price < filters.minPrice) return filters.minPrice - price;
  return 0;
}

/**
 * The closest matches: the first loosening (in TRIES' order) under which `find` answers anything,
 * the price's closest first when the price was loosened. Undefined when none finds anything.
 */
export async function nearestMatches(
  filters: ListFilters,
  find: (filters: ListFilters) => Promise<Match[]>,
  /** A colour's distance to those asked for (colour-closeness.ts): the nearest shades first when the colour was loosened. */
  colourDistance: (colour: string | null) => number = () => 0,
): Promise<{ relaxed: Relaxed[]; matches: Match[] } | undefined> {
  const set = relaxable(filters);
  for (const relaxed of TRIES) {
    if (!relaxed.every((r) => set.includes(r))) continue;
    const looser = loosened(filters, relaxed);
    if (relaxed.includes("size") && looser.sizes.length === 0) continue;
    let matches = await find(looser);
    if (matches.length === 0) continue;
    if (relaxed.includes("colour")) {
      matches = [...matches].sort((a, b) => colourDistance(a.colour) - colourDistance(b.colour));
    }
    if (relaxed.includes("price")) {
      matches = [...matches].sort(
        (a, b) => priceDistance(a.discount_price, filters) - priceDistance(b.discount_price, filters),
      );
    }
    return { relaxed, matches: matches.slice(0, NEAREST_LIMIT) };
  }
  return undefined;
}
