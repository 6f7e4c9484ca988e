// One product: create it (/admin/products/new) or change it, its pictures, and archive or
// restore it. Archived products leave the shop but stay in the orders that hold them.
import { useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import type { AdminProduct, ProductInputBody } from "#shared/admin.ts";
import { AdminError, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { NewPictures } from "../../components/admin/NewPictures.tsx";
import { PictureManager } from "../../components/admin/PictureManager.tsx";
import { ProductForm } from "../../components/admin/ProductForm.tsx";
import { adminCall, needsSignIn, useAdminData } from "../../lib/admin-api.ts";
import { loginFromHere } from "../../lib/return-to.ts";

export default function ProductEdit() {
  const { productId } = useParams();
  return productId ? <EditProduct id={productId} /> : <NewProduct />;
}

function NewProduct() {
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
      <BackLink />
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

function EditProduct({ id }: { id: string }) {
  const navigate = useNavigate();
  const product = useAdminData<AdminProduct>(`/products/${id}`);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const arrived = useLocation().state as { notice?: string } | null;
  const [notice, setNotice] = useState<string | undefined>(() =>
    typeof window !== "undefined" && window.location.search.includes("created=1")
      ? (arrived?.notice ?? "Product created.")
      : undefined,
  );

  if (product.state === "loading") return <AdminLoading what="the product" />;
  if (product.state === "failed") return <AdminError message={product.message} onRetry={product.reload} />;
  const current = product.data;

  async function act(call: () => ReturnType<typeof adminCall<AdminProduct>>, done: string) {
    setSaving(true);
    setError(undefined);
    setNotice(undefined);
    const result = await call();
    setSaving(false);
    if (needsSignIn(result)) return navigate(loginFromHere());
    if (!result.ok) return setError(result.error.message);
    product.replace(result.body);
    setNotice(done);
  }

  const save = (body: ProductInputBody) =>
    act(() => adminCall<AdminProduct>(`/products/${id}`, { method: "PUT", json: body }), "Changes saved.");
  const archive = () => {
    if (!window.confirm(`Archive ${current.name}? It leaves the shop; orders that hold it keep it.`)) return;
    void act(() => adminCall<AdminProduct>(`/products/${id}`, { method: "DELETE" }), "Product archived.");
  };
  const restore = () =>
    act(() => adminCall<AdminProduct>(`/products/${id}/restore`, { method: "POST" }), "Product back on sale.");

  return (
    <div>
      <BackLink />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">
          {current.name}
          {current.archivedAt ? <span className="ml-2 rounded bg-stone-200 px-2 text-sm">archived</span> : null}
        </h2>
        <div className="flex gap-2">
          {current.archivedAt ? (
            <button type="button" className="button-secondary" disabled={saving} onClick={restore}>
              Restore to the shop
            </button>
          ) : (
            <>
              <Link to={`/products/${id}`} className="button-secondary">
                View in shop
              </Link>
              <button type="button" className="button-secondary text-red-800" disabled={saving} onClick={archive}>
                Archive
              </button>
            </>
          )}
        </div>
      </div>
      {notice ? <AdminNotice>{notice}</AdminNotice> : null}
      {error ? <AdminError message={error} onRetry={error.includes("Reload") ? product.reload : undefined} /> : null}
      {/* A new key whenever the server's product or stock changes: the form starts from what it now holds. */}
      <ProductForm key={formKey(current)} product={current} saving={saving} onSave={save} />
      <PictureManager product={current} onChange={product.replace} />
    </div>
  );
}

const formKey = (p: AdminProduct) => `${p.updatedAt}:${p.sizes.map((s) => s.stock).join(",")}`;

function BackLink() {
  return (
    <Link to="/admin/products" className="mb-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
      ← All products
    </Link>
  );
}
