// A drawn site image (cover, banner) as a responsive <picture>.
import { SITE_IMAGE_WIDTHS, SITE_IMAGES, type SiteImageName, siteImageSrcset, siteImageUrl } from "#shared/catalog.ts";

export function SitePicture({
  name,
  sizes,
  priority = false,
  className,
}: {
  name: SiteImageName;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const image = SITE_IMAGES[name];
  return (
    <picture>
      <source type="image/avif" srcSet={siteImageSrcset(name, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={siteImageSrcset(name, "webp")} sizes={sizes} />
      <img
        src={siteImageUrl(name, SITE_IMAGE_WIDTHS[1], "webp")}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        className={className}
      />
    </picture>
  );
}
