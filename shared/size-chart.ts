// The men's and women's size charts, shown as tables by the size guide page and the product page's
// size chart dialog. One conversion for both: US men = UK + 1, US women = UK + 2.5, and about
// 0.67 cm of foot length per EU size.

export interface SizeChartRow {
  eu: number;
  uk: number;
  us: number;
  /** Foot length, heel to longest toe, in centimetres. */
  footCm: number;
}

export interface SizeChart {
  gender: "men" | "women";
  /** The table's caption. */
  title: string;
  rows: readonly SizeChartRow[];
}

export const SIZE_CHART_COLUMNS = ["EU size", "UK size", "US size", "Foot length"] as const;

export const SIZE_CHART_FOOTNOTE =
  "Measure your foot from the heel to the longest toe; if between sizes, choose the larger size.";

export const SIZE_CHARTS: readonly SizeChart[] = [
  {
    gender: "men",
    title: "Men's size chart",
    rows: [
      { eu: 39, uk: 6, us: 7, footCm: 24.8 },
      { eu: 40, uk: 6.5, us: 7.5, footCm: 25.5 },
      { eu: 41, uk: 7.5, us: 8.5, footCm: 26.2 },
      { eu: 42, uk: 8, us: 9, footCm: 26.8 },
      { eu: 43, uk: 9, us: 10, footCm: 27.5 },
      { eu: 44, uk: 9.5, us: 10.5, footCm: 28.2 },
      { eu: 45, uk: 10.5, us: 11.5, footCm: 28.8 },
      { eu: 46, uk: 11, us: 12, footCm: 29.5 },
    ],
  },
  {
    gender: "women",
    title: "Women's size chart",
    rows: [
      { eu: 37, uk: 4, us: 6.5, footCm: 23.5 },
      { eu: 38, uk: 5, us: 7.5, footCm: 24.2 },
      { eu: 39, uk: 6, us: 8.5, footCm: 24.8 },
      { eu: 40, uk: 6.5, us: 9, footCm: 25.5 },
      { eu: 41, uk: 7.5, us: 10, footCm: 26.2 },
      { eu: 42, uk: 8, us: 10.5, footCm: 26.8 },
    ],
  },
];

export function formatFootLength(cm: number): string {
  return `${cm.toFixed(1)} cm`;
}
