// From the words a shopper typed to the catalogue lexemes each may be found as: the word's own
// English stem when the catalogue knows it, the stems of what its synonyms mean, and only when
// neither is known, the nearest catalogue words by trigram similarity (a correction: 'chapal' ->
// chappal). The similarity runs over `search_words`, the catalogue's vocabulary (a few thousand
// rows), never over the products (decision 006).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { arrayParam, selectPrepared } from "../db/rows.ts";
import type { SearchWord } from "./query-understanding.ts";

/** Nearest catalogue words a misspelt word may stand for. */
const MAX_CORRECTIONS = 3;

/** A typed word as the search matches it: any one of its alternatives (each all of its lexemes). */
export interface SearchTerm {
  word: string;
  /** The typed word's own stem when the catalogue knows it (then also the first of `exact`). */
  own: string | null;
  exact: string[][];
  corrections: string[];
  /** Also any catalogue word starting with this (the word being typed, in instant results). */
  prefix: string | null;
}

interface Looked {
  word: string;
  stem: string | null;
  known: boolean;
  near: string[];
}

/**
 * The terms of the typed words, in typed order; a stop word ('the', 'for') has none and is left
 * out, and a word nothing in the catalogue is or is near comes back with no alternatives at all
 * (the caller drops it).
 */
export async function searchTermsOf(
  db: Db,
  words: readonly SearchWord[],
  prefixWord: string | null = null,
  /** The stems that name a shelf (category-intent.ts): a typo's correction prefers them. */
  shelfWords?: ReadonlySet<string>,
): Promise<SearchTerm[]> {
  const lookUp = [...new Set(words.flatMap((w) => [w.word, ...w.means.flat()]))];
  if (lookUp.length === 0) return [];
  // `%` takes its threshold from the connection (0.25, server/db/client.ts) and uses the index. A word
  // the catalogue has is a primary-key probe of search_words, which keeps each word's lexeme; only a
  // word it lacks goes through the text search parser (`search_lexeme`, about 0.5 ms a word), once:
  // `offset 0` keeps the planner from copying the call into each place that reads the stem.
  const rows = await selectPrepared<Looked>(
    db,
    "search-terms",
    sql`select w.word, l.stem, l.known,
          case when l.known or l.stem is null then '{}'::text[] else
            array(select d.lexeme from search_words d where d.word % w.word
                  group by d.lexeme order by max(similarity(d.word, w.word)) desc, d.lexeme
                  limit ${MAX_CORRECTIONS}) end as near
        from unnest(${arrayParam(lookUp, "text")}) as w(word)
        cross join lateral (
          select s.stem, s.listed or exists (select 1 from search_words d where d.lexeme = s.stem) as known
          from (select coalesce(c.lexeme, search_lexeme(w.word)) as stem, c.lexeme is not null as listed
                from (select (select d.lexeme from search_words d where d.word = w.word) as lexeme offset 0) c
                offset 0) s) l`,
  );
  const byWord = new Map(rows.map((row) => [row.word, row]));
  const terms: SearchTerm[] = [];
  for (const { word, means } of words) {
    const own = byWord.get(word);
    const exact: string[][] = [];
    if (own?.known && own.stem) exact.push([own.stem]);
    for (const alternative of means) {
      const stems = alternative.map((w) => byWord.get(w));
      // A stop word inside a phrase ('pair of heels') is no condition; an unknown one makes the phrase unusable.
      const lexemes = stems.filter((s) => s?.stem).map((s) => s as Looked);
      if (lexemes.length > 0 && lexemes.every((s) => s.known)) {
        const group = [...new Set(lexemes.map((s) => s.stem as string))];
        if (!exact.some((g) => g.join(" ") === group.join(" "))) exact.push(group);
      }
    }
    const prefix = word === prefixWord ? word : null;
    if (exact.length === 0 && own?.stem === null && means.length === 0 && !prefix) continue; // a stop word
    const ownStem = own?.known && own.stem ? own.stem : null;
    const corrections =
      exact.length > 0 ? [] : correctionsOf(word, own?.stem ?? null, own?.near ?? [], shelfWords ?? new Set());
    terms.push({ word, own: ownStem, exact, corrections, prefix });
  }
  return terms;
}

/**
 * What a misspelt word is corrected to (issue 52): the credible corrections the trigram index found;
 * when it found none, the words that name a shelf within two edits. A short misspelling shares too
 * few trigrams with its word to be found by them ('lofar' and 'loafer' share two of eleven), and a
 * shelf's word is what a shopper most likely meant; two edits at most, so a brand the shop does not
 * carry ('skechers') is not read as one of its shelves.
 */
function correctionsOf(
  word: string,
  stem: string | null,
  near: readonly string[],
  shelfWords: ReadonlySet<string>,
): string[] {
  const edits = (lexeme: string) => Math.min(editDistance(word, lexeme), editDistance(stem ?? word, lexeme));
  const credible = near.filter((lexeme) => isCredibleCorrection(word, stem, lexeme));
  // The fewest edits win: 'brouges' is one swap from brogues and three edits from brown.
  const fewest = Math.min(...credible.map(edits));
  if (credible.length > 0) return credible.filter((lexeme) => edits(lexeme) === fewest);
  if (word.length < 4) return credible;
  const within = (lexeme: string) => edits(lexeme) <= 2;
  return [...shelfWords].filter(within).slice(0, MAX_CORRECTIONS);
}

/**
 * Whether a catalogue lexeme the trigram index found near a typed word is a typo of it: at most a
 * few edits from the word or its stem (one for a short word, two up to seven letters, else three).
 * Trigrams alone call 'chair' near 'chappal' (they share 'cha'), and a shopper asking for a chair
 * must see no chappals (decision 025); 'chapal', 'lofer' and 'slipers' stay one edit away.
 */
export function isCredibleCorrection(word: string, stem: string | null, lexeme: string): boolean {
  const allowed = word.length <= 4 ? 1 : word.length <= 7 ? 2 : 3;
  return Math.min(editDistance(word, lexeme), editDistance(stem ?? word, lexeme)) <= allowed;
}

/** Edits (insert, delete, change, swap of neighbours) from one word to the other. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** A lexeme quoted for tsquery input: no operator inside it is read as one. */
function lexeme(value: string): string {
  return `'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/** One alternative of a word (all of its lexemes) as tsquery text. */
const groupQuery = (group: readonly string[]) =>
  group.length === 1 ? lexeme(group[0] as string) : `(${group.map(lexeme).join(" & ")})`;

/**
 * A word's meanings as tsquery texts, best first: the word as typed, then its synonyms in the
 * order the owner listed them (docs/decisions/012-search-understanding.md, "Meanings listed best first").
 */
export const meaningQueries = (term: SearchTerm): string[] => term.exact.map(groupQuery);

function alternatives(term: SearchTerm, corrections: boolean): string[] {
  const groups = term.exact.map(groupQuery);
  if (term.prefix) groups.push(`${lexeme(term.prefix)}:*`);
  return corrections ? [...groups, ...term.corrections.map(lexeme)] : groups;
}

/**
 * Every term as a tsquery: with the corrections, or without them (undefined when some word is
 * known only through a correction), as typed (each word the catalogue knows as itself, not its
 * synonyms: 'joggers' before the sneakers it also means), or as a phrase (the words in typed
 * order, next to each other; undefined for one word or an alternative of several words).
 */
export function tsqueriesOf(
  terms: readonly SearchTerm[],
  /** A lexeme the phrase is also asked for followed by ('shoe': 'court shoes'), as `phraseThen`. */
  then?: string,
): {
  full: string | undefined;
  exact: string | undefined;
  literal: string | undefined;
  phrase: string | undefined;
  phraseThen: string | undefined;
} {
  const join = (parts: string[][], operator: string) =>
    parts.some((p) => p.length === 0) || parts.length === 0
      ? undefined
      : parts.map((p) => (p.length === 1 ? p[0] : `(${p.join(" | ")})`)).join(operator);
  const full = join(
    terms.map((t) => alternatives(t, true)),
    " & ",
  );
  const exact = join(
    terms.map((t) => alternatives(t, false)),
    " & ",
  );
  // A word the catalogue does not know as typed ('slipers', 'jogar') is taken as its first meaning
  // here, the one the owner listed best: the slippers before the slides it also means.
  const literal = join(
    terms.map((t) => {
      const first = t.own ? lexeme(t.own) : t.exact[0] ? groupQuery(t.exact[0]) : undefined;
      if (first === undefined) return alternatives(t, false);
      return [first, ...(t.prefix ? [`${lexeme(t.prefix)}:*`] : [])];
    }),
    " & ",
  );
  const single = terms.every((t) => t.exact.every((group) => group.length === 1));
  const inOrder = single
    ? join(
        terms.map((t) => alternatives(t, false)),
        " <-> ",
      )
    : undefined;
  const phrase = terms.length > 1 ? inOrder : undefined;
  const phraseThen = inOrder !== undefined && then !== undefined ? `${inOrder} <-> ${lexeme(then)}` : undefined;
  return { full, exact, literal, phrase, phraseThen };
}
