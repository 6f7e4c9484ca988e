// The category carousel of docs/product.md section 2: ten category links, 4 slides (3 up to 1024 px,
// 2 up to 768 px), scrolls 2, loops, dots and arrows, autoplay every 3000 ms that pauses on
// hover and focus and stays off for people who prefer reduced motion. CSS scroll snapping does
// the sliding (and swiping on phones); a few lines of script add arrows, dots and autoplay.
// Autoplay runs only while the carousel is on screen and the tab visible (as the product pictures'
// does): below the fold on a phone, its scrolls and re-renders would otherwise take the main
// thread while the page is still loading.

import { useCallback, useEffect, useRef, useState } from "react";
import type { ImageRef } from "#shared/catalog.ts";
import { CATEGORIES, type Category, type CategorySlug, GENDER_LABEL, type Gender } from "#shared/categories.ts";
import { CarouselArrows } from "../CarouselArrows.tsx";
import { LightLink } from "../LightLink.tsx";
import { ProductPicture } from "../product/ProductPicture.tsx";
import { useAutoplayAllowed } from "../product/use-picture-track.ts";

export const AUTOPLAY_MS = 3000;
const SLIDES_TO_SCROLL = 2;

/** What a page's loader sends per slide: the category by slug (the browser has the list) and its picture. */
export interface CategorySlide {
  slug: CategorySlug;
  image: Omit<ImageRef, "alt"> | undefined;
}

const BY_SLUG = new Map<CategorySlug, Category>(CATEGORIES.map((c) => [c.slug, c]));

/** Names that two categories share ('Sneakers & Casual Shoes'): their slides say whose they are. */
const SHARED_NAMES = new Set(
  CATEGORIES.filter((c, i) => CATEGORIES.findIndex((o) => o.name === c.name) !== i).map((c) => c.name),
);

/**
 * Slides for every category, the page's own gender first (so /women opens on women's categories),
 * each group in navigation order; the picture's alt is left out, the slide shows the name.
 */
export function categorySlides(
  covers: Partial<Record<CategorySlug, ImageRef>>,
  first: Gender = "men",
): CategorySlide[] {
  const ordered = [...CATEGORIES.filter((c) => c.gender === first), ...CATEGORIES.filter((c) => c.gender !== first)];
  return ordered.map(({ slug }) => {
    const cover = covers[slug];
    return { slug, image: cover && { id: cover.id, width: cover.width, height: cover.height } };
  });
}

function groupCount(slides: number, visible: number): number {
  return Math.max(1, Math.ceil((slides - visible) / SLIDES_TO_SCROLL) + 1);
}

export function CategoryCarousel({ slides }: { slides: CategorySlide[] }) {
  const track = useRef<HTMLUListElement>(null);
  const [group, setGroup] = useState(0);
  const [groups, setGroups] = useState(groupCount(slides.length, 4));
  const [paused, setPaused] = useState(false);
  const allowed = useAutoplayAllowed(track);

  const step = useCallback(() => {
    const first = track.current?.firstElementChild as HTMLElement | null;
    return (first?.offsetWidth ?? 0) * SLIDES_TO_SCROLL;
  }, []);

  const goTo = useCallback(
    (target: number) => {
      const el = track.current;
      if (!el) return;
      const wrapped = (target + groups) % groups; // past the end starts again: the loop
      el.scrollTo({ left: wrapped * step(), behavior: "smooth" });
    },
    [groups, step],
  );

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const measure = () => {
      const first = el.firstElementChild as HTMLElement | null;
      const visible = first ? Math.round(el.clientWidth / first.offsetWidth) : 4;
      setGroups(groupCount(slides.length, visible));
    };
    const onScroll = () => setGroup(Math.round(el.scrollLeft / Math.max(1, step())));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", onScroll);
    };
  }, [slides.length, step]);

  useEffect(() => {
    if (paused || !allowed) return;
    const timer = window.setInterval(() => goTo(group + 1), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused, allowed, goTo, group]);

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
        <ul
          ref={track}
          className="relative -ml-3 flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none] motion-reduce:scroll-auto"
        >
          {slides.map(({ slug, image }, index) => {
            const category = BY_SLUG.get(slug);
            if (!category) return null;
            return (
              <li
                key={category.slug}
                className="min-w-0 flex-[0_0_50%] snap-start pl-3 min-[769px]:flex-[0_0_33.333%] min-[1025px]:flex-[0_0_25%]"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
              >
                <LightLink
                  to={category.path}
                  className="group block overflow-hidden rounded-xl border border-stone-200"
                >
                  <div className="aspect-square bg-stone-100">
                    {image && (
                      <ProductPicture
                        image={{ ...image, alt: "" }}
                        sizes="(min-width: 1025px) 25vw, (min-width: 769px) 33vw, 50vw"
                        className="size-full object-cover transition duration-300 group-hover:scale-105"
                      />
                    )}
                  </div>
                  <p className="p-3 text-center text-sm font-semibold text-stone-900 md:text-base">
                    {/* Where two categories share a name the gender is shown; elsewhere only read out. */}
                    <span
                      className={
                        SHARED_NAMES.has(category.name) ? "block text-xs font-medium text-brand-700" : "sr-only"
                      }
                    >
                      {`${GENDER_LABEL[category.gender]}'s `}
                    </span>
                    {category.name}
                  </p>
                </LightLink>
              </li>
            );
          })}
        </ul>
        <CarouselArrows what="categories" inset="1" onPrevious={() => goTo(group - 1)} onNext={() => goTo(group + 1)} />
        <div className="mt-4 flex justify-center gap-1">
          {Array.from({ length: groups }, (_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position
              key={index}
              type="button"
              onClick={() => goTo(index)}
              aria-label={`Go to slide group ${index + 1}`}
              aria-current={index === group}
              className="grid size-11 place-items-center"
            >
              <span className={`block size-2.5 rounded-full ${index === group ? "bg-brand-700" : "bg-stone-300"}`} />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
