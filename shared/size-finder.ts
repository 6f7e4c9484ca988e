// 'Find my size' (issue 33, size advice): a foot length as the shopper types it, read into a length,
// and the shop's EU size for it from the same rows the size charts show (size-chart.ts). Pure, so
// the size chart dialog, the size guide page and the unit test share one arithmetic.
//
// What is accepted: centimetres with a dot or a comma ('26.5', '26,5', '26.5 cm'), or millimetres
// when they say so ('265 mm', '265mm'). A bare '265' is refused with a hint rather than guessed,
// and so is a length no foot has.
import type { Gender } from "./categories.ts";
import { SIZE_CHARTS, type SizeChart, type SizeChartRow } from "./size-chart.ts";

/** A foot this short or this long is a typing mistake, not a foot. */
export const FOOT_CM_MIN = 15;
export const FOOT_CM_MAX = 40;

export const FOOT_LENGTH_MESSAGES = {
  empty: "Enter your foot length in centimetres, for example 26.5.",
  notANumber: "Write your foot length as a number of centimetres, for example 26.5 (or 265 mm).",
  millimetres: "That looks like millimetres: write it with mm (for example 265 mm), or in centimetres (26.5).",
  outOfRange: `A foot is between ${FOOT_CM_MIN} and ${FOOT_CM_MAX} cm long: please measure again and check the number.`,
} as const;

export type FootLength = { ok: true; cm: number } | { ok: false; message: string };

const LENGTH = /^(\d{1,4})(?:[.,](\d{1,2}))?\s*(cm|mm)?$/i;

/** Reads what the shopper typed; the length in centimetres is rounded to a tenth of a millimetre. */
export function parseFootLength(typed: string): FootLength {
  const text = typed.trim();
  if (text === "") return { ok: false, message: FOOT_LENGTH_MESSAGES.empty };
  const match = LENGTH.exec(text);
  if (!match) return { ok: false, message: FOOT_LENGTH_MESSAGES.notANumber };
  const [, whole = "", fraction = "", unit = "cm"] = match;
  const value = Number(`${whole}.${fraction || "0"}`);
  const cm = unit.toLowerCase() === "mm" ? value / 10 : value;
  const rounded = Math.round(cm * 100) / 100;
  if (rounded >= FOOT_CM_MIN && rounded <= FOOT_CM_MAX) return { ok: true, cm: rounded };
  // '265' with no unit: someone who measured in millimetres.
  const wasMillimetres = match[3] === undefined && value / 10 >= FOOT_CM_MIN && value / 10 <= FOOT_CM_MAX;
  return { ok: false, message: wasMillimetres ? FOOT_LENGTH_MESSAGES.millimetres : FOOT_LENGTH_MESSAGES.outOfRange };
}

export type SizeFinding =
  | { kind: "size"; row: SizeChartRow }
  /** Shorter than the smallest size fits: `smallest` is that size. */
  | { kind: "below"; smallest: SizeChartRow }
  /** Longer than the largest size's length. */
  | { kind: "above"; largest: SizeChartRow };

/** In hundredths of a centimetre, so 24.8 and 24.8 compare equal however they were computed. */
const hundredths = (cm: number) => Math.round(cm * 100);

function chartFor(gender: Gender): SizeChart {
  const chart = SIZE_CHARTS.find((c) => c.gender === gender);
  if (!chart) throw new Error(`No size chart for ${gender}`);
  return chart;
}

/**
 * The chart's size for a foot: the smallest size whose foot length is at least the foot's, so that
 * between two sizes the larger is chosen (the charts' footnote). A size fits feet longer than the
 * size below it; the smallest size's 'size below' is one step (the gap to the next row) shorter, so
 * a foot that long or shorter is below the chart, as a foot longer than the largest size is above it.
 */
export function findSize(gender: Gender, footCm: number): SizeFinding {
  const rows = chartFor(gender).rows;
  const [smallest, next] = rows;
  const largest = rows.at(-1);
  if (!smallest || !next || !largest) throw new Error(`The ${gender} size chart needs two rows or more`);
  const foot = hundredths(footCm);
  const step = hundredths(next.footCm) - hundredths(smallest.footCm);
  if (foot <= hundredths(smallest.footCm) - step) return { kind: "below", smallest };
  const row = rows.find((r) => hundredths(r.footCm) >= foot);
  return row ? { kind: "size", row } : { kind: "above", largest };
}
