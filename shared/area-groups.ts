// [Ours] Areas grouped by district, for a page's data, without zod (the cart loads this on its first load).
import type { KarachiArea } from "./areas.ts";

/**
 * Areas as a page's data carries them: each district once, with its names. The cart's HTML holds its
 * loader's data, and 288 areas written one object each cost about 650 bytes on the wire (compressed),
 * which pushed the page past a phone's first TCP window (issue 54, decision 054).
 */
export interface AreaGroup {
  district: string;
  names: string[];
}

/** `areas` (in list order: by district, then name) with each district's names together. */
export function groupAreas(areas: readonly KarachiArea[]): AreaGroup[] {
  const groups: AreaGroup[] = [];
  for (const { name, district } of areas) {
    const last = groups.at(-1);
    if (last?.district === district) last.names.push(name);
    else groups.push({ district, names: [name] });
  }
  return groups;
}

/** The areas back, in the order they were grouped. */
export function ungroupAreas(groups: readonly AreaGroup[]): KarachiArea[] {
  return groups.flatMap(({ district, names }) => names.map((name) => ({ name, district })));
}
