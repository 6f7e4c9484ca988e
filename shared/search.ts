// What a search answers (GET /api/search, the search page) and the instant results as the shopper
// types (GET /api/search/instant). The list filters, sort and page are those of every list
// (shared/listing.ts); the search adds what it read from the typed text.
import type { Product, ProductSummary } from "./catalog.ts";
import { type CategorySlug, categoryBySlug } from "./categories.ts";
import type { Colour, ListFilters } from "./listing.ts";
import { formatRs } from "./money.ts";
import type { NotSoldKind } from "./not-sold.ts";
import { neighbourSizes } from "./sizes.ts";

/** The instant results start at this many typed characters; a shorter text answers an empty list. */
export const INSTANT_MIN_CHARS = 2;
export const INSTANT_LIMIT = 5;
/**
 * The most matches a search ranks and counts: a broad query ('shoes' at 100,000 products) says
 * "240 shoes" and offers ten pages, which is more than a shopper reads before refining.
 */
export const SEARCH_MAX_RESULTS = 240;

/** A filter read from the typed text ('42', 'under 5000', 'kala', 'ladies'), shown as a removable chip. */
export interface UnderstoodFilter {
  key: string;
  label: string;
  /** The typed text without the words this filter came from (the chip's remove link searches it). */
  queryWithout: string;
}

export interface SearchPage {
  query: string;
  products: Product[];
  /** Matches in all (at most SEARCH_MAX_RESULTS). */
  total: number;
  page: number;
  pages: number;
  understood: UnderstoodFilter[];
  /** Typed words that matched nothing and were left out ('No results for "ladies"; showing heels'). */
  dropped: string[];
  /** The typed words the results match (neither filters nor dropped). */
  words: string[];
  /** The filters in effect: the address's and those read from the text. */
  filters: ListFilters;
  /** Typed words for what the shop does not sell: then no products, and the page says so. */
  notSold: NotSoldMatch[];
  /** Words were typed and none of them matches anything in the shop: no products. */
  unmatched: boolean;
  /** With not-sold words: the other words the shop does have ('sneakers' of 'kids sneakers'), else null. */
  instead: string | null;
  /** No exact results, but the words find pairs outside the price, sizes or colours asked for. */
  nearest: NearestPairs | null;
  /**
   * [issue 52] A few results: more of what the words mean, shown apart below them, as a shopkeeper
   * brings other chappals after the two Charsadda ones; on the first page only, none otherwise.
   */
  related: RelatedPairs[];
}

/** Results are fewer than this: the page shows more of what the words mean below them. */
export const RELATED_BELOW = 10;
/** At most this many products in each "more" section. */
export const RELATED_MAX = 12;

/** More of what the words mean, apart from the results, saying how it differs. */
export interface RelatedPairs {
  /** 'More “chappal”, not only “charsadda”' or '“loafers” in other colours'. */
  sentence: string;
  products: Product[];
}

/** How a "more" section was found: the shelf's words alone, or the words in any colour. */
export type RelatedBy =
  | { by: "shelf"; words: string[]; without: string[] }
  | { by: "colour"; words: string[] }
  | { by: "category"; category: CategorySlug };

export function relatedSentence(related: RelatedBy): string {
  if (related.by === "colour")
    return related.words.length === 0 ? "In other colours" : `“${related.words.join(" ")}” in other colours`;
  if (related.by === "category") {
    const { gender, name } = categoryBySlug(related.category);
    return `More from ${gender === "men" ? "Men’s" : "Women’s"} ${name}`;
  }
  return `More “${related.words.join(" ")}”, not only “${related.without.join(" ")}”`;
}

/** What a search may loosen to show the closest pairs (never the gender or 'on sale'). */
export type Relaxed = "price" | "size" | "colour";

/** The closest pairs when nothing matches exactly, shown apart from the results. */
export interface NearestPairs {
  /** 'Nothing under Rs.4,000 in size 44; the closest from Rs.4,090' */
  sentence: string;
  relaxed: Relaxed[];
  products: Product[];
}

/** A typed word on the owner's not-sold list, with what it names. */
export interface NotSoldMatch {
  word: string;
  kind: NotSoldKind;
}

export interface InstantResults {
  query: string;
  products: ProductSummary[];
  total: number;
  /** As the page's (SearchPage): the search box tells the same truth. */
  notSold: NotSoldMatch[];
  unmatched: boolean;
  instead: string | null;
  /** As the page's: the closest pairs' sentence when nothing matches exactly (the page shows them). */
  nearest: { sentence: string } | null;
}

/** Where a shopper may look instead: the shop's two halves, and the rest of the words when any. */
export interface TruthLink {
  href: string;
  label: string;
}

/**
 * The plain sentence under the empty-result message when the shop sells nothing of the kind asked
 * for, or nothing matches the words, with links to what is closest; null when neither.
 */
export function truthOf(
  query: string,
  answer: Pick<SearchPage, "notSold" | "unmatched" | "instead">,
): { sentence: string; links: TruthLink[] } | null {
  const halves: TruthLink[] = [
    { href: "/men", label: "Men's shoes" },
    { href: "/women", label: "Women's shoes" },
  ];
  const brand = answer.notSold.find((n) => n.kind === "brand");
  if (answer.notSold.length > 0) {
    const rest = answer.instead;
    const links = rest ? [{ href: `/search?query=${encodeURIComponent(rest)}`, label: `Search “${rest}”` }] : [];
    const sentence = brand
      ? `We don't carry ${brand.word}: we sell our own men's and women's shoes, so we have nothing for “${query}”.`
      : `We sell men's and women's shoes only, so we have nothing for “${query}”.`;
    return { sentence, links: [...links, ...halves] };
  }
  if (answer.unmatched)
    return { sentence: `Nothing in the shop matches “${query}”. We sell men's and women's shoes.`, links: halves };
  return null;
}

/** The search box's line when nothing matches exactly but the page has the closest pairs to show. */
export function nearestTruth(
  query: string,
  nearest: { sentence: string } | null,
): { sentence: string; links: TruthLink[] } | null {
  if (!nearest) return null;
  return {
    sentence: nearest.sentence,
    links: [{ href: `/search?query=${encodeURIComponent(query)}`, label: "See the closest pairs" }],
  };
}

/** 'No results for "ladies"; showing heels' (the page's line when words were dropped). */
export function droppedLine(dropped: readonly string[], words: readonly string[]): string {
  const quoted = dropped.map((word) => `“${word}”`).join(", ");
  return words.length > 0 ? `No results for ${quoted}; showing ${words.join(" ")}` : `No results for ${quoted}`;
}

const orList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

/**
 * What was asked and what the closest pairs have instead: 'Nothing in black under Rs.4,000 in size
 * 44; the closest from Rs.4,090 in brown'. The asked part names every constraint; the closest part
 * only the loosened ones, as the pairs shown have them.
 */
export function nearestSentence(
  asked: ListFilters,
  relaxed: readonly Relaxed[],
  products: readonly Product[],
  palette: readonly Colour[],
): string {
  const colourName = (slug: string) => (palette.find((c) => c.slug === slug)?.name ?? slug).toLowerCase();
  const sizesText = (sizes: readonly number[]) => `in size ${orList(sizes.map(String))}`;
  const askedParts: string[] = [];
  if (asked.colours.length > 0) askedParts.push(`in ${orList(asked.colours.map(colourName))}`);
  if (asked.minPrice !== null && asked.maxPrice !== null)
    askedParts.push(`from ${formatRs(asked.minPrice)} to ${formatRs(asked.maxPrice)}`);
  else if (asked.maxPrice !== null) askedParts.push(`under ${formatRs(asked.maxPrice)}`);
  else if (asked.minPrice !== null) askedParts.push(`from ${formatRs(asked.minPrice)}`);
  if (asked.sizes.length > 0) askedParts.push(sizesText(asked.sizes));

  const closest: string[] = [];
  if (relaxed.includes("price")) {
    const prices = products.map((p) => p.discountPrice);
    const above = asked.maxPrice !== null && prices.some((p) => p > (asked.maxPrice ?? 0));
    closest.push(above ? `from ${formatRs(Math.min(...prices))}` : `at ${formatRs(Math.max(...prices))}`);
  }
  if (relaxed.includes("colour")) {
    const shown = [...new Set(products.map((p) => p.colour).filter((c): c is string => c !== null))];
    if (shown.length > 0) closest.push(`in ${orList(shown.slice(0, 3).map(colourName))}`);
  }
  if (relaxed.includes("size")) {
    const near = new Set(neighbourSizes(asked.sizes));
    const held = products.flatMap((p) => p.sizes.filter((s) => s.stock > 0 && near.has(s.size)).map((s) => s.size));
    const sizes = [...new Set(held)].sort((a, b) => a - b);
    if (sizes.length > 0) closest.push(sizesText(sizes));
  }
  return `Nothing ${askedParts.join(" ")}; the closest ${closest.join(" ")}`;
}
