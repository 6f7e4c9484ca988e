// [Ours] Whether an order's address line names another Karachi area than the one chosen at checkout
// (issue 50, the risk view): 'House 5, DHA Phase 6' with Clifton Block 5 picked is worth a call
// before the rider goes. Read with the Area field's own rules for how names are written
// (shared/area-spelling.ts), on the shop's whole list. Only the words that name a place are compared
// ('Clifton', 'Gulshan', 'Iqbal', 'DHA', not 'Block 5'): addresses write the block in any order and
// often not at all, and a block next door is not worth a warning.
import { areaWords, loose, namesPlaces } from "./area-spelling.ts";

/** What a name's place words are compared as: the word, and its consonants when it is long enough to trust them. */
interface PlaceWord {
  word: string;
  loose: string | undefined;
}

interface Place {
  name: string;
  /** The words that name the place ('clifton'), and every word of the name ('clifton', 'block', '5'). */
  words: PlaceWord[];
  all: PlaceWord[];
  /** The name without its block or phase: 'Clifton' for 'Clifton Block 5'. */
  place: string;
}

/** The list prepared once for every order of a page. */
export interface PlaceIndex {
  readonly places: readonly Place[];
}

/**
 * Roads pass through many areas and addresses name them as landmarks ('off Shahrah-e-Faisal', 'Tariq
 * Road, PECHS Block 2'): a listed road never counts as the address naming another area.
 */
const ROAD = /\b(?:road|rd|shahrah)\b/i;

/** The parts of an area's name that say which block or phase: 'Clifton Block 5' names the place Clifton. */
const PART = /\s+(?:block|blk|sector|phase|no\.?|extension)\b.*$/i;

const compared = (word: string): PlaceWord => ({ word, loose: word.length >= 4 ? loose(word) : undefined });
const placeWords = (text: string): PlaceWord[] => areaWords(text).filter(namesPlaces).map(compared);

const sameWord = (a: PlaceWord, b: PlaceWord) => a.word === b.word || (a.loose !== undefined && a.loose === b.loose);
const within = (some: readonly PlaceWord[], all: readonly PlaceWord[]) =>
  some.every((word) => all.some((other) => sameWord(word, other)));

export function indexPlaces(names: readonly string[]): PlaceIndex {
  return {
    places: names
      .filter((name) => !ROAD.test(name))
      .map((name) => ({
        name,
        words: placeWords(name),
        all: areaWords(name).map(compared),
        place: name.replace(PART, ""),
      }))
      .filter((place) => place.words.length > 0),
  };
}

/**
 * The place the address line names when none of the listed places it names agrees with the chosen
 * area ('DHA Phase 6' for 'House 5, DHA Phase 6' under Clifton Block 5); undefined when it names
 * none, or one that agrees. Two places agree when one's place words are all in the other's: Clifton
 * and Kehkashan (Clifton), Johar Mor and Gulistan-e-Jauhar Block 5.
 */
export function otherAreaNamed(addressLine: string, chosenArea: string, index: PlaceIndex): string | undefined {
  const words = areaWords(addressLine).map(compared);
  const address = placeWords(addressLine);
  const chosen = placeWords(chosenArea);
  if (address.length === 0 || chosen.length === 0) return undefined;
  const named = index.places.filter((place) => within(place.words, address));
  if (named.length === 0) return undefined;
  if (named.some((place) => within(place.words, chosen) || within(chosen, place.words))) return undefined;
  // Said as the owner would, whatever order the list comes in.
  return wholeName(named, words) ?? placeName(named);
}

/**
 * The area the line names whole, if any: the one with the most words, then one written in its own
 * order, then the one whose words lie closest together ('DHA Phase 6' in 'House 5, Street 2, DHA
 * Phase 6', not 'DHA Phase 2').
 */
function wholeName(named: readonly Place[], words: readonly PlaceWord[]): string | undefined {
  const [best] = named
    .filter((place) => within(place.all, words))
    .map((place) => {
      const at = place.all.map((word) => words.findIndex((other) => sameWord(word, other)));
      const inOrder = at.every((position, i) => i === 0 || position > (at[i - 1] as number));
      return { place, unordered: inOrder ? 0 : 1, spread: Math.max(...at) - Math.min(...at) };
    })
    .sort(
      (a, b) =>
        b.place.all.length - a.place.all.length ||
        a.unordered - b.unordered ||
        a.spread - b.spread ||
        a.place.name.localeCompare(b.place.name),
    );
  return best?.place.name;
}

/** Else the most particular place ('Kehkashan (Clifton)' over 'Clifton'), then the shortest ('DHA' over 'DHA City'). */
function placeName(named: readonly Place[]): string | undefined {
  const [best] = [...named].sort(
    (a, b) => b.words.length - a.words.length || a.place.length - b.place.length || a.place.localeCompare(b.place),
  );
  return best?.place;
}
