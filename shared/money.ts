// Money is a whole number of rupees everywhere; this is the one place it is formatted.
const grouping = new Intl.NumberFormat("en-PK", { maximumFractionDigits: 0 });

/** 4500 -> "Rs.4,500" */
export function formatRs(rupees: number): string {
  return `Rs.${grouping.format(rupees)}`;
}

/** Percent off, rounded to a whole number: 5000 -> 3500 is 30. */
export function discountPercentage(price: number, discountPrice: number): number {
  if (price <= 0 || discountPrice >= price) return 0;
  return Math.round(((price - discountPrice) / price) * 100);
}
