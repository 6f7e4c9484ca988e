// A customer's photos of a pair to exchange (issue 33; limits of issue 45, docs/decisions/019-exchanges.md
// "Photos"). An upload names one of the customer's orders inside its exchange window; its header is
// checked (type, at most EXCHANGE_PHOTO_MAX_MEGAPIXELS) without decoding; the account's quota is
// counted under its row's lock; then the upload is kept as it came and answered. Decoding happens
// later, one photo at a time per instance (processNext, driven by photo-worker.ts), and a photo no
// request used within a day is deleted with its files (expire), each claimed once across instances.
// No HTTP here.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminImageType } from "#shared/admin.ts";
import {
  EXCHANGE_MESSAGES,
  EXCHANGE_PHOTO_KEEP_HOURS,
  EXCHANGE_PHOTOS_HELD_MAX,
  EXCHANGE_PHOTOS_PER_HOUR,
} from "#shared/exchanges.ts";
import type { ImageStore } from "../catalog/images.ts";
import { CUSTOMER_PHOTO_PIXELS, decodeNextPhoto } from "../catalog/photo-queue.ts";
import { checkPictureHeader } from "../catalog/picture-check.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { exchangePhotos } from "../db/schema.ts";
import { limitReached } from "../domain-errors.ts";
import { checkExchangeWindow } from "./window.ts";

const HOUR = 3_600_000;
/** Photos deleted per expiry run: the sweep runs every minute, so a backlog drains in a few runs. */
const EXPIRE_BATCH = 100;

export const photoKey = (photoId: string) => `exchange/${photoId}`;

const quotaRow = z.object({ held: z.number(), last_hour: z.number(), oldest_ms: z.number().nullable() });

export interface ExchangePhotoService {
  /** Checks and keeps a customer's photo for a request about `orderId`; answers its id (decoded later). */
  add(userId: string, orderId: string, upload: { type: AdminImageType; data: Buffer }, now?: Date): Promise<string>;
  /** Decodes the oldest waiting photo, if any; answers whether there was one. */
  processNext(): Promise<boolean>;
  /** Deletes photos no request used within EXCHANGE_PHOTO_KEEP_HOURS, with their files; answers how many. */
  expire(now?: Date): Promise<number>;
  /** A decoded photo's file for the owner, or undefined. */
  file(exchangeId: string, photoId: string): Promise<string | undefined>;
}

export function createExchangePhotoService(db: Db, deps: { images: ImageStore }): ExchangePhotoService {
  /** Refuses (limit-reached) an account holding or having added as many photos as it may. */
  async function checkQuota(tx: Db, userId: string, now: Date): Promise<void> {
    const hourAgo = new Date(now.getTime() - HOUR).toISOString();
    const [quota] = await selectRows(
      tx,
      quotaRow,
      sql`select count(*) filter (where exchange_id is null)::int as held,
                 count(*) filter (where created_at > ${hourAgo}::timestamptz)::int as last_hour,
                 (extract(epoch from min(created_at) filter (where created_at > ${hourAgo}::timestamptz)) * 1000)::float8
                   as oldest_ms
          from exchange_photos where user_id = ${userId}`,
    );
    if (!quota) return;
    if (quota.last_hour >= EXCHANGE_PHOTOS_PER_HOUR) {
      const waitMs = (quota.oldest_ms ?? now.getTime()) + HOUR - now.getTime();
      throw limitReached(EXCHANGE_MESSAGES.photosPerHour(Math.max(1, Math.ceil(waitMs / 60_000))));
    }
    if (quota.held >= EXCHANGE_PHOTOS_HELD_MAX) throw limitReached(EXCHANGE_MESSAGES.photosHeld);
  }

  return {
    async add(userId, orderId, upload, now = new Date()) {
      // Cheap refusals first, none of which decodes a pixel: the order, the quota, the header.
      await checkExchangeWindow(db, userId, orderId, now, { lock: false });
      await checkQuota(db, userId, now);
      await checkPictureHeader(upload.type, upload.data, CUSTOMER_PHOTO_PIXELS);
      const id = randomUUID();
      await deps.images.keepPhotoUpload(photoKey(id), upload.data);
      try {
        await db.transaction(async (tx) => {
          // Counted again under the account's lock: parallel uploads queue here, each seeing the ones before.
          await tx.execute(sql`select id from users where id = ${userId} for update`);
          await checkQuota(tx, userId, now);
          await tx.insert(exchangePhotos).values({ id, userId, orderId });
        });
      } catch (error) {
        await deps.images.discardPhoto(photoKey(id)).catch(() => {});
        throw error;
      }
      return id;
    },

    processNext: () => decodeNextPhoto(db, deps.images, { table: "exchange_photos", keyOf: photoKey }),

    async expire(now = new Date()) {
      const before = new Date(now.getTime() - EXCHANGE_PHOTO_KEEP_HOURS * HOUR).toISOString();
      // skip locked: a request claiming one of these photos right now keeps it; another instance
      // expiring at the same moment takes other rows.
      const ids = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: exchangePhotos.id })
          .from(exchangePhotos)
          .where(and(isNull(exchangePhotos.exchangeId), sql`${exchangePhotos.createdAt} < ${before}::timestamptz`))
          .orderBy(exchangePhotos.createdAt)
          .limit(EXPIRE_BATCH)
          .for("update", { skipLocked: true });
        const found = due.map((row) => row.id);
        if (found.length > 0) await tx.delete(exchangePhotos).where(inArray(exchangePhotos.id, found));
        return found;
      });
      // The rows go first, so no request can take a photo whose file is gone; a store that fails
      // here leaves files no row names, reported by the job's log line.
      for (const id of ids) await deps.images.discardPhoto(photoKey(id));
      return ids.length;
    },

    async file(exchangeId, photoId) {
      const [row] = await db
        .select({ id: exchangePhotos.id })
        .from(exchangePhotos)
        .where(
          and(
            eq(exchangePhotos.id, photoId),
            eq(exchangePhotos.exchangeId, exchangeId),
            eq(exchangePhotos.status, "ready"),
          ),
        );
      return row ? deps.images.photoFile(photoKey(row.id)) : undefined;
    },
  };
}
