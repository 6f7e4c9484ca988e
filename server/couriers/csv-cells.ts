// One cell of a courier's file read as what it means: text without Excel's guards, whole rupees,
// a weight in grams, a Karachi date and time as an instant. Each reader answers 'blank' for an empty
// cell (a portal that leaves it out) and 'unreadable' for anything it would have to guess at; the
// adapter (csv-adapter.ts) turns that into the line's problem in the owner's words. No HTTP here.

/** Either what the cell says, or that it is empty, or that it cannot be read without guessing. */
export type CellValue<T> = T | "blank" | "unreadable";

/** A cell as the owner meant it: trimmed, without Excel's text guards (="0012" and a leading '). */
export function cellText(raw: string | undefined): string {
  const text = (raw ?? "").trim();
  const formula = /^="(.*)"$/.exec(text);
  if (formula) return (formula[1] ?? "").trim();
  return text.startsWith("'") ? text.slice(1).trim() : text;
}

const CURRENCY = /^(rs\.?|pkr)\s*/i;

/**
 * Whole rupees from 'Rs. 4,590', 'PKR 4590', '4,590/-' or '4590.00' (paisa rounded); 'blank' for an
 * empty cell or a dash; 'unreadable' for anything else, a negative amount included.
 */
export function readAmount(raw: string): CellValue<number> {
  const text = cellText(raw)
    .replace(CURRENCY, "")
    .replace(/\s*\/-$/, "")
    .trim();
  if (text === "" || text === "-") return "blank";
  // Commas group thousands (4,590) or lakhs (1,00,000); '4.590,00' is not ours to guess at.
  if (!/^(\d+|\d{1,3}(,\d{2,3})+)(\.\d+)?$/.test(text)) return "unreadable";
  const rupees = Math.round(Number(text.replace(/,/g, "")));
  return Number.isSafeInteger(rupees) && rupees <= 100_000_000 ? rupees : "unreadable";
}

/** A deduction as reports print it, '-250' or '(250)' as often as '250': what was deducted. */
export function readDeduction(raw: string): CellValue<number> {
  const text = cellText(raw);
  const bracketed = /^\((.+)\)$/.exec(text);
  return readAmount((bracketed?.[1] ?? text).replace(/^-\s*(?=\S)/, ""));
}

/**
 * An amount that may be below zero: the net of a refused parcel is what the shop owes the courier
 * ('-250', 'Rs. -250', '-Rs. 250', '(250)').
 */
export function readSignedAmount(raw: string): CellValue<number> {
  let text = cellText(raw);
  const bracketed = /^\((.+)\)$/.exec(text);
  let negative = bracketed !== null;
  text = (bracketed?.[1] ?? text).trim();
  const minus = /^-\s*(?=\S)/;
  for (const strip of [minus, CURRENCY, minus]) {
    if (strip === minus && minus.test(text)) negative = true;
    text = text.replace(strip, "");
  }
  const amount = readAmount(text);
  if (typeof amount !== "number") return amount;
  return negative && amount !== 0 ? -amount : amount;
}

/** Heavier than any parcel a shop books: a cell beyond it is a typing slip or another column. */
const MAX_GRAMS = 1_000_000;

/**
 * Grams from '0.5 kg', '1.2 KGs', '500 g', '500gm', '1,500 grams' or a bare number. A bare number
 * under 100 is kilograms ('0.5', '2': what portals' weight columns hold), 100 or more grams
 * ('500', '1500': Leopards' booking API weighs in grams); no pair of shoes weighs 100 kg or 100 g.
 * An empty cell, a dash or 0 (a portal's 'not weighed') is 'blank'.
 */
export function readWeightGrams(raw: string): CellValue<number> {
  const text = cellText(raw).toLowerCase();
  if (text === "" || text === "-") return "blank";
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?\s*(kg|kgs|kilos?|kilograms?|g|gm|gms|gr|grams?)?\.?$/.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) return "unreadable";
  const number = Number(`${(match[1] ?? "0").replace(/,/g, "")}${match[2] ?? ""}`);
  if (number === 0) return "blank";
  const unit = match[3];
  const kilograms = unit === undefined ? number < 100 : unit.startsWith("k");
  const grams = Math.round(kilograms ? number * 1000 : number);
  return grams >= 1 && grams <= MAX_GRAMS ? grams : "unreadable";
}

const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** 'Nov', 'november', 'Sept' as 11, 11, 9. */
function monthOf(word: string): number | undefined {
  const lower = word.toLowerCase();
  const at = MONTH_NAMES.findIndex(
    (name) => lower === name || lower === name.slice(0, 3) || (lower === "sept" && name === "september"),
  );
  return at >= 0 ? at + 1 : undefined;
}

interface DayParts {
  year: number;
  month: number;
  day: number;
}

/** The date at the start of a cell, and the rest of the cell (its time, if any). */
function readDay(text: string): { day: DayParts; rest: string } | undefined {
  const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text);
  if (iso) {
    return {
      day: { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) },
      rest: text.slice(iso[0].length),
    };
  }
  const numeric = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?!\d)/.exec(text);
  if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[2])];
    // Pakistan writes the day first; '11/28/2026' can only be month first, so it is read so.
    const monthFirst = first <= 12 && second > 12;
    const parts = monthFirst ? { month: first, day: second } : { month: second, day: first };
    return { day: { year: year(numeric[3] ?? ""), ...parts }, rest: text.slice(numeric[0].length) };
  }
  const dayMonth = /^(\d{1,2})[-\s/.]+([a-z]{3,9})\.?[-\s/.,]+(\d{4}|\d{2})(?!\d)/i.exec(text);
  const monthDay = /^([a-z]{3,9})\.?[-\s]+(\d{1,2}),?[-\s]+(\d{4})(?!\d)/i.exec(text);
  const named = dayMonth
    ? { day: dayMonth[1], month: dayMonth[2], year: dayMonth[3], length: dayMonth[0].length }
    : monthDay
      ? { day: monthDay[2], month: monthDay[1], year: monthDay[3], length: monthDay[0].length }
      : undefined;
  const month = named ? monthOf(named.month ?? "") : undefined;
  if (!named || month === undefined) return undefined;
  return { day: { year: year(named.year ?? ""), month, day: Number(named.day) }, rest: text.slice(named.length) };
}

/** Minutes after midnight and the offset from UTC a time states ('14:05', '2:05 PM', '14:05:00+05:00'). */
function readTime(rest: string): { seconds: number; offsetMinutes: number | undefined } | undefined {
  if (rest.trim() === "") return { seconds: 0, offsetMinutes: undefined };
  const time = /^(?:t|\s+|,\s*)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(am|pm)?\s*(z|[+-]\d{2}:?\d{2})?$/i.exec(
    rest,
  );
  if (!time) return undefined;
  let hour = Number(time[1]);
  const [minute, second] = [Number(time[2]), Number(time[3] ?? 0)];
  const half = time[4]?.toLowerCase();
  if (half && (hour < 1 || hour > 12)) return undefined;
  if (half) hour = (hour % 12) + (half === "pm" ? 12 : 0);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const zone = time[5]?.toLowerCase();
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone ?? "");
  const offsetMinutes =
    zone === "z" ? 0 : offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : undefined;
  return { seconds: hour * 3600 + minute * 60 + second, offsetMinutes };
}

/** Karachi is UTC+5 all year (Pakistan last kept summer time in 2009, before any file we read). */
const KARACHI_OFFSET_MINUTES = 5 * 60;

/**
 * The instant a courier's date and time names, as an ISO string: '28/11/2026', '28-11-2026',
 * '2026-11-28', '28-Nov-2026', '28 Nov 2026 14:05', 'Nov 28, 2026', '2026-11-28 14:05:00',
 * '2026-11-28T14:05:00Z'. Day first unless the first number cannot be a month ('11/28/2026'); a time
 * without a zone, or no time, is Karachi's (a date alone is its midnight). 'unreadable' for a day
 * that does not exist, a number Excel made of the date, or anything else.
 */
export function readKarachiInstant(raw: string): CellValue<string> {
  const text = cellText(raw);
  if (text === "" || text === "-") return "blank";
  const date = readDay(text);
  const time = date ? readTime(date.rest) : undefined;
  if (!date || !time) return "unreadable";
  const { year, month, day } = date.day;
  const midnightUtc = Date.UTC(year, month - 1, day);
  const real = new Date(midnightUtc);
  if (year < 2000 || year > 2099 || real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) return "unreadable";
  const offset = time.offsetMinutes ?? KARACHI_OFFSET_MINUTES;
  return new Date(midnightUtc + time.seconds * 1000 - offset * 60_000).toISOString();
}

/** The Karachi day a courier's date (and time) falls on, as '2026-11-28': a payout's date. */
export function readKarachiDay(raw: string): CellValue<string> {
  const instant = readKarachiInstant(raw);
  if (instant === "blank" || instant === "unreadable") return instant;
  return new Date(Date.parse(instant) + KARACHI_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** Excel shows a long number as 1.23457E+11 and saves it so: the digits are gone. */
export const isExcelNumber = (text: string) => /^\d(\.\d+)?E\+\d+$/i.test(text);
