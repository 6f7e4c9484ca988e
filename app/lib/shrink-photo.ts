// A customer's photo made small on the phone before it is sent (issue 46, docs/decisions/030): a
// phone's 4000×3000 JPEG is 3-5 MB, about 47 s on a slow 4G link, where 1600 px on the long side
// (about 300 KB) shows a fault as well and arrives in a few seconds. The browser's own decoder and
// canvas do it (no library: decision 030 measured two); the camera's turn (EXIF orientation) is
// applied, and what the camera wrote about the photo (place, time, device) is not carried over.
// Loaded only by the exchange form, when it opens (app/components/order/ExchangePhotoPicker.tsx).

/** The long side a photo is sent at: the owner sees a fault clearly, and a Karachi phone sends it quickly. */
const PHOTO_LONG_SIDE = 1600;
/** The size aimed at: the first quality that comes under it is kept. */
const PHOTO_TARGET_BYTES = 300 * 1024;
/** Qualities tried in turn: a detailed photo (grass, fabric) needs the lower ones to come near the target. */
const QUALITIES = [0.8, 0.7, 0.6, 0.5];

type Canvas = OffscreenCanvas | HTMLCanvasElement;

/**
 * The photo to send: shrunk and re-encoded (WebP, or JPEG where the browser cannot write WebP),
 * or the file itself where the browser cannot decode or draw it (the server takes it as it is,
 * within its limits).
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, PHOTO_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = newCanvas(width, height);
    const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) return file;
    // A transparent picture (a PNG screenshot) on white, as JPEG would show it anyway.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    return (await encodeSmall(canvas)) ?? file;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

function newCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The first quality under the target, or the smallest tried; WebP where the browser writes it. */
async function encodeSmall(canvas: Canvas): Promise<Blob | undefined> {
  let type = "image/webp";
  let smallest: Blob | undefined;
  for (const quality of QUALITIES) {
    let blob = await encode(canvas, type, quality);
    // A browser that cannot write WebP answers PNG (Safari before 17): JPEG from then on.
    if (blob && blob.type !== type) {
      type = "image/jpeg";
      blob = await encode(canvas, type, quality);
    }
    if (!blob || blob.type !== type) return smallest;
    if (!smallest || blob.size < smallest.size) smallest = blob;
    if (blob.size <= PHOTO_TARGET_BYTES) break;
  }
  return smallest;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}
