// Product images: one at a time, a new one every 3000 ms with a 350 ms slide (docs/product.md section 9),
// a thumbnail strip of the first 4 images, arrows, swiping on touch screens (CSS scroll snapping,
// see use-picture-track.ts) and a tap or click that opens the picture large. Autoplay runs only
// while the pictures are on screen in a visible tab, never for reduced motion, and pauses while a
// mouse is over them, keyboard focus is in them, a finger is on them or a picture is enlarged.

import { type FocusEvent, type PointerEvent, useEffect, useState } from "react";
import type { ProductImage } from "#shared/catalog.ts";
import { CarouselArrows } from "../CarouselArrows.tsx";
import { EnlargeablePicture } from "./EnlargeablePicture.tsx";
import { ProductPicture } from "./ProductPicture.tsx";
import { useAutoplayAllowed, usePictureTrack } from "./use-picture-track.ts";

export const SLIDE_INTERVAL_MS = 3000;
const THUMBNAILS = 4;

export function ImageCarousel({ images, name }: { images: ProductImage[]; name: string }) {
  const { track, index, goTo, stop } = usePictureTrack(images.length);
  const allowed = useAutoplayAllowed(track);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);
  const [enlarged, setEnlarged] = useState(false);
  const rotating = allowed && images.length > 1 && !hovered && !focused && !touched && !enlarged;

  // A fresh interval after every change of picture, so a swipe or a click is never followed at once by a move.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => goTo(index + 1), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, goTo]);

  const onPointer = (hovering: boolean) => (event: PointerEvent) => {
    // A tap also sends pointer events; only a mouse (or pen) hovers.
    if (event.pointerType !== "touch") setHovered(hovering);
  };
  // Keyboard focus pauses; the focus a mouse click leaves on an arrow does not keep it paused.
  const onFocus = (event: FocusEvent) => setFocused(event.target.matches(":focus-visible"));
  const onTouch = (touching: boolean) => () => {
    if (touching) stop();
    setTouched(touching);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel is a group of slides, not a form fieldset
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={`Pictures of ${name}`}
      className="min-w-0"
      onPointerEnter={onPointer(true)}
      onPointerLeave={onPointer(false)}
      onFocus={onFocus}
      onBlur={() => setFocused(false)}
      onTouchStart={onTouch(true)}
      onTouchEnd={onTouch(false)}
      onTouchCancel={onTouch(false)}
    >
      <div className="relative">
        <ul
          ref={track}
          // Screen readers hear the new picture when someone moves to it, not every autoplay step.
          aria-live={rotating ? "off" : "polite"}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-stone-100 [scrollbar-width:none]"
        >
          {images.map((image, i) => (
            <li
              key={image.id}
              className="w-full shrink-0 snap-center snap-always"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${images.length}`}
              // The pictures scrolled out of view are out of the tab order and the reading order too.
              inert={i !== index}
            >
              <EnlargeablePicture
                image={image}
                position={i + 1}
                count={images.length}
                name={name}
                priority={i === 0}
                onOpenChange={setEnlarged}
              />
            </li>
          ))}
        </ul>
        {images.length > 1 && (
          <CarouselArrows what="picture" inset="2" onPrevious={() => goTo(index - 1)} onNext={() => goTo(index + 1)} />
        )}
      </div>
      <ul className="mt-3 grid grid-cols-4 gap-2" aria-label="Choose a picture">
        {images.slice(0, THUMBNAILS).map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={() => goTo(i)}
              aria-label={`Show picture ${i + 1}: ${image.alt}`}
              aria-current={i === index}
              className={`block w-full overflow-hidden rounded-lg border-2 ${i === index ? "border-brand-700" : "border-transparent hover:border-stone-300"}`}
            >
              <ProductPicture image={image} sizes="150px" alt="" eager className="aspect-square w-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
