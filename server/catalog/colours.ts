// The colour palette's one rule for input: a colour it lacks is the sender's mistake to fix (an
// "invalid" refusal naming the palette), in a list filter and in the admin's product form alike.
import { invalid } from "../domain-errors.ts";

export function refuseUnknownColours(colours: readonly string[], palette: readonly { slug: string }[]): void {
  const unknown = colours.filter((slug) => !palette.some((c) => c.slug === slug));
  if (unknown.length === 0) return;
  throw invalid(`Unknown colour: ${unknown.join(", ")}. Colours are: ${palette.map((c) => c.slug).join(", ")}.`);
}
