// [Ours] Products' tags (issue 51): the owner's own groups across categories, such as "Eid collection",
// by which a scheduled sale can take every product that carries one. One module so the product form,
// the product API and the sale's tag scope check a tag the same way.
import { z } from "./zod.ts";

export const PRODUCT_TAG_MAX = 40;
export const PRODUCT_TAGS_MAX = 10;

export const TAG_MESSAGES = {
  tag: `Each tag is 1 to ${PRODUCT_TAG_MAX} characters.`,
  tags: `A product can have at most ${PRODUCT_TAGS_MAX} tags.`,
  list: "Tags must be a list of short texts.",
} as const;

/**
 * One tag, trimmed, its inner spaces made one: "Eid  collection" typed with two spaces is the same
 * tag, since a sale matches a tag by its exact text.
 */
export const productTagSchema = z
  .string({ error: TAG_MESSAGES.tag })
  .transform((tag) => tag.trim().replace(/\s+/g, " "))
  .pipe(z.string().min(1, { error: TAG_MESSAGES.tag }).max(PRODUCT_TAG_MAX, { error: TAG_MESSAGES.tag }));

/** The same tag typed twice in other cases is one tag: the first spelling is kept. */
export function mergeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A product's tags: merged before they are counted, so "Eid, eid" is one tag, not two of ten. */
export const productTagsSchema = z
  .array(productTagSchema, { error: TAG_MESSAGES.list })
  .transform(mergeTags)
  .pipe(z.array(z.string()).max(PRODUCT_TAGS_MAX, { error: TAG_MESSAGES.tags }));

/** The form's comma-separated text as the list it sends; empty pieces ("a, , b") are left out. */
export const tagsFromText = (text: string): string[] =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");

/** GET /api/admin/product-tags: each tag in use (by products not archived) and how many carry it. */
export interface ProductTagCount {
  tag: string;
  productCount: number;
}
