// The men's and women's size chart pictures (1000×700) shown by the size guide.
import { FONT_FAMILY } from "./palette.ts";

export interface SizeRow {
  eu: number;
  uk: number;
  us: number;
  /** Foot length, heel to longest toe. */
  cm: number;
}

/** UK size of each EU size the shop sells (37..46). */
const UK_OF_EU: Record<number, number> = {
  37: 4,
  38: 5,
  39: 6,
  40: 6.5,
  41: 7.5,
  42: 8,
  43: 9,
  44: 9.5,
  45: 10.5,
  46: 11,
};

/** One conversion table for both charts: US men = UK + 1, US women = UK + 2.5, and about 0.67 cm per EU size. */
export function sizeRows(gender: "men" | "women"): SizeRow[] {
  const [from, to] = gender === "men" ? [39, 46] : [37, 42];
  const rows: SizeRow[] = [];
  for (let eu = from; eu <= to; eu++) {
    const uk = UK_OF_EU[eu] ?? 0;
    rows.push({
      eu,
      uk,
      us: uk + (gender === "men" ? 1 : 2.5),
      cm: Math.round((23.5 + ((eu - 37) * 2) / 3) * 10) / 10,
    });
  }
  return rows;
}

export function drawSizeChart(gender: "men" | "women"): string {
  const rows = sizeRows(gender);
  const accent = gender === "men" ? "#1f3b57" : "#8c2f4a";
  const tint = gender === "men" ? "#eef3f8" : "#fbf0f3";
  const columns = ["EU size", "UK size", "US size", "Foot length"];
  const left = 80;
  const width = 840;
  const colWidth = width / columns.length;
  const top = 150;
  const rowHeight = Math.min(60, Math.floor(460 / (rows.length + 1)));
  const cells = (values: string[], y: number, weight: number, colour: string) =>
    values
      .map(
        (v, i) =>
          `<text x="${left + colWidth * i + colWidth / 2}" y="${y + rowHeight / 2 + 10}" text-anchor="middle" font-size="28" font-weight="${weight}" fill="${colour}">${v}</text>`,
      )
      .join("");
  const body = rows
    .map((r, i) => {
      const y = top + rowHeight * (i + 1);
      const fill = i % 2 === 0 ? "#ffffff" : tint;
      return `<rect x="${left}" y="${y}" width="${width}" height="${rowHeight}" fill="${fill}"/>${cells(
        [String(r.eu), String(r.uk), String(r.us), `${r.cm.toFixed(1)} cm`],
        y,
        i === 0 ? 500 : 400,
        "#222222",
      )}`;
    })
    .join("");
  const bottom = top + rowHeight * (rows.length + 1);
  const lines = [1, 2, 3]
    .map(
      (i) =>
        `<line x1="${left + colWidth * i}" y1="${top}" x2="${left + colWidth * i}" y2="${bottom}" stroke="#d5d5d5" stroke-width="2"/>`,
    )
    .join("");
  const title = gender === "men" ? "Men's Size Chart" : "Women's Size Chart";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700" viewBox="0 0 1000 700" font-family="${FONT_FAMILY}">
<rect width="1000" height="700" fill="#fafaf7"/>
<rect width="1000" height="10" fill="${accent}"/>
<text x="500" y="92" text-anchor="middle" font-size="48" font-weight="700" fill="${accent}">${title}</text>
<rect x="${left}" y="${top}" width="${width}" height="${rowHeight}" fill="${accent}" rx="0"/>
${cells(columns, top, 700, "#ffffff")}${body}${lines}
<rect x="${left}" y="${top}" width="${width}" height="${bottom - top}" fill="none" stroke="${accent}" stroke-width="3"/>
<text x="500" y="${bottom + 50}" text-anchor="middle" font-size="22" fill="#555555">Measure your foot from the heel to the longest toe; if between sizes, choose the larger size.</text>
</svg>`;
}
