import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { dismissToast, type ToastKind, useToasts } from "../../lib/toast.ts";

const STYLES: Record<ToastKind, { className: string; Icon: typeof Info }> = {
  success: { className: "border-green-700 bg-green-50 text-green-900", Icon: CircleCheck },
  error: { className: "border-red-700 bg-red-50 text-red-900", Icon: CircleAlert },
  warning: { className: "border-amber-600 bg-amber-50 text-amber-900", Icon: TriangleAlert },
  info: { className: "border-stone-500 bg-white text-stone-900", Icon: Info },
};

/** Space kept between the toasts and the buttons they would have covered, in px. */
const CLEARANCE = 8;

/**
 * Toasts bottom-left, at most 3 (docs/product.md section 9), standing on the floating links' bar. They must
 * not hide the form the shopper is using: three failed sign-ups stacked three toasts over the Sign
 * Up button. So the page keeps their height free at its end (<body>'s padding) and, when
 * they would cover a button of the form in use, scrolls it up above them.
 */
export function Toaster() {
  const toasts = useToasts();
  const stack = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const section = stack.current;
    if (!section) return;
    const height = toasts.length > 0 ? section.getBoundingClientRect().height + CLEARANCE : 0;
    // The room is <body>'s own padding, which no element inherits: a custom property on <html>,
    // which every element does, restyled the whole page when a toast came (93 ms of Add to Cart's
    // 150-250 ms tap at 4x CPU, decision 055). Written only when it changes, so the first render,
    // with no toasts, writes nothing during hydration (decision 049).
    const value = height > 0 ? `${height}px` : "";
    const body = document.body.style;
    if (body.paddingBottom !== value) body.paddingBottom = value;
    if (toasts.length > 0) keepFormButtonsClear(section.getBoundingClientRect());
  }, [toasts]);
  return (
    <section
      ref={stack}
      aria-label="Notifications"
      className="toast-stack pointer-events-none fixed bottom-[calc(var(--floating-bar-shown,0px)+0.5rem)] left-3 z-50 flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2"
    >
      <div aria-live="polite" className="flex flex-col gap-2">
        {toasts.map((t) => {
          const { className, Icon } = STYLES[t.kind];
          return (
            <div
              key={t.id}
              role={t.kind === "error" || t.kind === "warning" ? "alert" : "status"}
              className={`pointer-events-auto flex items-start gap-2 rounded-lg border-l-4 p-3 text-sm font-medium shadow-lg ${className}`}
            >
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="flex-1">{t.message}</span>
              <button
                type="button"
                onClick={() => dismissToast(t.id)}
                aria-label="Dismiss"
                className="-m-1 grid size-7 place-items-center rounded hover:bg-black/5"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** Scrolls the buttons of the form in use (the one holding the focus) above the toasts' top edge. */
function keepFormButtonsClear(toasts: DOMRect): void {
  const focused = document.activeElement;
  const form = focused?.closest("form");
  const buttons = form ? [...form.querySelectorAll("button")] : focused instanceof HTMLButtonElement ? [focused] : [];
  let overlap = 0;
  for (const button of buttons) {
    const box = button.getBoundingClientRect();
    const across = box.right > toasts.left && box.left < toasts.right;
    if (box.height > 0 && across && box.bottom > toasts.top) overlap = Math.max(overlap, box.bottom - toasts.top);
  }
  if (overlap > 0) window.scrollBy({ top: overlap + CLEARANCE, behavior: "instant" });
}
