// Money is a whole number of rupees everywhere; this is the one place it is formatted.
// Grouped by hand, as Intl.NumberFormat("en-PK") groups it (tests/money-format.test.ts): building
// that formatter loads the locale's data, 50 ms of a page's first script on a phone (issue 54).
// Counts on a page ("1,204 shoes", "2 pairs") are grouped the same way, for the same reason.
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** 1204 -> "1,204": a whole number grouped as the shop's locale groups it, without loading it. */
export function groupThousands(whole: number): string {
  const rounded = Math.round(Math.abs(whole));
  return `${whole < 0 && rounded !== 0 ? "-" : ""}${String(rounded).replace(THOUSANDS, ",")}`;
}

/** 4500 -> "Rs.4,500" */
export function formatRs(rupees: number): string {
  return `Rs.${groupThousands(rupees)}`;
}

/** Percent off, rounded to a whole number: 5000 -> 3500 is 30. */
export function discountPercentage(price: number, discountPrice: number): number {
  if (price <= 0 || discountPrice >= price) return 0;
  return Math.round(((price - discountPrice) / price) * 100);
}
