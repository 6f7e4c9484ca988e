// Product and site images: every picture is stored as AVIF and WebP at fixed widths, rendered
// once on first request (or ahead of time by `npm run images`) and then served from disk with
// immutable caching. An image id never changes its pixels; a new photo gets a new id.
import { createReadStream } from "node:fs";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp, { type Metadata, type Sharp } from "sharp";
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  SITE_IMAGE_WIDTHS,
  SITE_IMAGES,
  type SiteImageName,
} from "#shared/catalog.ts";
import type { Db } from "../db/client.ts";
import { productImages } from "../db/schema.ts";
import { DEMO_PRODUCTS } from "../db/seed/demo-catalogue.ts";
import { drawProductImage } from "./artwork/product-image.ts";
import { drawGenderBanner, drawHomeCover, drawSizeChart } from "./artwork/site-images.ts";

// One thread per image: renders then share the cores with requests instead of taking them all.
sharp.concurrency(1);

const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
};
export const CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** Longest side an uploaded original is kept at; larger photos are scaled down on upload. */
const MAX_ORIGINAL_SIDE = 2000;
const UPLOAD_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "tiff"]);

interface Source {
  /** Image bytes, or the path of a file sharp reads. */
  input: Buffer | string;
  /** Pixel width of the source at density 72; SVGs are rasterised at the density a width needs. */
  naturalWidth: number;
  svg: boolean;
}

const demoLooks = new Map(DEMO_PRODUCTS.map((p) => [p.key, p.look]));

export interface ImageStore {
  /** Path of the variant on disk, rendering it first if needed; undefined for an unknown image. */
  productVariant(imageId: string, width: number, format: ImageFormat): Promise<string | undefined>;
  siteVariant(name: SiteImageName, width: number, format: ImageFormat): Promise<string>;
  /** Checks and keeps an uploaded photo, renders its variants and answers its size. */
  saveUpload(imageId: string, upload: Buffer): Promise<{ width: number; height: number }>;
  /** Renders every missing variant of the images given (used by `npm run images` and warm-up). */
  prerender(imageIds: string[], widths?: readonly number[]): Promise<number>;
  /** Renders, one at a time, what the first page views need: site images and every card picture. */
  warm(): Promise<void>;
}

export class InvalidImageError extends Error {}

export function createImageStore(options: { dataDir: string; db: Db }): ImageStore {
  const root = path.join(options.dataDir, "images");
  const inFlight = new Map<string, Promise<void>>();

  async function ensure(file: string, load: () => Promise<Source | undefined>, width: number, format: ImageFormat) {
    if (await exists(file)) return true;
    let pending = inFlight.get(file);
    if (!pending) {
      pending = (async () => {
        const source = await load();
        if (!source) throw new UnknownImage();
        await writeAtomically(file, await render(source, width, format));
      })().finally(() => inFlight.delete(file));
      inFlight.set(file, pending);
    }
    try {
      await pending;
      return true;
    } catch (error) {
      if (error instanceof UnknownImage) return false;
      throw error;
    }
  }

  async function productSource(imageId: string): Promise<Source | undefined> {
    const [row] = await options.db
      .select({ source: productImages.source, width: productImages.width })
      .from(productImages)
      .where(eq(productImages.id, imageId));
    if (!row) return undefined;
    const demo = /^demo:([^:]+):(\d)$/.exec(row.source);
    if (demo) {
      const look = demoLooks.get(demo[1] ?? "");
      if (!look) return undefined;
      const angle = Number(demo[2]) as 0 | 1 | 2 | 3;
      return { input: Buffer.from(drawProductImage(look, angle)), naturalWidth: 1000, svg: true };
    }
    const original = path.join(root, imageId, "original.webp");
    if (!(await exists(original))) return undefined;
    return { input: original, naturalWidth: row.width, svg: false };
  }

  const productVariant: ImageStore["productVariant"] = async (imageId, width, format) => {
    const file = path.join(root, imageId, `${width}.${format}`);
    return (await ensure(file, () => productSource(imageId), width, format)) ? file : undefined;
  };

  return {
    productVariant,
    async siteVariant(name, width, format) {
      const file = path.join(root, "site", name, `${width}.${format}`);
      const load = async () => ({
        input: Buffer.from(drawSiteImage(name)),
        naturalWidth: SITE_IMAGES[name].width,
        svg: true,
      });
      await ensure(file, load, width, format);
      return file;
    },
    async saveUpload(imageId, upload) {
      let meta: Metadata;
      try {
        meta = await sharp(upload).metadata();
      } catch {
        throw new InvalidImageError("That file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF photo.");
      }
      if (!meta.format || !UPLOAD_FORMATS.has(meta.format)) {
        throw new InvalidImageError("Upload a JPEG, PNG, WebP or AVIF photo.");
      }
      const { data, info } = await sharp(upload)
        .rotate()
        .resize({ width: MAX_ORIGINAL_SIDE, height: MAX_ORIGINAL_SIDE, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 90 })
        .toBuffer({ resolveWithObject: true });
      const original = path.join(root, imageId, "original.webp");
      await writeAtomically(original, data);
      // Rendered from the file just kept: the image's row may not be written yet.
      const load = async () => ({ input: original, naturalWidth: info.width, svg: false });
      for (const width of IMAGE_WIDTHS) {
        for (const format of IMAGE_FORMATS) {
          await ensure(path.join(root, imageId, `${width}.${format}`), load, width, format);
        }
      }
      return { width: info.width, height: info.height };
    },
    async warm() {
      for (const name of Object.keys(SITE_IMAGES) as SiteImageName[]) {
        for (const width of SITE_IMAGE_WIDTHS) {
          for (const format of IMAGE_FORMATS) await this.siteVariant(name, width, format);
        }
      }
      const cards = await options.db
        .select({ id: productImages.id })
        .from(productImages)
        .where(eq(productImages.position, 0));
      await this.prerender(
        cards.map((c) => c.id),
        [320, 640],
      );
    },
    async prerender(imageIds, widths = IMAGE_WIDTHS) {
      let rendered = 0;
      for (const id of imageIds) {
        for (const width of widths) {
          for (const format of IMAGE_FORMATS) {
            if (await productVariant(id, width, format)) rendered++;
          }
        }
      }
      return rendered;
    },
  };
}

export function openVariant(file: string) {
  return createReadStream(file);
}

class UnknownImage extends Error {}

function drawSiteImage(name: SiteImageName): string {
  switch (name) {
    case "cover":
      return drawHomeCover();
    case "banner":
      return drawGenderBanner();
    case "size-chart-men":
      return drawSizeChart("men");
    case "size-chart-women":
      return drawSizeChart("women");
  }
}

async function render(source: Source, width: number, format: ImageFormat): Promise<Buffer> {
  // Rasterise vector art at the density the target width needs, so it stays sharp.
  const density = source.svg ? Math.max(72, Math.ceil((72 * width) / source.naturalWidth)) : undefined;
  const image = sharp(source.input, density ? { density } : {}).resize({ width, withoutEnlargement: !source.svg });
  return ENCODERS[format](image).toBuffer();
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
