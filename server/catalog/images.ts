// Product and site images: every picture is stored as AVIF and WebP at fixed widths, rendered ahead
// of any request (an upload before its answer; the demo catalogue and site images by the background
// job of server/catalog/pictures-ahead.ts, or `npm run images`), kept in the image store shared by
// every instance (server/catalog/blob-store.ts) and served from disk with immutable caching. No
// picture is rendered on a shopper's request (a 1024 px variant took 0.5-0.7 s, and a page names
// dozens): a variant still missing when asked for (the job not done yet after a first start, a data
// folder from before) is answered with its source, the drawing's SVG (4-5 KB, drawn in 0.04 ms) or
// the upload's kept original, not to be kept by the browser, and reported (onServedUnrendered). An
// image id never changes its pixels; a new photo gets a new id.
import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Metadata, Sharp } from "sharp";
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat, SITE_IMAGES, type SiteImageName } from "#shared/catalog.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { productImages } from "../db/schema.ts";
import { drawProductImage } from "./artwork/product-image.ts";
import { drawGenderBanner, drawHomeCover } from "./artwork/site-images.ts";
import { createDirectoryBlobStore, writeAtomically } from "./blob-directory.ts";
import type { BlobStore } from "./blob-store.ts";
import { DEMO_PRODUCTS } from "./demo/demo-catalogue.ts";
import { loadSharp } from "./sharp-lazy.ts";

const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
};
export const CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** Longest side an uploaded original is kept at; larger photos are scaled down on upload. */
const MAX_ORIGINAL_SIDE = 2000;
const UPLOAD_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "tiff"]);

interface Source {
  input: Buffer;
  /** Pixel width of the source at density 72; SVGs are rasterised at the density a width needs. */
  naturalWidth: number;
  svg: boolean;
}

const demoLooks = new Map(DEMO_PRODUCTS.map((p) => [p.key, p.look]));

/** One file of one picture, as the ahead-of-time renderer lists them. */
export type Variant =
  | { kind: "product"; imageId: string; width: number; format: ImageFormat }
  | { kind: "site"; name: SiteImageName; width: number; format: ImageFormat };

/** What a shopper's request for a variant gets: its file, or, until it is rendered, its source. */
export type ServedPicture = { file: string } | { source: Buffer; contentType: string };

export interface ImageStore {
  /** A shopper's request: the variant's file, else its source; undefined for an unknown image. */
  productVariant(imageId: string, width: number, format: ImageFormat): Promise<ServedPicture | undefined>;
  siteVariant(name: SiteImageName, width: number, format: ImageFormat): Promise<ServedPicture>;
  /** Checks and keeps an uploaded photo and renders every variant of it; answers its size. */
  saveUpload(imageId: string, upload: Buffer): Promise<{ width: number; height: number }>;
  /** Renders the variant if the store lacks it (the ahead-of-time job); answers whether it rendered one. */
  renderIfMissing(variant: Variant): Promise<boolean>;
  /** Forgets every file of an image (a refused upload's). */
  discard(imageId: string): Promise<void>;
  /**
   * Private photos (a customer's photo of a fault), never served to shoppers, in two steps so that
   * decoding happens outside the request (docs/decisions/019-exchanges.md, "Photos"): the request
   * keeps the checked upload as it came; the photo worker later turns it into the kept photo.
   */
  keepPhotoUpload(key: string, upload: Buffer): Promise<void>;
  /**
   * Decodes the kept upload (refusing more than `maxPixels` before decoding: sharp's
   * limitInputPixels) into one WebP at most 2000 px a side, then forgets the upload; answers its
   * size, or undefined when no upload is kept. InvalidImageError for a file that cannot be decoded.
   */
  savePhoto(
    key: string,
    maxPixels: number,
    options?: { thumbSide?: number },
  ): Promise<{ width: number; height: number } | undefined>;
  /** The private photo's file on this machine (its thumbnail, if one was made), or undefined when the store has none. */
  photoFile(key: string, variant?: "thumb"): Promise<string | undefined>;
  /** Forgets a private photo's files, its upload and its WebP (missing ones are fine). */
  discardPhoto(key: string): Promise<void>;
}

export class InvalidImageError extends Error {}

const UNREADABLE = "That file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF photo.";

/**
 * An upload as it is kept: upright, at most MAX_ORIGINAL_SIDE a side, WebP; refused if it is no
 * picture, or (with `maxPixels`) has more pixels than that, before any of them is decoded.
 */
async function normalised(upload: Buffer, maxPixels?: number) {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(upload).metadata();
  } catch {
    throw new InvalidImageError(UNREADABLE);
  }
  if (!meta.format || !UPLOAD_FORMATS.has(meta.format)) {
    throw new InvalidImageError("Upload a JPEG, PNG, WebP or AVIF photo.");
  }
  try {
    return await sharp(upload, maxPixels === undefined ? {} : { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: MAX_ORIGINAL_SIDE, height: MAX_ORIGINAL_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A truncated or corrupt file, or one past the pixel limit: the file's fault, not the machine's.
    throw new InvalidImageError(UNREADABLE);
  }
}

interface Made {
  file: string;
  /** Whether this call drew it (rather than finding it in the store). */
  rendered: boolean;
}

export interface ImageStoreOptions {
  db: Db;
  dataDir: string;
  /** Where originals and variants are kept; by default the directory `DATA_DIR/images`. */
  blobs?: BlobStore | undefined;
  /** Told of each variant a shopper asked for before any instance had rendered it (the source was sent). */
  onServedUnrendered?: ((key: string) => void) | undefined;
}

export function createImageStore(options: ImageStoreOptions): ImageStore {
  const blobs = options.blobs ?? createDirectoryBlobStore(path.join(options.dataDir, "images"));
  // A remote store's variants are copied here before serving: they never change, so the copy never goes stale.
  const cacheDir = path.join(options.dataDir, "image-cache");
  const inFlight = new Map<string, Promise<Made | undefined>>();

  /** A file on this machine holding the key's bytes, if the store has them. */
  async function localCopy(key: string): Promise<string | undefined> {
    if (blobs.localFile) {
      const file = blobs.localFile(key);
      return (await exists(file)) ? file : undefined;
    }
    const file = path.join(cacheDir, key);
    if (await exists(file)) return file;
    const data = await blobs.get(key);
    if (!data) return undefined;
    await writeAtomically(file, data);
    return file;
  }

  async function keep(key: string, data: Buffer, contentType: string): Promise<string> {
    await blobs.put(key, data, contentType);
    if (blobs.localFile) return blobs.localFile(key);
    const file = path.join(cacheDir, key);
    await writeAtomically(file, data);
    return file;
  }

  /**
   * The variant's file, rendered and kept first if no instance has made it yet. Concurrent callers
   * share one render; `started` tells the caller whose call began it.
   */
  async function ensure(
    key: string,
    load: () => Promise<Source | undefined>,
    width: number,
    format: ImageFormat,
  ): Promise<(Made & { started: boolean }) | undefined> {
    const pending = inFlight.get(key);
    if (pending) {
      const made = await pending;
      return made && { ...made, started: false };
    }
    const started = (async (): Promise<Made | undefined> => {
      const found = await localCopy(key);
      if (found) return { file: found, rendered: false };
      const source = await load();
      if (!source) return undefined;
      return { file: await keep(key, await render(source, width, format), CONTENT_TYPES[format]), rendered: true };
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    const made = await started;
    return made && { ...made, started: true };
  }

  /** A shopper's request: the variant from the store, else its source as it is, reported; never a render. */
  async function served(key: string, load: () => Promise<Source | undefined>): Promise<ServedPicture | undefined> {
    const file = await localCopy(key);
    if (file) return { file };
    const source = await load();
    if (!source) return undefined;
    options.onServedUnrendered?.(key);
    return { source: source.input, contentType: source.svg ? "image/svg+xml" : "image/webp" };
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
    const original = await blobs.get(`${imageId}/original.webp`);
    if (!original) return undefined;
    return { input: original, naturalWidth: row.width, svg: false };
  }

  const loadSite = (name: SiteImageName) => async (): Promise<Source> => ({
    input: Buffer.from(drawSiteImage(name)),
    naturalWidth: SITE_IMAGES[name].width,
    svg: true,
  });

  return {
    productVariant: (imageId, width, format) => served(`${imageId}/${width}.${format}`, () => productSource(imageId)),
    async siteVariant(name, width, format) {
      const picture = await served(`site/${name}/${width}.${format}`, loadSite(name));
      if (!picture) throw new BrokenPromise(`Site image ${name} could not be drawn.`);
      return picture;
    },
    async renderIfMissing(variant) {
      const key = variantKey(variant);
      // Asked of the shared store itself: a remote store's variant need not be copied here to count.
      if (await blobs.has(key)) return false;
      const load = variant.kind === "product" ? () => productSource(variant.imageId) : loadSite(variant.name);
      const made = await ensure(key, load, variant.width, variant.format);
      return made?.rendered === true && made.started;
    },
    async saveUpload(imageId, upload) {
      const { data, info } = await normalised(upload);
      await blobs.put(`${imageId}/original.webp`, data, "image/webp");
      // Rendered from the bytes just kept (the image's row may not be written yet), without asking
      // the store first: a new id has no variants anywhere.
      const source = { input: data, naturalWidth: info.width, svg: false };
      for (const width of IMAGE_WIDTHS) {
        for (const format of IMAGE_FORMATS) {
          await keep(`${imageId}/${width}.${format}`, await render(source, width, format), CONTENT_TYPES[format]);
        }
      }
      return { width: info.width, height: info.height };
    },
    keepPhotoUpload: (key, upload) => blobs.put(`${key}.upload`, upload, "application/octet-stream"),
    async savePhoto(key, maxPixels, options = {}) {
      const upload = await blobs.get(`${key}.upload`);
      if (!upload) return undefined;
      const { data, info } = await normalised(upload, maxPixels);
      await keep(`${key}.webp`, data, "image/webp");
      // A thumbnail rendered ahead (a review's photo on the product page, issue 53): a phone fetches
      // a few KB per photo, not the whole photo, for a picture 96 px high.
      if (options.thumbSide) {
        const sharp = await loadSharp();
        const side = options.thumbSide;
        const thumb = await ENCODERS.webp(sharp(data).resize({ width: side, height: side, fit: "inside" })).toBuffer();
        await keep(`${key}-thumb.webp`, thumb, "image/webp");
      }
      await blobs.remove([`${key}.upload`]);
      return { width: info.width, height: info.height };
    },
    photoFile: (key, variant) => localCopy(variant === "thumb" ? `${key}-thumb.webp` : `${key}.webp`),
    async discardPhoto(key) {
      await rm(path.join(cacheDir, `${key}.webp`), { force: true });
      await rm(path.join(cacheDir, `${key}-thumb.webp`), { force: true });
      await blobs.remove([`${key}.upload`, `${key}.webp`, `${key}-thumb.webp`]);
    },
    async discard(imageId) {
      const variants = IMAGE_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => `${imageId}/${width}.${format}`));
      await rm(path.join(cacheDir, imageId), { recursive: true, force: true });
      await blobs.remove([...variants, `${imageId}/original.webp`]);
    },
  };
}

export function variantKey(variant: Variant): string {
  const name = variant.kind === "product" ? variant.imageId : `site/${variant.name}`;
  return `${name}/${variant.width}.${variant.format}`;
}

export function openVariant(file: string) {
  return createReadStream(file);
}

function drawSiteImage(name: SiteImageName): string {
  switch (name) {
    case "cover":
      return drawHomeCover();
    case "banner":
      return drawGenderBanner();
  }
}

async function render(source: Source, width: number, format: ImageFormat): Promise<Buffer> {
  // Rasterise vector art at the density the target width needs, so it stays sharp.
  const density = source.svg ? Math.max(72, Math.ceil((72 * width) / source.naturalWidth)) : undefined;
  const sharp = await loadSharp();
  const image = sharp(source.input, density ? { density } : {}).resize({ width, withoutEnlargement: !source.svg });
  return ENCODERS[format](image).toBuffer();
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
