// Code 128 for the airway bill's consignment number (issue 49): the courier's rider and hub scan
// the CN off the packing slip, so the slip draws it itself, as an inline SVG, with no dependency.
// Set B carries printable ASCII; set C carries two digits a symbol, which nearly halves an
// all-digit CN (TCS, PostEx), so it fits the 72 mm receipt with bars wide enough to scan.

/**
 * Each symbol's bar and space widths in modules, bar first (ISO/IEC 15417's table): values 0–105,
 * then the stop (106), whose seven widths end with the termination bar.
 */
const PATTERNS = [
  "212222 222122 222221 121223 121322 131222 122213 122312 132212 221213",
  "221312 231212 112232 122132 122231 113222 123122 123221 223211 221132",
  "221231 213212 223112 312131 311222 321122 321221 312212 322112 322211",
  "212123 212321 232121 111323 131123 131321 112313 132113 132311 211313",
  "231113 231311 112133 112331 132131 113123 113321 133121 313121 211331",
  "231131 213113 213311 213131 311123 311321 331121 312113 312311 332111",
  "314111 221411 431111 111224 111422 121124 121421 141122 141221 112214",
  "112412 122114 122411 142112 142211 241211 221114 413111 241112 134111",
  "111242 121142 121241 114212 124112 124211 411212 421112 421211 212141",
  "214121 412121 111143 111341 131141 114113 114311 411113 411311 113141",
  "114131 311141 411131 211412 211214 211232 2331112",
]
  .join(" ")
  .split(" ");

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;
/** The blank a scanner needs either side of the bars: ten modules at the least. */
export const QUIET_MODULES = 10;

export interface Code128 {
  /** The symbols' values: start, data (with any change of set), check, stop. */
  values: number[];
  /** Module widths from the start's first bar to the stop's last, bars and spaces in turn. */
  widths: number[];
  /** Modules across, the quiet zone on both sides included: the SVG's viewBox is `0 0 modules 1`. */
  modules: number;
  /** The bars as one SVG path, one unit high (the SVG stretches it to the height it is given). */
  path: string;
}

/** Set B's value of a printable ASCII character (space is 0). */
const valueB = (char: string) => (char.codePointAt(0) ?? 0) - 32;

/**
 * The symbol values for `text`: set B, with set C for digit runs long enough to be shorter for it
 * (2 digits for the whole text, 4 at its start or end, 6 in the middle: a change of set costs a
 * symbol each way). An odd run keeps one digit in set B, the one next to the set B it touches.
 */
function symbolValues(text: string): number[] {
  const values: number[] = [];
  let set: "B" | "C" | null = null;
  const inB = (chars: string) => {
    if (chars === "") return;
    if (set !== "B") values.push(set === null ? START_B : CODE_B);
    set = "B";
    for (const char of chars) values.push(valueB(char));
  };
  const inC = (digits: string) => {
    if (set !== "C") values.push(set === null ? START_C : CODE_C);
    set = "C";
    for (let i = 0; i < digits.length; i += 2) values.push(Number(digits.slice(i, i + 2)));
  };
  const runs = text.match(/\d+|\D+/g) ?? [];
  for (const [i, run] of runs.entries()) {
    const first = i === 0;
    const last = i === runs.length - 1;
    const even = run.length - (run.length % 2);
    const enough = first && last ? 2 : first || last ? 4 : 6;
    if (!/^\d/.test(run) || even < enough) inB(run);
    else if (first) {
      // At the start the odd digit follows the pairs (set B comes next anyway)...
      inC(run.slice(0, even));
      inB(run.slice(even));
    } else {
      // ...elsewhere it precedes them, while set B is still on.
      inB(run.slice(0, run.length - even));
      inC(run.slice(run.length - even));
    }
  }
  const check = values.reduce((sum, value, i) => sum + value * Math.max(i, 1), 0) % 103;
  return [...values, check, STOP];
}

/** `text` as Code 128; null when it has a character outside printable ASCII (or is empty). */
export function code128(text: string): Code128 | null {
  if (!/^[\x20-\x7e]+$/.test(text)) return null;
  const values = symbolValues(text);
  const widths = values.flatMap((value) => [...(PATTERNS[value] ?? "")].map(Number));
  let x = QUIET_MODULES;
  const bars: string[] = [];
  widths.forEach((width, i) => {
    if (i % 2 === 0) bars.push(`M${x} 0h${width}v1h-${width}z`);
    x += width;
  });
  return { values, widths, modules: x + QUIET_MODULES, path: bars.join("") };
}
