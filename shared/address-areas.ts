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
  words: PlaceWord[];
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

function placeWords(text: string): PlaceWord[] {
  return areaWords(text)
    .filter(namesPlaces)
    .map((word) => ({ word, loose: word.length >= 4 ? loose(word) : undefined }));
}

const sameWord = (a: PlaceWord, b: PlaceWord) => a.word === b.word || (a.loose !== undefined && a.loose === b.loose);
const within = (some: readonly PlaceWord[], all: readonly PlaceWord[]) =>
  some.every((word) => all.some((other) => sameWord(word, other)));

export function indexPlaces(names: readonly string[]): PlaceIndex {
  return {
    places: names
      .filter((name) => !ROAD.test(name))
      .map((name) => ({ name, words: placeWords(name) }))
      .filter((place) => place.words.length > 0),
  };
}

/**
 * The place the address line names when none of the listed places it names agrees with the chosen
 * area ('DHA' for 'House 5, DHA Phase 6' under Clifton Block 5); undefined when it names none, or
 * one that agrees. Two places agree when one's place words are all in the other's: Clifton and
 * Kehkashan (Clifton), Johar Mor and Gulistan-e-Jauhar Block 5.
 */
export function otherAreaNamed(addressLine: string, chosenArea: string, index: PlaceIndex): string | undefined {
  const address = placeWords(addressLine);
  const chosen = placeWords(chosenArea);
  if (address.length === 0 || chosen.length === 0) return undefined;
  const named = index.places.filter((place) => within(place.words, address));
  if (named.length === 0) return undefined;
  if (named.some((place) => within(place.words, chosen) || within(chosen, place.words))) return undefined;
  // The most particular place named: 'Kehkashan (Clifton)' over 'Clifton Block 1'.
  const [first] = [...named].sort((a, b) => b.words.length - a.words.length);
  return first?.name.replace(PART, "");
}
