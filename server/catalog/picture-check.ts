// Whether an upload is a picture, and a whole one, before any of it is kept: its first bytes, its
// header (type and pixels) and, for the owner's pictures, a full decode. Product pictures
// (server/admin/product-images.ts) and exchange photos (server/exchanges/photos.ts) both ask.
import type { Metadata } from "sharp";
import { ADMIN_MESSAGES, type AdminImageType } from "#shared/admin.ts";
import { invalid } from "../domain-errors.ts";
import { loadSharp } from "./sharp-lazy.ts";

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
