// A new product (/admin/products/new): its details and the pictures chosen for it, uploaded once
// the product exists; then its own screen (product-edit.tsx) opens, saying how that went.
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { AdminProduct, ProductInputBody } from "#shared/admin.ts";
import { AdminError } from "../../components/admin/AdminStatus.tsx";
import { NewPictures } from "../../components/admin/NewPictures.tsx";
import { ProductForm } from "../../components/admin/ProductForm.tsx";
import { adminCall, needsSignIn } from "../../lib/admin-api.ts";
import { loginFromHere } from "../../lib/return-to.ts";

export default function NewProduct() {
  const navigate = useNavigate();
  const [saving, setSaving] = useState<string>();
  const [error, setError] = useState<string>();
  const [pictures, setPictures] = useState<File[]>([]);
  async function save(body: ProductInputBody) {
    setSaving("Creating the product…");
    setError(undefined);
    const result = await adminCall<AdminProduct>("/products", { method: "POST", json: body });
    if (needsSignIn(result)) return navigate(loginFromHere());
    if (!result.ok) {
      setSaving(undefined);
      return setError(result.error.message);
    }
    const notice = await uploadPictures(result.body, pictures, setSaving);
    navigate(`/admin/products/${result.body._id}?created=1`, { state: { notice } });
  }
  return (
    <div>
      <Link to="/admin/products" className="mb-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
        ← All products
      </Link>
      <h2 className="mb-4 text-xl font-bold">New product</h2>
      {error ? <AdminError message={error} /> : null}
      <ProductForm saving={saving !== undefined} savingLabel={saving} onSave={save}>
        <NewPictures files={pictures} onChange={setPictures} disabled={saving !== undefined} />
      </ProductForm>
    </div>
  );
}

/**
 * Uploads the chosen pictures one by one (the order is the gallery's order) once the product
 * exists; answers what to tell the owner. A failed picture does not undo the product: the edit
 * screen opens with the reason, where the picture can be added again.
 */
async function uploadPictures(product: AdminProduct, files: File[], progress: (text: string) => void) {
  const failed: string[] = [];
  for (const [index, file] of files.entries()) {
    progress(`Uploading picture ${index + 1} of ${files.length}…`);
    const alt = `${product.name}, picture ${index + 1}`;
    const upload = await adminCall<AdminProduct>(`/products/${product._id}/images?alt=${encodeURIComponent(alt)}`, {
      method: "POST",
      file,
    });
    if (!upload.ok) failed.push(`${file.name}: ${upload.error.message}`);
  }
  if (failed.length === 0) {
    return files.length === 0
      ? "Product created."
      : `Product created with ${files.length} ${files.length === 1 ? "picture" : "pictures"}.`;
  }
  return `Product created, but ${failed.length} ${failed.length === 1 ? "picture was" : "pictures were"} not uploaded (${failed.join("; ")}). Add ${failed.length === 1 ? "it" : "them"} below.`;
}
