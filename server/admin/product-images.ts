// A product's pictures as the shop owner manages them: upload (through the same pipeline as the
// demo pictures: an original kept, AVIF and WebP at three widths), reorder and remove.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Metadata } from "sharp";
import { ADMIN_MAX_IMAGES, ADMIN_MESSAGES, type AdminImageType } from "#shared/admin.ts";
import { type ImageStore, InvalidImageError } from "../catalog/images.ts";
import { loadSharp } from "../catalog/sharp-lazy.ts";
import type { Db } from "../db/client.ts";
import { productImages, products } from "../db/schema.ts";
import { invalid, limitReached, notFound } from "../domain-errors.ts";

/** Bigger pictures would take hundreds of MB to decode; no shoe photo needs more. */
const MAX_PIXELS = 50_000_000;

const SHARP_FORMAT: Record<AdminImageType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

/** The file's first bytes must say what its Content-Type says. */
function magicMatches(type: AdminImageType, data: Buffer): boolean {
  switch (type) {
    case "image/jpeg":
      return data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
    case "image/png":
      return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case "image/webp":
      return data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP";
  }
}

/** The most pixels a picture may have, and the refusal of one with more (given its megapixels). */
export interface PixelLimit {
  maxPixels: number;
  tooMany(megapixels: number): string;
}

const PRODUCT_PIXELS: PixelLimit = {
  maxPixels: MAX_PIXELS,
  tooMany: () => "The picture has too many pixels: at most 50 megapixels, please.",
};

/**
 * Refuses what is not a picture of the type it claims to be, or has more pixels than `limit`, from
 * its header alone (sharp's metadata reads no pixels): cheap enough for any request.
 */
export async function checkPictureHeader(type: AdminImageType, data: Buffer, limit: PixelLimit): Promise<void> {
  if (data.length === 0) throw invalid(ADMIN_MESSAGES.imageEmpty);
  if (!magicMatches(type, data)) throw invalid(ADMIN_MESSAGES.imageMismatch);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(data).metadata();
  } catch {
    throw invalid(ADMIN_MESSAGES.imageUnreadable);
  }
  if (meta.format !== SHARP_FORMAT[type]) throw invalid(ADMIN_MESSAGES.imageMismatch);
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > limit.maxPixels) throw invalid(limit.tooMany(Math.round(pixels / 1_000_000)));
}

/** Refuses anything that is not a whole, decodable picture of the type it claims to be. */
export async function checkPicture(type: AdminImageType, data: Buffer): Promise<void> {
  await checkPictureHeader(type, data, PRODUCT_PIXELS);
  const sharp = await loadSharp();
  try {
    // A full decode: a truncated or corrupt file fails here rather than half-way through the pipeline.
    await sharp(data, { failOn: "error" }).resize(16).raw().toBuffer();
  } catch {
    throw invalid(ADMIN_MESSAGES.imageUnreadable);
  }
}

export interface AdminImageService {
  /** Checks, keeps and renders the picture, then adds it last; answers its id. */
  add(productId: string, upload: { type: AdminImageType; data: Buffer; alt?: string | undefined }): Promise<string>;
  reorder(productId: string, imageIds: string[]): Promise<void>;
  remove(productId: string, imageId: string): Promise<void>;
}

/** A product's pictures changed: its `updated_at` moves, as for any edit of it. */
async function touchProduct(tx: Db, productId: string): Promise<void> {
  await tx.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, productId));
}

export function createAdminImageService(db: Db, deps: { images: ImageStore }): AdminImageService {
  async function productName(tx: Db, productId: string, lock: boolean): Promise<string> {
    const select = tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
    const [row] = await (lock ? select.for("no key update") : select);
    if (!row) throw notFound(ADMIN_MESSAGES.productNotFound);
    return row.name;
  }

  async function imageCount(tx: Db, productId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    return row?.n ?? 0;
  }

  return {
    async add(productId, upload) {
      // Cheap refusals before the expensive render.
      await productName(db, productId, false);
      if ((await imageCount(db, productId)) >= ADMIN_MAX_IMAGES) throw limitReached(ADMIN_MESSAGES.tooManyImages);
      await checkPicture(upload.type, upload.data);

      const imageId = randomUUID();
      try {
        let size: { width: number; height: number };
        try {
          size = await deps.images.saveUpload(imageId, upload.data);
        } catch (error) {
          if (error instanceof InvalidImageError) throw invalid(error.message);
          throw error;
        }
        await db.transaction(async (tx) => {
          const name = await productName(tx, productId, true);
          // Checked again under the product's lock: two uploads at once cannot pass the limit.
          if ((await imageCount(tx, productId)) >= ADMIN_MAX_IMAGES) throw limitReached(ADMIN_MESSAGES.tooManyImages);
          await tx.insert(productImages).values({
            id: imageId,
            productId,
            position: sql`(select coalesce(max(${productImages.position}), -1) + 1 from ${productImages}
                           where ${productImages.productId} = ${productId})`,
            alt: upload.alt || name,
            width: size.width,
            height: size.height,
            source: "upload",
          });
          await touchProduct(tx, productId);
        });
      } catch (error) {
        // Nothing of a refused upload stays behind. With the store away this fails too: its leftovers
        // are files no row points to, harmless, and the store's failure is the error to report.
        await deps.images.discard(imageId).catch(() => {});
        throw error;
      }
      return imageId;
    },

    async reorder(productId, imageIds) {
      await db.transaction(async (tx) => {
        await productName(tx, productId, true);
        const rows = await tx
          .select({ id: productImages.id })
          .from(productImages)
          .where(eq(productImages.productId, productId));
        const wanted = imageIds.map((id) => id.toLowerCase());
        const have = new Set(rows.map((r) => r.id));
        if (
          wanted.length !== have.size ||
          new Set(wanted).size !== wanted.length ||
          !wanted.every((id) => have.has(id))
        ) {
          throw invalid(ADMIN_MESSAGES.imageOrder);
        }
        if (wanted.length === 0) return;
        const values = sql.join(
          wanted.map((id, position) => sql`(${id}::uuid, ${position}::smallint)`),
          sql`, `,
        );
        // Raw: one update from a values list sets every position at once.
        await tx.execute(
          sql`update product_images i set position = v.position
              from (values ${values}) as v(id, position)
              where i.id = v.id and i.product_id = ${productId}`,
        );
        await touchProduct(tx, productId);
      });
    },

    async remove(productId, imageId) {
      await db.transaction(async (tx) => {
        await productName(tx, productId, true);
        const deleted = await tx
          .delete(productImages)
          .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
          .returning({ id: productImages.id });
        if (deleted.length === 0) throw notFound(ADMIN_MESSAGES.imageNotFound);
        // Close the gap so positions stay 0..n-1 (the first picture is the card's); raw for the window function.
        await tx.execute(
          sql`update product_images i set position = r.position
              from (select id, (row_number() over (order by position, created_at) - 1)::smallint as position
                    from product_images where product_id = ${productId}) r
              where i.id = r.id`,
        );
        await touchProduct(tx, productId);
      });
      // The files stay on disk: orders placed earlier still show this picture by its address.
    },
  };
}
