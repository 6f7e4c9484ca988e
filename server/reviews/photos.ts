// A review's photos (issue 53): sent by the form right after the review, each as its own request
// (the raw picture, shrunk on the phone as an exchange's), at most REVIEW_MAX_PHOTOS per review and
// only within REVIEW_PHOTO_WINDOW_MINUTES of it while it still waits for the owner, counted under
// the review's lock. The header is checked without decoding (the exchange photos' pixel limit); the
// decoding happens later, one photo at a time per instance, by the same worker that decodes the
// exchanges' (server/exchanges/photo-worker.ts, composed in server/app.ts). A photo is shown only
// once it is decoded and its review is published. No HTTP here.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminImageType } from "#shared/admin.ts";
import { EXCHANGE_MESSAGES, EXCHANGE_PHOTO_MAX_MEGAPIXELS } from "#shared/exchanges.ts";
import { REVIEW_MAX_PHOTOS, REVIEW_MESSAGES, REVIEW_PHOTO_WINDOW_MINUTES } from "#shared/reviews.ts";
import { type ImageStore, InvalidImageError } from "../catalog/images.ts";
import { checkPictureHeader, type PixelLimit } from "../catalog/picture-check.ts";
import type { Db } from "../db/client.ts";
import { idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { conflict, limitReached, notFound } from "../domain-errors.ts";

/** A photo taken to decode and not finished in this long (its instance stopped) is taken again. */
const CLAIM_LEASE = "5 minutes";
const MAX_ATTEMPTS = 5;
/** The thumbnail's longer side: the product page shows a photo 96-112 px high, sharp on a 3x screen. */
const REVIEW_THUMB_SIDE = 360;
/** The exchange photos' limit (docs/product.md, "Exchange photos"): every phone's usual setting passes. */
const PHOTO_PIXELS: PixelLimit = {
  maxPixels: EXCHANGE_PHOTO_MAX_MEGAPIXELS * 1_000_000,
  tooMany: EXCHANGE_MESSAGES.photoTooManyPixels,
};

export const reviewPhotoKey = (photoId: string) => `review/${photoId}`;

export interface ReviewPhotoService {
  /** Keeps a photo of review `reviewId` of the link's order; answers its id (decoded later). */
  add(orderId: string, reviewId: string, upload: { type: AdminImageType; data: Buffer }): Promise<string>;
  /** Decodes the oldest waiting photo, if any; answers whether there was one. */
  processNext(): Promise<boolean>;
  /** A decoded photo's file (or its thumbnail): of a published review, or of any review for the owner. */
  file(photoId: string, options: { owner: boolean; thumb?: boolean }): Promise<string | undefined>;
}

const slotRow = z.object({ status: z.string(), fresh: z.boolean(), photos: z.number() });

export function createReviewPhotoService(db: Db, deps: { images: ImageStore }): ReviewPhotoService {
  /** Refuses a photo the review cannot take: not this order's, published or decided, late, or a fourth. */
  async function checkSlot(tx: Db, orderId: string, reviewId: string, lock: boolean): Promise<void> {
    const [slot] = await selectRows(
      tx,
      slotRow,
      sql`select r.status, r.created_at > now() - make_interval(mins => ${REVIEW_PHOTO_WINDOW_MINUTES}) as fresh,
                 (select count(*)::int from review_photos p where p.review_id = r.id) as photos
          from reviews r where r.id = ${reviewId} and r.order_id = ${orderId}
          ${lock ? sql`for update` : sql``}`,
    );
    if (!slot) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    if (slot.status !== "pending" || !slot.fresh) throw conflict(REVIEW_MESSAGES.photosClosed);
    if (slot.photos >= REVIEW_MAX_PHOTOS) throw limitReached(REVIEW_MESSAGES.tooManyPhotos);
  }

  return {
    async add(orderId, reviewId, upload) {
      // Cheap refusals first, none of which decodes a pixel.
      await checkSlot(db, orderId, reviewId, false);
      await checkPictureHeader(upload.type, upload.data, PHOTO_PIXELS);
      const id = randomUUID();
      await deps.images.keepPhotoUpload(reviewPhotoKey(id), upload.data);
      try {
        await db.transaction(async (tx) => {
          // Counted again under the review's lock: three photos sent at once each see the ones before.
          await checkSlot(tx, orderId, reviewId, true);
          await tx.execute(sql`insert into review_photos (id, review_id) values (${id}, ${reviewId})`);
        });
      } catch (error) {
        await deps.images.discardPhoto(reviewPhotoKey(id)).catch(() => {});
        throw error;
      }
      return id;
    },

    async processNext() {
      const [claimed] = await selectRows(
        db,
        idRow,
        sql`update review_photos set claimed_at = now(), attempts = attempts + 1
            where id = (select id from review_photos
                        where status = 'pending' and attempts < ${MAX_ATTEMPTS}
                          and (claimed_at is null or claimed_at < now() - ${CLAIM_LEASE}::interval)
                        order by created_at limit 1 for update skip locked)
            returning id`,
      );
      if (!claimed) return false;
      const key = reviewPhotoKey(claimed.id);
      let size: { width: number; height: number } | undefined;
      try {
        size = await deps.images.savePhoto(key, PHOTO_PIXELS.maxPixels, { thumbSide: REVIEW_THUMB_SIDE });
      } catch (error) {
        if (!(error instanceof InvalidImageError)) throw error;
      }
      if (!size) await deps.images.discardPhoto(key);
      const [kept] = await selectRows(
        db,
        idRow,
        size
          ? sql`update review_photos set status = 'ready', width = ${size.width}, height = ${size.height}
                where id = ${claimed.id} and status = 'pending' returning id`
          : sql`update review_photos set status = 'unreadable' where id = ${claimed.id} and status = 'pending' returning id`,
      );
      // Its review was deleted while it was decoded: its row is gone, so are its files.
      if (size && !kept) await deps.images.discardPhoto(key);
      return true;
    },

    async file(photoId, { owner, thumb = false }) {
      const [row] = await selectRows(
        db,
        idRow,
        sql`select p.id from review_photos p join reviews r on r.id = p.review_id
            where p.id = ${photoId} and p.status = 'ready' ${owner ? sql`` : sql`and r.status = 'approved'`}`,
      );
      return row ? deps.images.photoFile(reviewPhotoKey(row.id), thumb ? "thumb" : undefined) : undefined;
    },
  };
}
