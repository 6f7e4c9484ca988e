// Reading a Karachi shopper's search text: sizes ('42', 'size 42', '42 number'), price limits
// ('under 5000', 'below 3k', '5000 se kam', '3000-5000'), colours ('black', 'kala') and gender
// words ('ladies', 'gents') become list filters; price words ('sasta', 'kam qeemat', 'mehnga') an
// order by price; every other word is a word to search for, with the words the owner's synonym
// table says it means ('joota' -> shoe, 'shadi' -> wedding, khussa, formal: an occasion widens). Pure: the caller passes the
// synonyms of the typed words and the palette, so this is unit-tested without a database.
import { GENDER_LABEL, type Gender } from "#shared/categories.ts";
import { type Colour, type ListFilters, NO_FILTERS, priceRangeLabel, SORT_LABEL, type Sort } from "#shared/listing.ts";
import type { UnderstoodFilter } from "#shared/search.ts";
import { MAX_SIZE, MIN_SIZE } from "#shared/sizes.ts";

/** A word left to search for: as typed, and what it may also be found as (from the synonyms). */
export interface SearchWord {
  word: string;
  /** Alternatives, each one or more words that must all match ('peshawari chappal'). */
  means: string[][];
}

export interface UnderstoodQuery {
  words: SearchWord[];
  filters: ListFilters;
  understood: UnderstoodFilter[];
  /** The order a price word asks for ('sasta' -> lowest price first), or null. */
  sort: PriceSort | null;
  /** The text said 'joota', 'shoes' or another word for any footwear (searched for as no word). */
  footwear: boolean;
  /**
   * 'shoes' came right after the last word searched for ('court shoes', 'walking shoes'): a product
   * named so is what was asked for, before the others with the word (search.ts, the first tier).
   */
  shoesAfterLastWord: boolean;
}

type PriceSort = Extract<Sort, "price-asc" | "price-desc">;

/** The most words a query searches for (a longer text is cut). */
export const MAX_QUERY_WORDS = 8;

const MAX_WORDS = ["under", "below", "upto", "max", "maximum", "within", "budget", "till", "rs", "pkr"];
const MIN_WORDS = ["above", "over", "min", "minimum", "from"];
const SIZE_WORDS = ["size", "no", "number", "num", "nmbr", "sz"];
const GENDERS: Record<string, Gender> = { men: "men", women: "women" };
/**
 * Words for any footwear ('joota', 'shoes'): every product is one, so they narrow nothing, and as a
 * search word 'shoe' would only find the products whose text happens to say it. A synonym meaning
 * one of these is generic too.
 */
const GENERIC = new Set(["shoe", "shoes", "footwear"]);
/** The generic words the catalogue's names use after a kind ('Nude Court Shoes', 'Grey Walking Shoes'). */
const ENGLISH_SHOE = new Set(["shoe", "shoes"]);
/** Roman Urdu words that carry no meaning for a search ('mujhe kala joota chahiye'). */
const FILLERS = new Set(
  "ke ki ka ko kay liye liya lye wala wali wale walay chahiye chahye chaiye mujhe muje hai hain dikhao aur ya se say main mein pair pairs".split(
    " ",
  ),
);

/**
 * Words that ask for the lowest or the highest prices first. They are not searched for: no shoe is
 * named 'sasta', and as a word it would find nothing, or the one description that happens to say it.
 */
const PRICE_ORDER_WORDS: Record<string, PriceSort> = {
  sasta: "price-asc",
  saste: "price-asc",
  sasti: "price-asc",
  sastay: "price-asc",
  sastey: "price-asc",
  cheap: "price-asc",
  cheaper: "price-asc",
  cheapest: "price-asc",
  affordable: "price-asc",
  economical: "price-asc",
  inexpensive: "price-asc",
  budget: "price-asc",
  mehnga: "price-desc",
  mehnge: "price-desc",
  mehngi: "price-desc",
  mehngay: "price-desc",
  mehanga: "price-desc",
  expensive: "price-desc",
  costly: "price-desc",
  premium: "price-desc",
};
/** The first word of two that ask for an order by price ('kam qeemat', 'low price'), with the order. */
const PRICE_ORDER_PAIRS: Record<string, PriceSort> = { kam: "price-asc", low: "price-asc", lowest: "price-asc" };
const PRICE_NOUNS = new Set(["qeemat", "keemat", "qimat", "kimat", "qeemt", "price", "priced", "prices", "rate"]);

/** A price-order phrase starting at token i ('sasta', 'kam qeemat', 'low price'), or undefined. */
function priceOrderAt(tokens: string[], i: number): { from: number; to: number; sort: PriceSort } | undefined {
  const word = tokens[i] ?? "";
  const one = PRICE_ORDER_WORDS[word];
  if (one) return { from: i, to: i, sort: one };
  const pair = PRICE_ORDER_PAIRS[word];
  if (pair && PRICE_NOUNS.has(tokens[i + 1] ?? "")) return { from: i, to: i + 1, sort: pair };
  return undefined;
}

/** The text as lower-case tokens: '3,000-5,000' -> 3000 to 5000, 'Rs.5000/-' -> rs 5000, "men's" -> mens. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/(\d)\s*\/-/g, "$1")
    .replace(/(\d)\s*-\s*(\d)/g, "$1 to $2")
    .replace(/\brs\.?(?=\s*\d)/g, "rs ")
    .replace(/(\d)(rs|pkr|rupees?)\b/g, "$1 $2")
    .split(/[^a-z0-9.]+/)
    .map((token) => token.replace(/^\.+|\.+$/g, ""))
    .filter((token) => token !== "");
}

/** A price as typed: 5000, 3k, 3.5k, 2.5 hazar -> whole rupees, or null when the token is not one. */
function amountOf(token: string | undefined): number | null {
  if (token === undefined) return null;
  const match = /^(\d{1,7}(?:\.\d{1,2})?)(k)?$/.exec(token);
  if (!match) return null;
  const value = Number(match[1]) * (match[2] ? 1000 : 1);
  return Number.isFinite(value) && value >= 100 && value <= 10_000_000 ? Math.round(value) : null;
}

function sizeOf(token: string | undefined): number | null {
  if (token === undefined || !/^\d{2}$/.test(token)) return null;
  const size = Number(token);
  return size >= MIN_SIZE && size <= MAX_SIZE ? size : null;
}

interface Found {
  from: number;
  to: number;
  apply(filters: ListFilters): void;
  key: string;
  label: string;
}

/** A price phrase starting at token i, or undefined. */
function priceAt(tokens: string[], i: number): Omit<Found, "key" | "label"> | undefined {
  const t = (k: number) => tokens[i + k];
  const range = (from: number, to: number, min: number, max: number) => ({
    from,
    to,
    apply: (f: ListFilters) => {
      f.minPrice = Math.min(min, max);
      f.maxPrice = Math.max(min, max);
    },
  });
  const upTo = (from: number, to: number, max: number) => ({
    from,
    to,
    apply: (f: ListFilters) => {
      f.maxPrice = max;
    },
  });
  const atLeast = (from: number, to: number, min: number) => ({
    from,
    to,
    apply: (f: ListFilters) => {
      f.minPrice = min;
    },
  });
  // 'between 3000 and 5000', 'between 3k to 5k'
  if (t(0) === "between") {
    const low = amountOf(t(1));
    const high = amountOf(t(3));
    if (low !== null && high !== null && (t(2) === "and" || t(2) === "to")) return range(i, i + 3, low, high);
  }
  // 'less than 3000', 'more than 4000', 'up to 4000', 'at least 2000', 'under rs 5000'
  let at = i;
  let kind: "max" | "min" | undefined;
  if ((t(0) === "less" || t(0) === "lower") && t(1) === "than") [kind, at] = ["max", i + 2];
  else if ((t(0) === "more" || t(0) === "greater" || t(0) === "higher") && t(1) === "than") [kind, at] = ["min", i + 2];
  else if (t(0) === "up" && t(1) === "to") [kind, at] = ["max", i + 2];
  else if (t(0) === "at" && (t(1) === "least" || t(1) === "most"))
    [kind, at] = [t(1) === "least" ? "min" : "max", i + 2];
  else if (MAX_WORDS.includes(t(0) ?? "")) [kind, at] = ["max", i + 1];
  else if (MIN_WORDS.includes(t(0) ?? "")) [kind, at] = ["min", i + 1];
  if (kind) {
    if (tokens[at] === "rs" || tokens[at] === "pkr") at += 1;
    const amount = amountOf(tokens[at]);
    if (amount !== null) {
      // 'from 3000 to 5000'
      const high = amountOf(tokens[at + 2]);
      if (tokens[at + 1] === "to" && high !== null) return range(i, at + 2, amount, high);
      const end = /^(rs|pkr|rupees?)$/.test(tokens[at + 1] ?? "") ? at + 1 : at;
      return kind === "max" ? upTo(i, end, amount) : atLeast(i, end, amount);
    }
    return undefined;
  }
  const amount = amountOf(t(0));
  if (amount === null) return undefined;
  let end = i;
  if (/^(rs|pkr|rupees?)$/.test(t(1) ?? "")) end += 1;
  const after = (k: number) => tokens[end + k];
  // '3000 to 5000', '3000 se 5000'
  const high = amountOf(after(2));
  if ((after(1) === "to" || after(1) === "se" || after(1) === "say") && high !== null) {
    const last = /^(rs|pkr|rupees?)$/.test(tokens[end + 3] ?? "") ? end + 3 : end + 2;
    return range(i, last, amount, high);
  }
  // '5000 se kam', '5000 tak', '4000 se zyada', '4000+', '5000 or less'
  if ((after(1) === "se" || after(1) === "say") && /^(kam|km|kum|neeche|nichay)$/.test(after(2) ?? ""))
    return upTo(i, end + 2, amount);
  if (
    (after(1) === "se" || after(1) === "say") &&
    /^(zyada|ziada|zada|ziyada|zyda|upar|ooper|oopar)$/.test(after(2) ?? "")
  )
    return atLeast(i, end + 2, amount);
  if (after(1) === "tak" || after(1) === "max") return upTo(i, end + 1, amount);
  if (after(1) === "or" && (after(2) === "less" || after(2) === "below")) return upTo(i, end + 2, amount);
  if (after(1) === "or" && (after(2) === "more" || after(2) === "above")) return atLeast(i, end + 2, amount);
  if (end > i) return upTo(i, end, amount); // '5000 rs': a budget
  return undefined;
}

/** A size phrase starting at token i: '42', 'size 42', 'no 42', '42 number', 'size: 42'. */
function sizeAt(tokens: string[], i: number): { from: number; to: number; size: number } | undefined {
  const here = sizeOf(tokens[i]);
  if (here !== null) {
    const next = tokens[i + 1];
    const to = next === "number" || next === "no" || next === "num" || next === "size" ? i + 1 : i;
    return { from: i, to, size: here };
  }
  if (SIZE_WORDS.includes(tokens[i] ?? "")) {
    const size = sizeOf(tokens[i + 1]);
    if (size !== null) return { from: i, to: i + 1, size };
  }
  return undefined;
}

/** How a word the synonyms or the palette know becomes a filter (a colour or a gender), if it does. */
function filterWord(word: string, synonyms: ReadonlyMap<string, string>, colours: readonly Colour[]) {
  const candidates = [word, ...(synonyms.get(word)?.split(",") ?? [])].map((w) => w.trim().toLowerCase());
  for (const candidate of candidates) {
    const gender = GENDERS[candidate];
    if (gender) return { gender };
    const colour = colours.find((c) => c.slug === candidate || c.name.toLowerCase() === candidate);
    if (colour) return { colour };
  }
  return undefined;
}

function isGeneric(word: string, synonyms: ReadonlyMap<string, string>): boolean {
  return GENERIC.has(word) || GENERIC.has(synonyms.get(word)?.trim() ?? "");
}

/** The alternatives a word's synonym lists ('sandal, chappal' -> [[sandal], [chappal]]). */
export function alternativesOf(means: string | undefined): string[][] {
  if (!means) return [];
  return means
    .split(",")
    .map((alternative) => tokenize(alternative).filter((w) => !/^\d/.test(w)))
    .filter((alternative) => alternative.length > 0);
}

export function understandQuery(
  text: string,
  synonyms: ReadonlyMap<string, string>,
  colours: readonly Colour[],
): UnderstoodQuery {
  const tokens = tokenize(text);
  const found: Found[] = [];
  const taken = new Set<number>();
  let sort: PriceSort | null = null;
  const take = (item: Found) => {
    found.push(item);
    for (let k = item.from; k <= item.to; k++) taken.add(k);
  };

  for (let i = 0; i < tokens.length; i++) {
    if (taken.has(i)) continue;
    const price = priceAt(tokens, i);
    if (price) {
      const probe = { ...NO_FILTERS };
      price.apply(probe);
      take({ ...price, key: "price", label: priceRangeLabel(probe.minPrice, probe.maxPrice) });
      i = price.to;
      continue;
    }
    const size = sizeAt(tokens, i);
    if (size) {
      take({
        from: size.from,
        to: size.to,
        key: `size-${size.size}`,
        label: `Size ${size.size}`,
        apply: (f) => {
          if (!f.sizes.includes(size.size)) f.sizes.push(size.size);
        },
      });
      i = size.to;
      continue;
    }
    const order = priceOrderAt(tokens, i);
    if (order) {
      take({ from: order.from, to: order.to, key: "sort", label: SORT_LABEL[order.sort], apply: () => {} });
      sort = order.sort;
      i = order.to;
    }
  }

  const words: SearchWord[] = [];
  let footwear = false;
  let shoesAfterLastWord = false;
  let lastWordAt = -1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (taken.has(i) || FILLERS.has(token)) continue;
    if (isGeneric(token, synonyms)) {
      footwear = true;
      shoesAfterLastWord ||= ENGLISH_SHOE.has(token) && lastWordAt === i - 1;
      continue;
    }
    const filter = filterWord(token, synonyms, colours);
    if (filter?.gender) {
      const gender = filter.gender;
      take({
        from: i,
        to: i,
        key: "gender",
        label: GENDER_LABEL[gender],
        apply: (f) => {
          f.gender = gender;
        },
      });
    } else if (filter?.colour) {
      const colour = filter.colour;
      take({
        from: i,
        to: i,
        key: `colour-${colour.slug}`,
        label: colour.name,
        apply: (f) => {
          if (!f.colours.includes(colour.slug)) f.colours.push(colour.slug);
        },
      });
    } else if (words.length < MAX_QUERY_WORDS && !words.some((w) => w.word === token)) {
      // A number that is neither a size nor a price ('36', '2024') stays a word like any other.
      words.push({ word: token, means: alternativesOf(synonyms.get(token)) });
      lastWordAt = i;
      shoesAfterLastWord = false;
    }
  }

  const filters: ListFilters = { ...NO_FILTERS, sizes: [], colours: [] };
  const understood: UnderstoodFilter[] = [];
  for (const item of found) {
    item.apply(filters);
    // One chip per filter: a later price phrase replaces an earlier one, and a repeated size or gender is one.
    const earlier = understood.findIndex((u) => u.key === item.key);
    const queryWithout = tokens
      .filter((_, k) => k < item.from || k > item.to)
      .join(" ")
      .trim();
    if (earlier >= 0) understood.splice(earlier, 1);
    understood.push({ key: item.key, label: item.label, queryWithout });
  }
  filters.sizes.sort((a, b) => a - b);
  return { words, filters, understood, sort, footwear, shoesAfterLastWord };
}

/**
 * The address's filters with those read from the text: sizes and colours add up; a price or a
 * gender the address gives wins over the text's (the shopper chose it in the filter form since),
 * and so does an order the shopper chose over a price word's. Answers the chips still in effect.
 */
export function mergeFilters(
  address: ListFilters & { sort?: Sort },
  read: UnderstoodQuery,
): { filters: ListFilters; understood: UnderstoodFilter[]; sort: Sort } {
  const addressPrice = address.minPrice !== null || address.maxPrice !== null;
  // An order the shopper chose (anything but the default) wins over a price word's.
  const chosen = address.sort === "featured" ? undefined : address.sort;
  const filters: ListFilters = {
    sizes: [...new Set([...address.sizes, ...read.filters.sizes])].sort((a, b) => a - b),
    colours: [...new Set([...address.colours, ...read.filters.colours])],
    minPrice: addressPrice ? address.minPrice : read.filters.minPrice,
    maxPrice: addressPrice ? address.maxPrice : read.filters.maxPrice,
    onSale: address.onSale,
    gender: address.gender ?? read.filters.gender,
  };
  const understood = read.understood.filter(
    (u) =>
      !(u.key === "price" && addressPrice) &&
      !(u.key === "gender" && address.gender !== null) &&
      !(u.key === "sort" && (chosen !== undefined || read.sort === null)),
  );
  const sort = chosen ?? read.sort ?? "featured";
  return { filters, understood, sort };
}
