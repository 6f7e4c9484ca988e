// Row schemas that several raw statements share, for `selectRows` (rows.ts). Column names are the
// statements' own (snake_case); a number is a number only where the SQL casts it (`::int`, `::float8`).
import { z } from "zod";
import { RETURN_KINDS } from "#shared/admin-orders.ts";
import { ORDER_STATUSES } from "#shared/orders.ts";

export const orderStatusColumn = z.enum(ORDER_STATUSES);
export const returnKindColumn = z.enum(RETURN_KINDS).nullable();

/** `select count(*)::int as n ...` */
export const countRow = z.object({ n: z.number() });

/** A statement's `returning id`, or a select of ids. */
export const idRow = z.object({ id: z.string() });

/** One size of a product and its stock, as a row or inside a json_agg. */
export const sizeStock = z.object({ size: z.number(), stock: z.number() });
