// Code 128 (shared/barcode.ts) against the published symbology: the start and stop patterns, the
// check values of published examples, and every encoding read back by a decoder written here
// from the symbol table as ISO/IEC 15417 and Wikipedia print it (modules, 1 a bar and 0 a space),
// not from the encoder's table of widths.
import { describe, expect, it } from "vitest";
import { type Code128, code128, QUIET_MODULES } from "#shared/barcode.ts";

const TABLE = `
11011001100 11001101100 11001100110 10010011000 10010001100 10001001100 10011001000 10011000100
10001100100 11001001000 11001000100 11000100100 10110011100 10011011100 10011001110 10111001100
10011101100 10011100110 11001110010 11001011100 11001001110 11011100100 11001110100 11101101110
11101001100 11100101100 11100100110 11101100100 11100110100 11100110010 11011011000 11011000110
11000110110 10100011000 10001011000 10001000110 10110001000 10001101000 10001100010 11010001000
11000101000 11000100010 10110111000 10110001110 10001101110 10111011000 10111000110 10001110110
11101110110 11010001110 11000101110 11011101000 11011100010 11011101110 11101011000 11101000110
11100010110 11101101000 11101100010 11100011010 11101111010 11001000010 11110001010 10100110000
10100001100 10010110000 10010000110 10000101100 10000100110 10110010000 10110000100 10011010000
10011000010 10000110100 10000110010 11000010010 11001010000 11110111010 11000010100 10001111010
10100111100 10010111100 10010011110 10111100100 10011110100 10011110010 11110100100 11110010100
11110010010 11011011110 11011110110 11110110110 10101111000 10100011110 10001011110 10111101000
10111100010 11110101000 11110100010 10111011110 10111101110 11101011110 11110101110 11010000100
11010010000 11010011100`
  .trim()
  .split(/\s+/);
const STOP = "1100011101011"; // the stop symbol and its two-module termination bar

/** The modules the SVG path paints, read off its `M x 0h w…` bars. */
function paintedModules(code: Code128): string {
  const modules = Array.from({ length: code.modules }, () => "0");
  for (const [, x, w] of code.path.matchAll(/M(\d+) 0h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i++) modules[Number(x) + i] = "1";
  }
  return modules.join("");
}

/** The symbol values the painted modules spell, with the quiet zones checked blank. */
function readSymbols(modules: string): number[] {
  const quiet = "0".repeat(QUIET_MODULES);
  expect(modules.startsWith(quiet) && modules.endsWith(quiet)).toBe(true);
  const body = modules.slice(QUIET_MODULES, -QUIET_MODULES);
  expect(body.endsWith(STOP)).toBe(true);
  const symbols = body.slice(0, -STOP.length);
  expect(symbols.length % 11).toBe(0);
  const values: number[] = [];
  for (let i = 0; i < symbols.length; i += 11) {
    const value = TABLE.indexOf(symbols.slice(i, i + 11));
    expect(value, `no symbol ${symbols.slice(i, i + 11)}`).toBeGreaterThanOrEqual(0);
    values.push(value);
  }
  return values;
}

/** The text of the symbols (start B or C, changes of set, data, the check verified). */
function decode(modules: string): string {
  const [start, ...rest] = readSymbols(modules);
  const check = rest.pop();
  const sum = rest.reduce((total, value, i) => total + value * (i + 1), start ?? 0);
  expect(check).toBe(sum % 103);
  let set = start === 104 ? "B" : start === 105 ? "C" : "?";
  let text = "";
  for (const value of rest) {
    if (set === "B" && value === 99) set = "C";
    else if (set === "C" && value === 100) set = "B";
    else if (set === "B" && value < 95) text += String.fromCharCode(value + 32);
    else if (set === "C" && value < 100) text += String(value).padStart(2, "0");
    else throw new Error(`symbol ${value} in set ${set}`);
  }
  return text;
}

const encode = (text: string): Code128 => {
  const code = code128(text);
  if (!code) throw new Error(`cannot encode ${text}`);
  return code;
};

describe("Code 128", () => {
  it("starts with start B for text and start C for digits, and ends with the stop", () => {
    expect(paintedModules(encode("PJJ123C")).slice(QUIET_MODULES, QUIET_MODULES + 11)).toBe("11010010000");
    expect(paintedModules(encode("345678")).slice(QUIET_MODULES, QUIET_MODULES + 11)).toBe("11010011100");
    expect(paintedModules(encode("PJJ123C")).slice(-QUIET_MODULES - 13, -QUIET_MODULES)).toBe(STOP);
  });

  it("gives the published check values", () => {
    // Wikipedia's PJJ123C: 878 with start A (103), so 879 with start B; 879 mod 103 = 55.
    expect(encode("PJJ123C").values).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    // barcoderesource.com's examples: abcdef in set B checks 97, 345678 in set C checks 73.
    expect(encode("abcdef").values).toEqual([104, 65, 66, 67, 68, 69, 70, 97, 106]);
    expect(encode("345678").values).toEqual([105, 34, 56, 78, 73, 106]);
    // barcodeisland.com's HI345678 (start A, 1406, checks 67): with start B one more, 68, and
    // the digits in set C after Code C (99).
    expect(encode("HI345678").values).toEqual([104, 40, 41, 99, 34, 56, 78, 68, 106]);
  });

  it("uses set C only where it is shorter, an odd digit in set B", () => {
    expect(encode("X00Y").values.slice(0, -2)).toEqual([104, 56, 16, 16, 57]);
    // KHI and nine digits: one digit in set B, then four pairs.
    expect(encode("KHI123456789").values.slice(0, -2)).toEqual([104, 43, 40, 41, 17, 99, 23, 45, 67, 89]);
    // Five digits first: two pairs in set C, then back to set B for the fifth.
    expect(encode("12345AB").values.slice(0, -2)).toEqual([105, 12, 34, 100, 21, 33, 34]);
    // A short run in the middle stays in set B; a long one goes to set C and back.
    expect(encode("AB1234CD").values.slice(0, -2)).toEqual([104, 33, 34, 17, 18, 19, 20, 35, 36]);
    expect(encode("AB123456CD").values.slice(0, -2)).toEqual([104, 33, 34, 99, 12, 34, 56, 100, 35, 36]);
  });

  it("draws 11 modules a symbol and 13 for the stop, bars and spaces in turn", () => {
    const code = encode("779412345678");
    expect(code.values).toHaveLength(9); // start C, six pairs, check, stop
    expect(code.widths.reduce((a, b) => a + b, 0)).toBe(8 * 11 + 13);
    expect(code.modules).toBe(8 * 11 + 13 + 2 * QUIET_MODULES);
    expect(code.widths).toHaveLength(8 * 6 + 7);
    expect(code.widths.every((w) => w >= 1 && w <= 4)).toBe(true);
  });

  it("reads back as the text it encodes", () => {
    // Between them, every symbol of set B and of set C.
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(i + 32)).join("");
    const pairs = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0")).join("");
    const texts = [
      "PJJ123C",
      "779412345678",
      "KI7512345678",
      "KHI123456789",
      "CN-2024/00017",
      "1",
      "12",
      "123",
      "00000",
      "A1B22C333D4444E55555F666666G",
      "lower case, spaces & ~punctuation~",
      printable,
      pairs,
    ];
    for (const text of texts) expect(decode(paintedModules(encode(text))), text).toBe(text);
  });

  it("refuses what it cannot encode", () => {
    expect(code128("")).toBeNull();
    expect(code128("CN\n123")).toBeNull();
    expect(code128("جوتا")).toBeNull();
    expect(code128("ÄB")).toBeNull();
  });
});
