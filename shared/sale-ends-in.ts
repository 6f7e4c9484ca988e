// The product page's "Sale ends in 2 days" (issue 51): its own module, without zod, so the product
// page's script does not carry the schemas of scheduled sales (issue 54, decision 045).
/** The product page's line while a sale that shows it is on: "Sale ends in 2 days". */
export function saleEndsInWords(endsAt: string, now: Date): string {
  const ms = new Date(endsAt).getTime() - now.getTime();
  const hours = Math.ceil(ms / 3_600_000);
  if (hours <= 1) return "Sale ends within the hour";
  if (hours < 24) return `Sale ends in ${hours} hours`;
  // Whole days left, as a shopkeeper says it: 2 days and 5 hours is "2 days".
  const days = Math.floor(hours / 24);
  return days === 1 ? "Sale ends in 1 day" : `Sale ends in ${days} days`;
}
