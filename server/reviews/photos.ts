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
import { REVIEW_MAX_PHOTOS, REVIEW_MESSAGES, REVIEW_PHOTO_WINDOW_MINUTES } from "#shared/reviews.ts";
import type { ImageStore } from "../catalog/images.ts";
import { CUSTOMER_PHOTO_PIXELS, decodeNextPhoto } from "../catalog/photo-queue.ts";
import { checkPictureHeader } from "../catalog/picture-check.ts";
import type { Db } from "../db/client.ts";
import { idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { conflict, limitReached, notFound } from "../domain-errors.ts";

/** The thumbnail's longer side: the product page shows a photo 96-112 px high, sharp on a 3x screen. */
const REVIEW_THUMB_SIDE = 360;

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
      await checkPictureHeader(upload.type, upload.data, CUSTOMER_PHOTO_PIXELS);
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

    processNext: () =>
      decodeNextPhoto(db, deps.images, { table: "review_photos", keyOf: reviewPhotoKey, thumbSide: REVIEW_THUMB_SIDE }),

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
