// The catalogue half of the API contract (docs/product.md sections 3 and 7): the product shape every
// client reads and image addresses. No zod here: the browser imports this on every page
// (the request schemas are in catalog-schemas.ts).
import type { CategorySlug } from "./categories.ts";
import type { FitNote } from "./fit-note.ts";
import type { ReviewSummary } from "./review-words.ts";
import { previewWords } from "./text.ts";

export const SEARCH_QUERY_MAX = 100;
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** What a page needs to draw an image: its addresses follow from the id (imageSrcset). */
export interface ImageRef {
  id: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * An image as the API answers it. Its `srcset` is not sent: `imageSrcset(id, format)` derives it,
 * and sent with every picture it was half the bytes of a product list.
 */
export interface ProductImage extends ImageRef {
  /** A middle-sized WebP, for clients that take one address. */
  src: string;
}

export interface SizeStock {
  size: number;
  stock: number;
}

/** The product as the API answers it; `_id` … `sizes` are the fields of docs/product.md section 3. */
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
  /** A slug of the colour palette, or null when the owner has not picked one. */
  colour: string | null;
  /** How the style fits against the size chart, as the owner judges it; null says nothing. */
  fitNote: FitNote | null;
  /** Pairs in stock over all sizes. */
  stock: number;
  sizes: SizeStock[];
  /** [Ours] The buyers' published reviews in sum (issue 53): how many, the average stars, the fit they found. */
  reviews: ReviewSummary;
}

/**
 * One product as its own page and `GET /api/products/{productId}` answer it: lists and searches do
 * not say when a sale ends, so they stay `Product`.
 */
export interface ProductDetail extends Product {
  /**
   * [Ours] The end (an ISO instant) of the scheduled sale the product is in while it is on, when the
   * owner chose to show it ("Sale ends in 2 days", issue 51); null otherwise.
   */
  saleEndsAt: string | null;
}

/**
 * `GET /api/products/{productId}`: the product under `product`, the shape the original system's
 * backend answers and its own client reads (docs/product.md section 7).
 */
export interface ProductAnswer {
  product: ProductDetail;
}

/** A product card's data: pages send only this for grids, which keeps every page small. */
export interface ProductSummary {
  _id: string;
  name: string;
  /** The description's first 4 words, with an ellipsis when longer (docs/product.md section 9). */
  preview: string;
  price: number;
  discountPrice: number;
  discountPercentage: number;
  stock: number;
  image: ImageRef | null;
  /**
   * Stock of the sizes the page lists by (/buy/{size} sends its one size): the card then speaks
   * of that size. Other pages leave it out, which keeps their grids small.
   */
  sizes?: SizeStock[];
}

export const CARD_PREVIEW_WORDS = 4;

export function toImageRef(image: ImageRef): ImageRef {
  return { id: image.id, alt: image.alt, width: image.width, height: image.height };
}

export function toSummary(product: Product): ProductSummary {
  const first = product.images[0];
  return {
    _id: product._id,
    name: product.name,
    preview: previewWords(product.description, CARD_PREVIEW_WORDS),
    price: product.price,
    discountPrice: product.discountPrice,
    discountPercentage: product.discountPercentage,
    stock: product.stock,
    image: first ? toImageRef(first) : null,
  };
}

/**
 * A card's data on a filterable list: the summary plus the stock of every size, so a card can
 * speak of the sizes the list is filtered by, or of the shopper's own size ('3 left in 42').
 */
export function toListSummary(product: Product): ProductSummary {
  return { ...toSummary(product), sizes: product.sizes };
}

/** A card's data for a page that lists by size: the summary plus that size's stock. */
/** A page of a category as `GET /api/products?category=` answers it (24 a page, shared/listing.ts). */
export interface ProductList {
  products: Product[];
  page: number;
  hasMore: boolean;
  /** Products matching the filters, on every page. */
  total: number;
  pages: number;
}

export const SEARCH_RESULT_LIMIT = 48;

/** Drawn site images (home cover, banner), served like product images. */
export const SITE_IMAGES = {
  cover: { width: 1600, height: 700, alt: "Men's and women's shoes from our Karachi shop" },
  banner: { width: 1600, height: 600, alt: "Women and men footwear collections" },
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
