// [Ours] Reads an area as a Karachi customer types it (issue 46; docs/product.md, the checkout's Area
// field): 'Gulshan block 13 D', 'gulshan e iqbal 13-d' and 'GULSHAN-E-IQBAL BLK 13/D' are all
// Gulshan-e-Iqbal Block 13-D. Both sides run it on the shop's own list (the owner's data): the server
// decides what an order stores (server/areas/service.ts) and the checkout offers the closest names as
// the customer types. Pure, no list of its own: every rule below is about how names are written
// (docs/decisions/029-area-spellings.md).

/** The typed text is one area (its name as the list spells it), or not: the closest names, best first. */
export type AreaMatch = { kind: "listed"; name: string } | { kind: "unlisted"; closest: string[] };

/** How many closest names a refusal and the checkout offer. */
const CLOSEST_AREAS = 5;

/** Words written in several ways, by the way the list writes them (after doubled letters are made one). */
const SAME_WORD: Readonly<Record<string, string>> = {
  blk: "block",
  blok: "block",
  bk: "block",
  sec: "sector",
  sect: "sector",
  ph: "phase",
  fase: "phase",
  number: "no",
  num: "no",
  nmbr: "no",
  ext: "extension",
  extn: "extension",
  com: "comercial",
  coml: "comercial",
  soc: "society",
  col: "colony",
  rd: "road",
  defence: "dha",
  defense: "dha",
};

/** Two words that are one: 'N. Nazimabad', 'Federal B Area'. */
const SAME_PHRASE: readonly [from: readonly string[], to: readonly string[]][] = [
  [
    ["n", "nazimabad"],
    ["north", "nazimabad"],
  ],
  [
    ["n", "karachi"],
    ["north", "karachi"],
  ],
  [["federal", "b"], ["fb"]],
];

/** Words that say which part of an area follows ('Block 13-D', 'Phase 6', 'No. 3'). */
const PART_WORDS = new Set(["block", "sector", "phase", "no", "extension"]);

/** Doubled letters made one, as every word is compared ('Nazimabaad', 'Saddar'). */
const oneLetter = (word: string) => word.replace(/([a-z])\1+/g, "$1");

/** Words many names share: with part words and numbers they name no area on their own ('new', 'west'). */
const COMMON_WORDS = new Set(
  [
    ...PART_WORDS,
    ...["commercial", "society", "colony", "road", "street", "town", "city", "area", "goth", "basti", "nagar"],
    ...["scheme", "line", "lines", "centre", "zone", "gate", "square", "mor", "chowrangi", "bazaar", "market"],
    ...["new", "old", "north", "south", "east", "west", "view"],
  ].map(oneLetter),
);

/** Said after an address but not part of an area's name: dropped when the rest is one area. */
const CITY_WORDS = new Set(["karachi", "pakistan"]);

const ROMAN: Readonly<Record<string, string>> = {
  i: "1",
  ii: "2",
  iii: "3",
  iv: "4",
  v: "5",
  vi: "6",
  vii: "7",
  viii: "8",
};

const isWord = (token: string) => /^[a-z]+$/.test(token);

/** A word that can name a place: not a block's letter, 'ki' or 'block', but 'Bahria' or 'FB'. */
export const namesPlaces = (word: string) =>
  isWord(word) && !COMMON_WORDS.has(word) && (word.length >= 3 || (word.length === 2 && !/[aeiouy]/.test(word)));
const isNumber = (token: string) => /^[0-9]/.test(token);

/**
 * The words of a name or a typed text, as they compare: lower case, without accents, split at
 * spaces, hyphens, dots, slashes and between digits and letters ('13D' is 13 D); a half is '.5'
 * ('1½', '1 1/2'); Roman phases are digits; doubled letters are one ('Nazimabaad'); 'blk' is
 * 'block' and 'Defence' is 'DHA'; the '-e-' or '-i-' between two names is dropped ('Gulshan Iqbal');
 * letters written one by one are one word ('F.B.', 'D H A').
 */
export function areaWords(text: string): string[] {
  const halves = text.replace(/(\d)\s*(?:½|1\s*[/⁄]\s*2)/g, "$1.5").replace(/½/g, ".5");
  const plain = halves
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/(\d)\.(\d)/g, "$1_$2");
  const split = plain
    .split(/[^a-z0-9_]+/)
    .flatMap((part) => part.match(/[a-z]+|[0-9_]+/g) ?? [])
    .map((part) => part.replace(/_/g, "."));
  const words = split.map((word, i) =>
    (split[i - 1] === "phase" || split[i - 1] === "ph") && ROMAN[word] ? (ROMAN[word] as string) : word,
  );
  const spelled = words.map((word) => {
    const single = isWord(word) ? oneLetter(word) : word;
    return SAME_WORD[single] ?? single;
  });
  return samePhrases(joinLetters(withoutJoiners(spelled)));
}

/** Drops the joining 'e'/'i' between two names ('Gulshan e Iqbal'), never a block's letter ('Block E'). */
function withoutJoiners(words: string[]): string[] {
  return words.filter((word, i) => {
    if (word !== "e" && word !== "i") return true;
    const before = words[i - 1] ?? "";
    const after = words[i + 1] ?? "";
    return !(isWord(before) && before.length >= 3 && !PART_WORDS.has(before) && isWord(after) && after.length >= 2);
  });
}

/** 'f b area' is 'fb area', 'p e c h s' is 'pechs': two or more single letters in a row are one word. */
function joinLetters(words: string[]): string[] {
  const joined: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 1) joined.push(run.join(""));
    else joined.push(...run);
    run = [];
  };
  for (const word of words) {
    if (/^[a-z]$/.test(word)) run.push(word);
    else {
      flush();
      joined.push(word);
    }
  }
  flush();
  return joined;
}

function samePhrases(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = SAME_PHRASE.find(([from]) => from.every((word, j) => words[i + j] === word));
    if (phrase) {
      out.push(...phrase[1]);
      i += phrase[0].length - 1;
    } else out.push(words[i] as string);
  }
  return out;
}

/**
 * A word's consonants, for the vowels Roman Urdu writes in many ways: Jauhar, Johar and Jouhar are
 * all 'jhr', Mehmoodabad and Mahmudabad 'mhmdbd'. Short words, letters and numbers stay as they are.
 */
export function loose(word: string): string {
  if (!isWord(word) || word.length < 3) return word;
  const consonants = word.replace(/q/g, "k").replace(/[aeiouy]/g, "");
  return oneLetter(consonants) || word;
}

interface IndexedArea {
  name: string;
  words: string[];
  loose: string[];
  order: number;
}

/** The list prepared once for many matches (the checkout matches on every key). */
export interface AreaIndex {
  readonly areas: readonly IndexedArea[];
}

export function indexAreas(names: readonly string[]): AreaIndex {
  return {
    areas: names.map((name, order) => {
      const words = areaWords(name);
      return { name, words, loose: words.map(loose), order };
    }),
  };
}

/**
 * The one area the typed text is, or the closest names. Tried in turn, the first that finds any
 * decides (one area: taken; several: offered): the name's own words; an area whose name has every
 * typed word, but for vowels (one of them a place's name: 'block 13 d' alone is not taken). Then
 * once more without 'Karachi'.
 */
export function matchArea(typed: string, index: AreaIndex, count = CLOSEST_AREAS): AreaMatch {
  const words = areaWords(typed);
  if (words.length === 0) return { kind: "unlisted", closest: [] };
  const found = findArea(words, index, count);
  if (found) return found;
  const withoutCity = words.filter((word) => !CITY_WORDS.has(word));
  if (withoutCity.length > 0 && withoutCity.length < words.length) {
    const again = findArea(withoutCity, index, count);
    if (again) return again;
  }
  return { kind: "unlisted", closest: closest(words, index.areas, count) };
}

function findArea(words: string[], index: AreaIndex, count: number): AreaMatch | undefined {
  const key = words.join(" ");
  const exact = index.areas.filter((area) => area.words.join(" ") === key);
  // Every typed word in the name but for vowels, so that neither spelling hides the other: 'Johar'
  // alone is Johar Mor or any block of Gulistan-e-Jauhar, 'Saudabad' Malir Saudabad or Saeedabad.
  const looseWords = words.map(loose);
  const within = words.some(namesPlaces)
    ? index.areas.filter((area) => looseWords.every((word) => area.loose.includes(word)))
    : [];
  for (const matches of [exact, within]) {
    if (matches.length === 1) return { kind: "listed", name: (matches[0] as IndexedArea).name };
    if (matches.length > 1) return { kind: "unlisted", closest: closest(words, matches, count) };
  }
  return undefined;
}

/** How near a typed word is to a word of a name: the same, the same but for vowels, its start, a typo. */
function wordNearness(word: string, areaWord: string, areaLoose: string): number {
  if (word === areaWord) return 1;
  if (!isWord(word) || !isWord(areaWord)) return isNumber(word) && areaWord.startsWith(word) ? 0.6 : 0;
  if (word.length >= 3 && loose(word) === areaLoose) return 0.9;
  if (word.length >= 2 && areaWord.startsWith(word)) return 0.6 + (0.3 * word.length) / areaWord.length;
  if (word.length >= 4 && editDistance(word, areaWord) <= (word.length >= 7 ? 2 : 1)) return 0.7;
  return 0;
}

/**
 * Areas near at least half the typed words, best first: the nearest, then those that start as the
 * text does ('Clifton' is Clifton Block 1 before Kehkashan (Clifton)), then with fewest words left
 * over, then the shortest name.
 */
function closest(words: string[], areas: readonly IndexedArea[], count: number): string[] {
  const scored = areas.map((area) => {
    let total = 0;
    let near = 0;
    for (const word of words) {
      const best = Math.max(0, ...area.words.map((w, i) => wordNearness(word, w, area.loose[i] as string)));
      total += best;
      if (best > 0) near++;
    }
    const sameStart = wordNearness(words[0] as string, area.words[0] ?? "", area.loose[0] ?? "") > 0 ? 1 : 0;
    return { area, score: total / words.length, near, sameStart, leftOver: area.words.length - near };
  });
  return scored
    .filter((s) => s.near * 2 >= words.length)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.sameStart - a.sameStart ||
        a.leftOver - b.leftOver ||
        a.area.name.length - b.area.name.length ||
        a.area.order - b.area.order,
    )
    .slice(0, count)
    .map((s) => s.area.name);
}

/** Levenshtein distance: letters added, dropped or changed. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + change,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}
