// A product's pictures: upload (JPEG, PNG or WebP up to 10 MB, checked here first so a wrong
// file is refused before it travels), move up or down, remove. The first picture is the one
// product cards show.
import { type ChangeEvent, useRef, useState } from "react";
import { ADMIN_IMAGE_MAX_BYTES, ADMIN_IMAGE_TYPES, ADMIN_MESSAGES, type AdminProduct } from "#shared/admin.ts";
import { adminCall } from "../../lib/admin-api.ts";
import { ProductPicture } from "../product/ProductPicture.tsx";
import { AdminError } from "./AdminStatus.tsx";

export function PictureManager({ product, onChange }: { product: AdminProduct; onChange: (p: AdminProduct) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const base = `/products/${product._id}/images`;

  async function run(action: () => ReturnType<typeof adminCall<AdminProduct>>) {
    setBusy(true);
    setError(undefined);
    const result = await action();
    setBusy(false);
    if (result.ok) onChange(result.body);
    else setError(result.error.message);
  }

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!(ADMIN_IMAGE_TYPES as readonly string[]).includes(file.type)) return setError(ADMIN_MESSAGES.imageType);
    if (file.size > ADMIN_IMAGE_MAX_BYTES) return setError(ADMIN_MESSAGES.imageTooBig);
    const alt = `${product.name}, picture ${product.images.length + 1}`;
    void run(() => adminCall<AdminProduct>(`${base}?alt=${encodeURIComponent(alt)}`, { method: "POST", file }));
  }

  function move(index: number, by: -1 | 1) {
    const ids = product.images.map((image) => image.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    void run(() => adminCall<AdminProduct>(`${base}/order`, { method: "PUT", json: { imageIds: ids } }));
  }

  function remove(imageId: string) {
    if (!window.confirm("Remove this picture from the product?")) return;
    void run(() => adminCall<AdminProduct>(`${base}/${imageId}`, { method: "DELETE" }));
  }

  return (
    <section aria-labelledby="pictures" className="mt-10">
      <h3 id="pictures" className="text-lg font-bold">
        Pictures
      </h3>
      {error ? <AdminError message={error} /> : null}
      {product.images.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">
          No pictures yet: the shop shows a product best with three or more.
        </p>
      ) : (
        <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {product.images.map((image, index) => (
            <li key={image.id} className="rounded-lg border border-stone-200 p-2">
              <ProductPicture image={image} sizes="200px" eager className="aspect-square w-full rounded object-cover" />
              <p className="mt-1 text-xs text-stone-600">{index === 0 ? "Main picture" : `Picture ${index + 1}`}</p>
              <div className="mt-1 flex flex-wrap gap-1">
                <button
                  type="button"
                  className="button-secondary min-h-9 px-2 py-1 text-xs"
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move picture ${index + 1} earlier`}
                >
                  ↑ Earlier
                </button>
                <button
                  type="button"
                  className="button-secondary min-h-9 px-2 py-1 text-xs"
                  disabled={busy || index === product.images.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move picture ${index + 1} later`}
                >
                  ↓ Later
                </button>
                <button
                  type="button"
                  className="button-secondary min-h-9 px-2 py-1 text-xs text-red-800"
                  disabled={busy}
                  onClick={() => remove(image.id)}
                  aria-label={`Remove picture ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <label className="mt-4 block text-sm font-semibold">
        Add a picture (JPEG, PNG or WebP, up to 10 MB)
        <input
          ref={fileInput}
          type="file"
          accept={ADMIN_IMAGE_TYPES.join(",")}
          disabled={busy}
          onChange={upload}
          className="mt-1 block w-full text-sm"
        />
      </label>
      {busy ? (
        <p role="status" className="mt-2 text-sm text-stone-600">
          Working on the pictures…
        </p>
      ) : null}
    </section>
  );
}
