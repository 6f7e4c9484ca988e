/** The first `words` words of a text, with an ellipsis only when something was cut (docs/product.md section 9). */
export function previewWords(text: string, words: number): string {
  const all = text.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(" ")}...` : all.join(" ");
}
