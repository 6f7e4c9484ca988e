// The owner's search synonyms (GET/PUT/DELETE /api/admin/synonyms, the /admin/synonyms screen):
// a word a shopper types and what it means in the catalogue. A meaning of "men" or "women" reads
// the word as the gender filter, a palette colour as the colour filter; any other meaning is one
// or more comma-separated words (or phrases) the typed word also finds.
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export interface Synonym {
  word: string;
  means: string;
  createdAt: string;
}

export const SYNONYM_WORD_MAX = 40;
export const SYNONYM_MEANS_MAX = 80;

const wordError = `A word is one word of lower-case letters or digits, at most ${SYNONYM_WORD_MAX}, e.g. joota.`;
const meansError = `Say what the word means in 1 to ${SYNONYM_MEANS_MAX} characters: words separated by commas, e.g. shoe or sandal, chappal.`;

export const synonymWordSchema = z
  .string({ error: wordError })
  .trim()
  .toLowerCase()
  .max(SYNONYM_WORD_MAX, { error: wordError })
  .regex(/^[a-z0-9]+$/, { error: wordError });

export const synonymMeansSchema = z
  .string({ error: meansError })
  .trim()
  .toLowerCase()
  .min(1, { error: meansError })
  .max(SYNONYM_MEANS_MAX, { error: meansError })
  // Letters, digits, spaces, hyphens and the commas between alternatives.
  .regex(/^[a-z0-9 ,'-]+$/, { error: meansError })
  .refine((means) => means.split(",").some((part) => /[a-z0-9]/.test(part)), { error: meansError })
  .transform((means) =>
    means
      .split(",")
      .map((part) => part.trim().replace(/\s+/g, " "))
      .filter((part) => part !== "")
      .join(", "),
  )
  // Again once the separators are written as ", ": "a,a,a,…" grows by a space per comma and must
  // still fit the column, or the save would fail instead of being refused here.
  .pipe(z.string().max(SYNONYM_MEANS_MAX, { error: meansError }));

/** PUT /api/admin/synonyms/:word's body (the word is in the address). */
export const synonymBodySchema = strictBody({ means: synonymMeansSchema });

/** A whole synonym: the seed file's rows. */
export const synonymInputSchema = z.object({ word: synonymWordSchema, means: synonymMeansSchema });

export const synonymParamsSchema = z.object({ word: synonymWordSchema });
