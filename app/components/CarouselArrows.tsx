// The Previous / Next pair both carousels lay over their track (the category carousel on the home
// page and the product pictures); `inset` places them from the track's edges.
import { ChevronLeft, ChevronRight } from "lucide-react";

export function CarouselArrows({
  what,
  inset,
  onPrevious,
  onNext,
}: {
  /** What the buttons move through, as in "Previous categories". */
  what: string;
  inset: "1" | "2";
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <>
      <button
        type="button"
        onClick={onPrevious}
        aria-label={`Previous ${what}`}
        className={`carousel-arrow ${inset === "1" ? "left-1" : "left-2"}`}
      >
        <ChevronLeft aria-hidden="true" className="size-6" />
      </button>
      <button
        type="button"
        onClick={onNext}
        aria-label={`Next ${what}`}
        className={`carousel-arrow ${inset === "1" ? "right-1" : "right-2"}`}
      >
        <ChevronRight aria-hidden="true" className="size-6" />
      </button>
    </>
  );
}
