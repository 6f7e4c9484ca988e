// A product picture that a tap or click opens large in a modal <dialog>: Escape or Close shuts it,
// the page behind is inert while it is open (so focus stays inside), and the browser gives focus back
// to the picture when it closes. Native, not Radix's dialog: the product page's first load no longer
// carries a dialog library, and four pictures no longer hydrate four dialogs' hooks (issue 54,
// decision 050). The dialog and its large picture exist only while open.
import { X } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import type { ProductImage } from "#shared/catalog.ts";
import { showModalHoldingPage } from "../../lib/modal.ts";
import { ProductPicture } from "./ProductPicture.tsx";

export function EnlargeablePicture({
  image,
  position,
  count,
  name,
  priority,
  onOpenChange,
}: {
  image: ProductImage;
  /** 1-based place among the product's pictures. */
  position: number;
  count: number;
  name: string;
  priority: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = `enlarged-picture-${position}`;
  useLayoutEffect(() => {
    if (open) showModalHoldingPage(dialog.current);
  }, [open]);
  const show = (next: boolean) => {
    setOpen(next);
    onOpenChange(next);
  };
  return (
    <>
      <button
        type="button"
        className="block w-full cursor-zoom-in"
        aria-label={`Enlarge picture ${position} of ${count} of ${name}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => show(true)}
      >
        <ProductPicture
          image={image}
          sizes="(min-width: 1024px) 600px, 100vw"
          priority={priority}
          className="aspect-square w-full object-cover"
        />
      </button>
      {open ? (
        // Clicks on the backdrop land on the dialog element itself and close it; Escape is native.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes a modal dialog with Escape, natively
        <dialog
          ref={dialog}
          aria-labelledby={titleId}
          onClose={() => show(false)}
          onClick={(event) => {
            if (event.target === event.currentTarget) dialog.current?.close();
          }}
          className="m-auto w-[95vw] max-w-4xl rounded-2xl bg-white shadow-xl backdrop:bg-black/80"
        >
          <div className="p-3 md:p-4">
            <div className="flex items-center justify-between gap-3">
              <h2 id={titleId} className="min-w-0 font-semibold">
                {name}, picture {position} of {count}
              </h2>
              <button
                type="button"
                className="icon-button shrink-0"
                aria-label="Close"
                onClick={() => dialog.current?.close()}
              >
                <X aria-hidden="true" className="size-6" />
              </button>
            </div>
            <ProductPicture
              image={image}
              sizes="(min-width: 1024px) 880px, 95vw"
              eager
              className="mx-auto mt-2 h-auto max-h-[calc(90dvh-5rem)] w-full object-contain"
            />
          </div>
        </dialog>
      ) : null}
    </>
  );
}
