// The catalogue half of the API contract (SPEC.md sections 3 and 7): request schemas and the
// product shape every client reads.
import { z } from "zod";
import { CATEGORY_SLUGS, type CategorySlug, isCategorySlug } from "./categories.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";

export const SEARCH_QUERY_MAX = 100;
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const productIdSchema = z.uuid({ error: "That is not a valid product id." });

const pageSchema = z.coerce
  .number({ error: "page must be a whole number from 1." })
  .int({ error: "page must be a whole number from 1." })
  .min(1, { error: "page must be a whole number from 1." })
  .max(10_000, { error: "page must be a whole number from 1 to 10000." })
  .default(1);

export const categoryQuerySchema = z.object({
  category: z
    .string({ error: "Choose a category, e.g. ?category=men-formal-shoes." })
    .refine(isCategorySlug, {
      error: `Unknown category. Categories are: ${CATEGORY_SLUGS.join(", ")}.`,
    })
    .transform((v) => v as CategorySlug),
  page: pageSchema,
});

export const searchQuerySchema = z.object({
  query: z
    .string({ error: "Type what you are looking for, e.g. ?query=chappal." })
    .trim()
    .min(1, { error: "Type what you are looking for, e.g. ?query=chappal." })
    .max(SEARCH_QUERY_MAX, { error: `A search can be at most ${SEARCH_QUERY_MAX} characters long.` }),
});

const sizeError = `Size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}.`;
export const sizeQuerySchema = z.object({
  page: pageSchema,
  size: z
    .string({ error: sizeError })
    .regex(/^\d{1,3}$/, { error: sizeError })
    .transform(Number)
    .pipe(z.number().int().min(MIN_SIZE, { error: sizeError }).max(MAX_SIZE, { error: sizeError })),
});

export interface ProductImage {
  id: string;
  alt: string;
  width: number;
  height: number;
  /** A middle-sized WebP, for clients that take one address. */
  src: string;
  srcset: Record<ImageFormat, string>;
}

export interface SizeStock {
  size: number;
  stock: number;
}

/** The product as the API answers it; `_id` … `sizes` are the fields of SPEC.md section 3. */
export interface Product {
  _id: string;
  name: string;
  description: string;
  category: CategorySlug;
  features: string[];
  imageUrl: string[];
  images: ProductImage[];
  price: number;
  discountPrice: number;
  discountPercentage: number;
  /** Pairs in stock over all sizes. */
  stock: number;
  sizes: SizeStock[];
}

export interface ProductList {
  products: Product[];
  page: number;
  hasMore: boolean;
}

export const CATEGORY_PAGE_SIZE = 48;
export const SEARCH_RESULT_LIMIT = 48;

/** Drawn site images (home cover, banner, size charts), served like product images. */
export const SITE_IMAGES = {
  cover: { width: 1600, height: 700, alt: "Men's and women's shoes from our Karachi shop" },
  banner: { width: 1600, height: 600, alt: "Women and men footwear collections" },
  "size-chart-men": { width: 1000, height: 700, alt: "Men's size chart" },
  "size-chart-women": { width: 1000, height: 700, alt: "Women's size chart" },
} as const;
export type SiteImageName = keyof typeof SITE_IMAGES;
export const SITE_IMAGE_WIDTHS = [640, 1024, 1600] as const;

export function siteImageUrl(name: SiteImageName, width: number, format: ImageFormat): string {
  return `/images/site/${name}/${width}.${format}`;
}

export function siteImageSrcset(name: SiteImageName, format: ImageFormat): string {
  return SITE_IMAGE_WIDTHS.filter((w) => w <= SITE_IMAGES[name].width || w === SITE_IMAGE_WIDTHS[0])
    .map((w) => `${siteImageUrl(name, w, format)} ${w}w`)
    .join(", ");
}

export function imageVariantUrl(imageId: string, width: number, format: ImageFormat): string {
  return `/images/${imageId}/${width}.${format}`;
}

export function imageSrcset(imageId: string, format: ImageFormat): string {
  return IMAGE_WIDTHS.map((w) => `${imageVariantUrl(imageId, w, format)} ${w}w`).join(", ");
}
