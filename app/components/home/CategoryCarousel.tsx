// The category carousel of SPEC.md section 2: ten category links, 4 slides (3 up to 1024 px,
// 2 up to 768 px), scrolls 2, loops, dots and arrows, autoplay every 3000 ms that pauses on
// hover and focus and stays off for people who prefer reduced motion.
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { ProductImage } from "#shared/catalog.ts";
import type { Category } from "#shared/categories.ts";
import { ProductPicture } from "../product/ProductPicture.tsx";

export const AUTOPLAY_MS = 3000;

export interface CategorySlide {
  category: Category;
  image: ProductImage | undefined;
}

export function CategoryCarousel({ slides }: { slides: CategorySlide[] }) {
  const [viewport, embla] = useEmblaCarousel({ loop: true, slidesToScroll: 2, align: "start" });
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setSnaps(embla.scrollSnapList());
      setSelected(embla.selectedScrollSnap());
    };
    update();
    embla.on("select", update).on("reInit", update);
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla]);

  useEffect(() => {
    if (!embla || paused || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => embla.scrollNext(), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, paused]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <section aria-labelledby="shop-by-category" className="page">
      <h2 id="shop-by-category" className="page-title">
        Shop by Category
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: a carousel is a group of slides, not a form fieldset */}
      <div
        className="relative mt-5"
        role="group"
        aria-label="Categories"
        aria-roledescription="carousel"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <div ref={viewport} className="overflow-hidden">
          <ul className="-ml-3 flex touch-pan-y">
            {slides.map(({ category, image }, index) => (
              <li
                key={category.slug}
                className="min-w-0 flex-[0_0_50%] pl-3 min-[769px]:flex-[0_0_33.333%] min-[1025px]:flex-[0_0_25%]"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
              >
                <Link to={category.path} className="group block overflow-hidden rounded-xl border border-stone-200">
                  <div className="aspect-square bg-stone-100">
                    {image && (
                      <ProductPicture
                        image={image}
                        alt=""
                        sizes="(min-width: 1025px) 25vw, (min-width: 769px) 33vw, 50vw"
                        className="size-full object-cover transition duration-300 group-hover:scale-105"
                      />
                    )}
                  </div>
                  <p className="p-3 text-center text-sm font-semibold text-stone-900 md:text-base">
                    <span className="sr-only">{category.gender === "men" ? "Men's" : "Women's"} </span>
                    {category.name}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <button type="button" onClick={previous} aria-label="Previous categories" className="carousel-arrow left-1">
          <ChevronLeft aria-hidden="true" className="size-6" />
        </button>
        <button type="button" onClick={next} aria-label="Next categories" className="carousel-arrow right-1">
          <ChevronRight aria-hidden="true" className="size-6" />
        </button>
        <div className="mt-4 flex justify-center gap-1">
          {snaps.map((snap, index) => (
            <button
              key={snap}
              type="button"
              onClick={() => embla?.scrollTo(index)}
              aria-label={`Go to slide group ${index + 1}`}
              aria-current={index === selected}
              className="grid size-11 place-items-center"
            >
              <span className={`block size-2.5 rounded-full ${index === selected ? "bg-brand-700" : "bg-stone-300"}`} />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
