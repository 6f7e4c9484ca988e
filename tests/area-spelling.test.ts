// [Ours] How the Area field reads what a Karachi customer types (issue 46, item 5): case, '-e-',
// 'block'/'blk', spaces, hyphens, dots and the common spellings of the seeded names all come to one
// area, which is taken as the list spells it; a text that is not one area gets the closest names.
// Pure: the seeded list is read from its migration, no database.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { indexAreas, matchArea } from "#shared/area-spelling.ts";

const SEED = readFileSync(path.join(import.meta.dirname, "../server/db/migrations/0016_confirmation.sql"), "utf8");
const SEEDED = [...SEED.matchAll(/^ {2}\('([^']+)', '[^']+'\)[,;]$/gm)].map((m) => m[1] as string);
const areas = indexAreas(SEEDED);
const match = (typed: string) => matchArea(typed, areas);

describe("the seeded list", () => {
  it("is read whole from its migration", () => {
    expect(SEEDED.length).toBeGreaterThan(280);
    expect(SEEDED).toContain("Gulshan-e-Iqbal Block 13-D");
    expect(SEEDED.filter((name) => name.startsWith("Gulshan"))).toHaveLength(24);
  });

  it("takes every name as itself, in any case and with spaces for its hyphens", () => {
    for (const name of SEEDED) {
      for (const typed of [name, name.toLowerCase(), name.toUpperCase(), name.replaceAll("-", " ")]) {
        expect(match(typed), typed).toEqual({ kind: "listed", name });
      }
    }
  });
});

describe("a spelling that is one area", () => {
  const table: [typed: string, area: string][] = [
    // The words, and the ways the same block is written.
    ["Gulshan block 13 D", "Gulshan-e-Iqbal Block 13-D"],
    ["gulshan-e-iqbal block 13-d", "Gulshan-e-Iqbal Block 13-D"],
    ["Gulshan e Iqbal Block 13 D", "Gulshan-e-Iqbal Block 13-D"],
    ["gulshan iqbal blk 13d", "Gulshan-e-Iqbal Block 13-D"],
    ["GULSHAN-E-IQBAL BLOCK-13/D", "Gulshan-e-Iqbal Block 13-D"],
    ["Gulshan-i-Iqbal 13-D", "Gulshan-e-Iqbal Block 13-D"],
    ["  Gulshan-e-Iqbal,   Block 13-D  ", "Gulshan-e-Iqbal Block 13-D"],
    ["Block 13-D Gulshan-e-Iqbal", "Gulshan-e-Iqbal Block 13-D"],
    ["Gulshan-e-Iqbal Block 13-D, Karachi", "Gulshan-e-Iqbal Block 13-D"],
    ["Gulshn Iqbal Block 13 D", "Gulshan-e-Iqbal Block 13-D"],
    ["gulshan iqbal 4a", "Gulshan-e-Iqbal Block 4-A"],
    // Nazimabad and North Nazimabad: doubled letters, 'no', 'N.', a block letter that is a vowel.
    ["Nazimabaad No 3", "Nazimabad No. 3"],
    ["nazimabad #3", "Nazimabad No. 3"],
    ["N. Nazimabad Block H", "North Nazimabad Block H"],
    ["north nazimabad h", "North Nazimabad Block H"],
    ["North Nazimabad Block E", "North Nazimabad Block E"],
    ["north nazimabad blk i", "North Nazimabad Block I"],
    // DHA and Defence, phases in digits or Roman numerals, an extension.
    ["DHA Phase 6", "DHA Phase 6"],
    ["Defence Phase 6", "DHA Phase 6"],
    ["defence ph VI", "DHA Phase 6"],
    ["D.H.A. phase-6", "DHA Phase 6"],
    ["dha 6", "DHA Phase 6"],
    ["Defense phase 2", "DHA Phase 2"],
    ["dha phase 2 ext", "DHA Phase 2 Extension"],
    ["Defence View", "Defence View"],
    // Gulistan-e-Jauhar however Jauhar is spelled.
    ["Gulistan e Jauhar block 12", "Gulistan-e-Jauhar Block 12"],
    ["Gulistan-e-Johar Blk 12", "Gulistan-e-Jauhar Block 12"],
    ["gulistan jouhar 12", "Gulistan-e-Jauhar Block 12"],
    ["jauhar mor", "Johar Mor"],
    // Federal B Area, PECHS, letters with dots.
    ["F.B. Area Block 13", "FB Area Block 13"],
    ["Federal B Area block 13", "FB Area Block 13"],
    ["fb area 13", "FB Area Block 13"],
    ["P.E.C.H.S. Block-6", "PECHS Block 6"],
    // Halves and numbers.
    ["Korangi 1 1/2", "Korangi No. 1½"],
    ["korangi no 1½", "Korangi No. 1½"],
    ["Korangi No. 1.5", "Korangi No. 1½"],
    ["Korangi 5", "Korangi No. 5"],
    ["landhi 6", "Landhi No. 6"],
    ["Landhi", "Landhi"],
    ["north karachi 11a", "North Karachi Sector 11-A"],
    ["N Karachi Sector 11-A", "North Karachi Sector 11-A"],
    // Vowels and doubled letters as people write them.
    ["Shahrah e Faisal", "Shahrah-e-Faisal"],
    ["Bahadurabaad", "Bahadurabad"],
    ["bahadrabad", "Bahadurabad"],
    ["Mahmoodabad", "Mehmoodabad"],
    ["sadar", "Saddar"],
    ["Liaqatabad", "Liaquatabad"],
    // A part that names one area, and a shorter name inside a longer one.
    ["bahria town", "Bahria Town Karachi"],
    ["Clifton 5", "Clifton Block 5"],
    ["kehkashan", "Kehkashan (Clifton)"],
    ["Model Colony", "Model Colony"],
    ["Aisha Manzil", "Aisha Manzil"],
    ["Ayesha Manzil", "Ayesha Manzil"],
  ];
  it.each(table)("%s → %s", (typed, name) => {
    expect(match(typed)).toEqual({ kind: "listed", name });
  });
});

describe("a text that is not one area", () => {
  const closest = (typed: string) => {
    const result = match(typed);
    expect(result.kind, typed).toBe("unlisted");
    return result.kind === "unlisted" ? result.closest : [];
  };

  it("offers the areas it could be, the likeliest first", () => {
    expect(closest("Gulshan 13")).toEqual([
      "Gulshan-e-Iqbal Block 13-A",
      "Gulshan-e-Iqbal Block 13-B",
      "Gulshan-e-Iqbal Block 13-C",
      "Gulshan-e-Iqbal Block 13-D",
    ]);
    expect(closest("Aysha Manzil")).toEqual(["Aisha Manzil", "Ayesha Manzil"]);
    expect(closest("Gulshan")).toHaveLength(5);
    for (const name of closest("Gulshan")) expect(name).toMatch(/^Gulshan/);
    for (const name of closest("DHA")) expect(name).toMatch(/^DHA|^Defence/);
    for (const name of closest("Nazimabad")) expect(name).toMatch(/Nazimabad/);
  });

  it("does not take a block without its area, nor a lone letter, but offers them", () => {
    expect(closest("block 13 d")[0]).toBe("Gulshan-e-Iqbal Block 13-D");
    expect(closest("x")).toEqual(["Gulshan-e-Maymar Sector X"]);
    expect(closest("Gulshan block 13 D near Aladin Park")[0]).toBe("Gulshan-e-Iqbal Block 13-D");
    expect(closest("ki")).toEqual(["Khuda Ki Basti"]);
    expect(closest("new")).toEqual(["New Karachi"]);
  });

  it("does not let one spelling hide another area it could be", () => {
    // 'Johar' is a word of Johar Mor as written, and of Gulistan-e-Jauhar as said.
    expect(closest("Johar").slice(0, 2)).toEqual(["Johar Mor", "Gulistan-e-Jauhar Block 1"]);
    expect(closest("Saudabad")).toEqual(["Malir Saudabad", "Saeedabad"]);
    expect(closest("Modal Colony")).toEqual(["Model Colony", "Model Colony Malir"]);
  });

  it("offers names while they are being typed, and a typo's area", () => {
    expect(closest("Gulistan-e-Jau")[0]).toMatch(/^Gulistan-e-Jauhar Block/);
    expect(closest("Bahadurbad xyz")[0]).toBe("Bahadurabad");
  });

  it("offers nothing for what is no area at all", () => {
    expect(closest("Atlantis")).toEqual([]);
    expect(closest("")).toEqual([]);
    expect(closest("   ")).toEqual([]);
    expect(closest("Lahore Cantt")).toEqual(["Malir Cantt"]);
  });
});
