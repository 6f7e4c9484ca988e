// Bytes of each stored image variant: one product picture and the home page cover.
import { IMAGE_FORMATS, IMAGE_WIDTHS, SITE_IMAGE_WIDTHS } from "#shared/catalog.ts";
import { get } from "./http.ts";

export interface ImageSizes {
  label: string;
  /** width -> format -> bytes */
  widths: { width: number; avif: number; webp: number }[];
}

async function bytes(url: string): Promise<number> {
  const answer = await get(url, { timeoutMs: 120_000 });
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
  return answer.body.length;
}

export async function measureImages(base: string, productImageId: string): Promise<ImageSizes[]> {
  const sets = [
    {
      label: "product image",
      widths: IMAGE_WIDTHS,
      url: (w: number, f: string) => `/images/${productImageId}/${w}.${f}`,
    },
    { label: "home cover", widths: SITE_IMAGE_WIDTHS, url: (w: number, f: string) => `/images/site/cover/${w}.${f}` },
  ];
  const out: ImageSizes[] = [];
  for (const set of sets) {
    const widths: ImageSizes["widths"] = [];
    for (const width of set.widths) {
      const [avif = 0, webp = 0] = await Promise.all(IMAGE_FORMATS.map((f) => bytes(`${base}${set.url(width, f)}`)));
      widths.push({ width, avif, webp });
    }
    out.push({ label: set.label, widths });
  }
  return out;
}
