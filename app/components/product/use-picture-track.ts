// The product pictures' track: a horizontally scrolling list with CSS scroll snapping, so a finger
// swipes it as the browser swipes any list. Script only reads which picture is showing from the
// scroll position and moves to a picture for the arrows, thumbnails and autoplay, in
// SLIDE_TRANSITION_MS (docs/product.md section 9), or at once for people who prefer reduced motion.
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

export const SLIDE_TRANSITION_MS = 350;

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

export function usePictureTrack(count: number) {
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const frame = useRef(0);

  /** Ends a move under way, for instance when a finger takes over. */
  const stop = useCallback(() => {
    cancelAnimationFrame(frame.current);
    track.current?.style.removeProperty("scroll-snap-type");
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setIndex(Math.min(count - 1, Math.round(el.scrollLeft / Math.max(1, el.clientWidth))));
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      el.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame.current);
    };
  }, [count]);

  const goTo = useCallback(
    (target: number) => {
      const el = track.current;
      if (!el || count === 0) return;
      const to = (((target % count) + count) % count) * el.clientWidth; // past either end: round again
      stop();
      if (prefersReducedMotion()) {
        el.scrollTo({ left: to, behavior: "instant" });
        return;
      }
      const from = el.scrollLeft;
      const start = performance.now();
      // Snapping would pull every position in between back to a picture: it is off while moving.
      el.style.scrollSnapType = "none";
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / SLIDE_TRANSITION_MS);
        el.scrollTo({ left: from + (to - from) * easeInOut(t), behavior: "instant" });
        if (t < 1) frame.current = requestAnimationFrame(step);
        else stop();
      };
      frame.current = requestAnimationFrame(step);
    },
    [count, stop],
  );

  return { track, index, goTo, stop };
}

/**
 * Whether autoplay may run at all: at least half of the element is on screen, the tab is in view
 * and the visitor has not asked for reduced motion. False until the browser has said so.
 */
export function useAutoplayAllowed(element: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  const [tabVisible, setTabVisible] = useState(false);
  const [motionWelcome, setMotionWelcome] = useState(false);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.at(-1)?.isIntersecting ?? false), {
      threshold: 0.5,
    });
    observer.observe(el);
    const onVisibility = () => setTabVisible(document.visibilityState === "visible");
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    const onMotion = () => setMotionWelcome(!motion.matches);
    onVisibility();
    onMotion();
    document.addEventListener("visibilitychange", onVisibility);
    motion.addEventListener("change", onMotion);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", onVisibility);
      motion.removeEventListener("change", onMotion);
    };
  }, [element]);

  return onScreen && tabVisible && motionWelcome;
}
