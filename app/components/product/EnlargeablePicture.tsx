// A product picture that a tap or click opens large in a dialog, with the size chart's keyboard and
// focus rules (Radix: Esc or Close shuts it, focus stays inside while open and returns to the picture).
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ProductImage } from "#shared/catalog.ts";
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
  return (
    <Dialog.Root onOpenChange={onOpenChange}>
      <Dialog.Trigger
        className="block w-full cursor-zoom-in"
        aria-label={`Enlarge picture ${position} of ${count} of ${name}`}
      >
        <ProductPicture
          image={image}
          sizes="(min-width: 1024px) 600px, 100vw"
          priority={priority}
          className="aspect-square w-full object-cover"
        />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[95vw] max-w-4xl -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-3 shadow-xl md:p-4"
        >
          <div className="flex items-center justify-between gap-3">
            <Dialog.Title className="min-w-0 font-semibold">
              {name}, picture {position} of {count}
            </Dialog.Title>
            <Dialog.Close className="icon-button shrink-0" aria-label="Close">
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <ProductPicture
            image={image}
            sizes="(min-width: 1024px) 880px, 95vw"
            eager
            className="mx-auto mt-2 h-auto max-h-[calc(90dvh-5rem)] w-full object-contain"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
