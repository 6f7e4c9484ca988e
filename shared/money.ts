// Money is a whole number of rupees everywhere; this is the one place it is formatted.
// Grouped by hand, as Intl.NumberFormat("en-PK") groups it (tests/money-format.test.ts): building
// that formatter loads the locale's data, 50 ms of a page's first script on a phone (issue 54).
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** 4500 -> "Rs.4,500" */
export function formatRs(rupees: number): string {
  const whole = Math.round(Math.abs(rupees));
  return `Rs.${rupees < 0 && whole !== 0 ? "-" : ""}${String(whole).replace(THOUSANDS, ",")}`;
}

/** Percent off, rounded to a whole number: 5000 -> 3500 is 30. */
export function discountPercentage(price: number, discountPrice: number): number {
  if (price <= 0 || discountPrice >= price) return 0;
  return Math.round(((price - discountPrice) / price) * 100);
}
