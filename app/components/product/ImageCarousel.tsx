// Product images: one at a time, every 3000 ms with a 350 ms slide (SPEC.md section 9), a
// thumbnail strip of the first 4 images. Pauses on hover and focus and for reduced motion.
import { useEffect, useState } from "react";
import type { ProductImage } from "#shared/catalog.ts";
import { ProductPicture } from "./ProductPicture.tsx";

export const SLIDE_INTERVAL_MS = 3000;
export const SLIDE_TRANSITION_MS = 350;
const THUMBNAILS = 4;

export function ImageCarousel({ images, name }: { images: ProductImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || images.length < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % images.length), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, images.length]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel is a group of slides, not a form fieldset
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={`Pictures of ${name}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="overflow-hidden rounded-2xl bg-stone-100">
        <ul
          className="flex"
          style={{ transform: `translateX(-${index * 100}%)`, transition: `transform ${SLIDE_TRANSITION_MS}ms ease` }}
        >
          {images.map((image, i) => (
            <li key={image.id} className="w-full shrink-0" aria-hidden={i !== index}>
              <ProductPicture
                image={image}
                sizes="(min-width: 1024px) 600px, 100vw"
                priority={i === 0}
                className="aspect-square w-full object-cover"
              />
            </li>
          ))}
        </ul>
      </div>
      <ul className="mt-3 grid grid-cols-4 gap-2" aria-label="Choose a picture">
        {images.slice(0, THUMBNAILS).map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show picture ${i + 1}: ${image.alt}`}
              aria-current={i === index}
              className={`block overflow-hidden rounded-lg border-2 ${i === index ? "border-brand-700" : "border-transparent hover:border-stone-300"}`}
            >
              <ProductPicture image={image} sizes="150px" alt="" eager className="aspect-square w-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
