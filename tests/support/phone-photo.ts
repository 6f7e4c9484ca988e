// A photo as a phone's camera takes it, for the slow-link tests of issue 46: 4000×3000, a JPEG of
// about 4 MB, held upright (EXIF orientation 6: stored sideways, shown 3000×4000). A flat drawing
// compresses to a few hundred KB, so the scene is under two layers of noise: a fine one, as a
// sensor's (it makes the JPEG as large as a camera's), and a coarse one, as texture (leather,
// cloth), which survives shrinking to 1600 px as a real photo's detail does (about 250 KB there).
import sharp from "sharp";

export const PHONE_PHOTO = { storedWidth: 4000, storedHeight: 3000, uprightWidth: 3000, uprightHeight: 4000 };

async function noise(width: number, height: number, sigma: number): Promise<Buffer> {
  const { storedWidth: w, storedHeight: h } = PHONE_PHOTO;
  return sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } },
  })
    .resize(w, h, { kernel: "cubic" })
    .raw()
    .toBuffer();
}

export async function phonePhoto(): Promise<Buffer> {
  const { storedWidth: w, storedHeight: h } = PHONE_PHOTO;
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c9b79c"/><stop offset="1" stop-color="#6d5a43"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/><path d="M500 1900 Q2000 1100 3500 1900 L3500 2200 L500 2200 Z" fill="#5b3a1e"/><path d="M1900 1800 l120 240 l120 -240" stroke="#c00" stroke-width="40" fill="none"/></svg>`;
  const raw = { width: w, height: h, channels: 3 } as const;
  const [texture, grain] = await Promise.all([noise(w / 4, h / 4, 15), noise(w, h, 10)]);
  return sharp(Buffer.from(scene))
    .composite([
      { input: texture, raw, blend: "overlay" },
      { input: grain, raw, blend: "overlay" },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
