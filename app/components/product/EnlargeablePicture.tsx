// A product picture that a tap or click opens large in a modal <dialog> (PictureDialog.tsx): Escape
// or Close shuts it, the page behind is inert while it is open, and the browser gives focus back to
// the picture when it closes. Native, not Radix's dialog: the product page's first load no longer
// carries a dialog library, and four pictures no longer hydrate four dialogs' hooks (issue 54,
// decision 050). The dialog and its large picture exist only while open.
import { useState } from "react";
import type { ProductImage } from "#shared/catalog.ts";
import { PictureDialog } from "../PictureDialog.tsx";
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
        <PictureDialog title={`${name}, picture ${position} of ${count}`} onClose={() => show(false)}>
          <ProductPicture
            image={image}
            sizes="(min-width: 1024px) 880px, 95vw"
            eager
            className="mx-auto mt-2 h-auto max-h-[calc(90dvh-5rem)] w-full object-contain"
          />
        </PictureDialog>
      ) : null}
    </>
  );
}
