// The owner's list of words for what the shop does not sell (GET/PUT/DELETE /api/admin/not-sold, the
// /admin/searches screen): a search with one of them shows no products and says so in words
// (decision 025). Children's shoes, other products (bags, socks) and brands the shop does not carry.
import { strictBody } from "./strict-body.ts";
import { synonymWordSchema } from "./synonyms.ts";
import { z } from "./zod.ts";

export const NOT_SOLD_KINDS = ["children", "other product", "brand"] as const;
export type NotSoldKind = (typeof NOT_SOLD_KINDS)[number];

export interface NotSoldWord {
  word: string;
  kind: NotSoldKind;
  createdAt: string;
}

const kindError = `Say what the word is: ${NOT_SOLD_KINDS.join(", ")}.`;

/** A not-sold word is one typed word, as a synonym's is (a search reads single words). */
export const notSoldParamsSchema = z.object({ word: synonymWordSchema });

/** PUT /api/admin/not-sold/:word's body (the word is in the address). */
export const notSoldBodySchema = strictBody({ kind: z.enum(NOT_SOLD_KINDS, { error: kindError }) });

/** A search the owner may want to act on: found nothing or little, by how often it was typed. */
export interface SearchMiss {
  /** The query as the search read it (lower-case words). */
  query: string;
  /** Times searched in the last 30 days. */
  count: number;
  /** The words the search left out, as the last such search left them. */
  dropped: string[];
  /** Products the last such search found (0 to 2). */
  results: number;
  /** The last day it was searched (YYYY-MM-DD). */
  lastDay: string;
}
