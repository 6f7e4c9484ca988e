// A customer's photo kept as it was uploaded and decoded later, one at a time per instance, outside
// any request (issue 45's exchange photos, issue 53's review photos): its pixel limit, and the step
// the photo worker repeats: claim the oldest waiting photo, decode it, and say what came of it. Both
// tables carry the same columns (status, width, height, claimed_at, attempts, created_at).
import { sql } from "drizzle-orm";
import { EXCHANGE_MESSAGES, EXCHANGE_PHOTO_MAX_MEGAPIXELS } from "#shared/exchanges.ts";
import type { Db } from "../db/client.ts";
import { idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { type ImageStore, InvalidImageError } from "./images.ts";
import type { PixelLimit } from "./picture-check.ts";

/** The most pixels a customer's photo may have (docs/product.md, "Exchange photos"). */
export const CUSTOMER_PHOTO_PIXELS: PixelLimit = {
  maxPixels: EXCHANGE_PHOTO_MAX_MEGAPIXELS * 1_000_000,
  tooMany: EXCHANGE_MESSAGES.photoTooManyPixels,
};

/** A photo taken to decode and not finished in this long (its instance stopped) is taken again. */
const CLAIM_LEASE = "5 minutes";
/** After this many tries a photo stays pending, never shown. */
const MAX_ATTEMPTS = 5;

export interface PhotoQueue {
  table: "exchange_photos" | "review_photos";
  /** Where the photo's files are kept in the image store. */
  keyOf(photoId: string): string;
  /** A thumbnail rendered beside the photo, this many px on its longer side. */
  thumbSide?: number;
}

/** Decodes the oldest waiting photo of `queue`, if any; answers whether there was one. */
export async function decodeNextPhoto(db: Db, images: ImageStore, queue: PhotoQueue): Promise<boolean> {
  const table = sql.identifier(queue.table);
  // Claimed, not locked: the decoding (seconds) runs outside any transaction, and another instance
  // skips a photo taken until its lease is long past.
  const [claimed] = await selectRows(
    db,
    idRow,
    sql`update ${table} set claimed_at = now(), attempts = attempts + 1
        where id = (select id from ${table}
                    where status = 'pending' and attempts < ${MAX_ATTEMPTS}
                      and (claimed_at is null or claimed_at < now() - ${CLAIM_LEASE}::interval)
                    order by created_at limit 1 for update skip locked)
        returning id`,
  );
  if (!claimed) return false;
  const key = queue.keyOf(claimed.id);
  let size: { width: number; height: number } | undefined;
  try {
    size = await images.savePhoto(
      key,
      CUSTOMER_PHOTO_PIXELS.maxPixels,
      queue.thumbSide ? { thumbSide: queue.thumbSide } : {},
    );
  } catch (error) {
    if (!(error instanceof InvalidImageError)) throw error;
  }
  // Unreadable: nothing of it stays in the store, removed before the row says so (a crash in
  // between leaves it pending, to be tried and removed again).
  if (!size) await images.discardPhoto(key);
  const [kept] = await selectRows(
    db,
    idRow,
    size
      ? sql`update ${table} set status = 'ready', width = ${size.width}, height = ${size.height}
            where id = ${claimed.id} and status = 'pending' returning id`
      : sql`update ${table} set status = 'unreadable' where id = ${claimed.id} and status = 'pending' returning id`,
  );
  // Gone while it was decoded (expired, or its review deleted): its row is gone, so are its files.
  if (size && !kept) await images.discardPhoto(key);
  return true;
}
