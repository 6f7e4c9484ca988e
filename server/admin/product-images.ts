// A product's pictures as the shop owner manages them: upload (through the same pipeline as the
// demo pictures: an original kept, AVIF and WebP at three widths), reorder and remove.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { ADMIN_MAX_IMAGES, ADMIN_MESSAGES, type AdminImageType } from "#shared/admin.ts";
import { type ImageStore, InvalidImageError } from "../catalog/images.ts";
import { checkPicture } from "../catalog/picture-check.ts";
import type { Db } from "../db/client.ts";
import { productImages, products } from "../db/schema.ts";
import { invalid, limitReached, notFound } from "../domain-errors.ts";

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
