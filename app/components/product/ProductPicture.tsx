// One product image as <picture>: AVIF first, WebP otherwise, at the width the layout needs.
// Width and height are always set, so the page never shifts while images load.
import { type ImageRef, imageSrcset, imageVariantUrl } from "#shared/catalog.ts";

export interface ProductPictureProps {
  image: ImageRef;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The first visible image of a page loads at once and first; the rest lazily. */
  priority?: boolean;
  /** Load at once without raising priority (small images above the fold). */
  eager?: boolean;
  className?: string;
  alt?: string;
}

export function ProductPicture({ image, sizes, priority = false, eager = false, className, alt }: ProductPictureProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcset(image.id, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcset(image.id, "webp")} sizes={sizes} />
      <img
        src={imageVariantUrl(image.id, 640, "webp")}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={priority || eager ? "eager" : "lazy"}
        fetchPriority={fetchPriority(priority, eager)}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

/**
 * The hero picture first; the rest of a grid after the stylesheet and the hero, even when it is on
 * screen (Chrome would otherwise raise every visible picture to high and split a slow link with them).
 */
function fetchPriority(priority: boolean, eager: boolean): "high" | "low" | "auto" {
  if (priority) return "high";
  return eager ? "auto" : "low";
}
