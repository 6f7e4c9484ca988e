// The stock grid (issue 18): every size of every product in a category, saved in one request.
// Only the cells the owner changed are sent, each with the stock it showed, so a pair sold while
// the grid was open is never overwritten (409, nothing written).
import { productIdSchema } from "./catalog-schemas.ts";
import { CATEGORY_SLUGS, type CategorySlug, isCategorySlug } from "./categories.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";
import { z } from "./zod.ts";

export const STOCK_MAX = 100_000;
/** A category holds a few hundred products at most; ten sizes each. */
export const STOCK_GRID_MAX_CHANGES = 5000;

const categoryError = `Choose a category: ${CATEGORY_SLUGS.join(", ")}.`;
export const stockGridQuerySchema = z.object({
  category: z
    .string({ error: categoryError })
    .refine(isCategorySlug, { error: `Unknown category. ${categoryError}` })
    .transform((v) => v as CategorySlug),
});

const sizeError = `Size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}.`;
const stockError = `Stock must be a whole number from 0 to ${STOCK_MAX}.`;
const stock = z
  .number({ error: stockError })
  .int({ error: stockError })
  .min(0, { error: stockError })
  .max(STOCK_MAX, { error: stockError });

export const stockChangeSchema = z.strictObject(
  {
    productId: productIdSchema,
    size: z.number({ error: sizeError }).int({ error: sizeError }).min(MIN_SIZE, { error: sizeError }).max(MAX_SIZE, {
      error: sizeError,
    }),
    stock,
    /** What the grid showed (0 for a size not offered yet). */
    expectedStock: stock,
  },
  {
    error: (issue) => (issue.code === "unrecognized_keys" ? `Unexpected field: ${issue.keys.join(", ")}.` : undefined),
  },
);

/** PUT /api/admin/stock */
export const stockGridInputSchema = z.strictObject(
  {
    changes: z
      .array(stockChangeSchema, { error: "changes must be a list of { productId, size, stock, expectedStock }." })
      .min(1, { error: "Change at least one number before saving." })
      .max(STOCK_GRID_MAX_CHANGES, { error: `At most ${STOCK_GRID_MAX_CHANGES} changes at once.` })
      .refine((changes) => new Set(changes.map((c) => `${c.productId}:${c.size}`)).size === changes.length, {
        error: "Each size of a product can be changed only once per save.",
      }),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unexpected field: ${issue.keys.join(", ")}.` : "Send { changes: [...] }.",
  },
);
export type StockChange = z.output<typeof stockChangeSchema>;

export interface StockGridRow {
  _id: string;
  name: string;
  /**
   * Every size 37..46; `offered` false means the shop shows the size as unavailable; `waiting`: the
   * customers who asked to be told when it is back (shared/stock-alerts.ts), told and gone once it is.
   */
  sizes: { size: number; stock: number; offered: boolean; waiting: number }[];
}

/** A sold-out size customers wait for, for the owner's next order from the workshop. */
export interface MostWantedSize {
  productId: string;
  name: string;
  category: CategorySlug;
  size: number;
  waiting: number;
}

/** How many of the most wanted sold-out sizes (of the whole shop) the grid lists. */
export const MOST_WANTED_SHOWN = 8;

/** GET /api/admin/stock?category=… (live products, in the shop's order). */
export interface StockGrid {
  category: CategorySlug;
  products: StockGridRow[];
  /** The whole shop's sold-out sizes with the most customers waiting, most first. */
  mostWanted: MostWantedSize[];
}

/** PUT /api/admin/stock answers the category's grid as it now is, and how many cells changed. */
export interface StockGridSaved {
  changed: number;
  products: StockGridRow[];
}
