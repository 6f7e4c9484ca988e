// One product (/admin/products/{id}): change it, its pictures, and archive or restore it. Archived
// products leave the shop but stay in the orders that hold them. A new one starts at product-new.tsx.
import { useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import type { AdminProduct, ProductInputBody } from "#shared/admin.ts";
import { AdminError, AdminLoadFailed, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { PictureManager } from "../../components/admin/PictureManager.tsx";
import { ProductForm } from "../../components/admin/ProductForm.tsx";
import { adminCall, needsSignIn } from "../../lib/admin-api.ts";
import { loadAdmin, useLatest } from "../../lib/admin-loader.ts";
import { loginFromHere } from "../../lib/return-to.ts";
import type { Route } from "./+types/product-edit.ts";

export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) =>
  loadAdmin<AdminProduct>(request, `/products/${params.productId}`);

export const HydrateFallback = () => <AdminLoading what="the product" />;

export default function EditProduct({ loaderData, params: { productId: id } }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [product, replace] = useLatest(loaderData);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const arrived = useLocation().state as { notice?: string } | null;
  const [notice, setNotice] = useState<string | undefined>(() =>
    typeof window !== "undefined" && window.location.search.includes("created=1")
      ? (arrived?.notice ?? "Product created.")
      : undefined,
  );

  if (!product.ok) return <AdminLoadFailed message={product.message} what="the product" />;
  const current = product.data;
  const show = (changed: AdminProduct) => replace({ ok: true, data: changed });

  async function act(call: () => ReturnType<typeof adminCall<AdminProduct>>, done: string) {
    setSaving(true);
    setError(undefined);
    setNotice(undefined);
    const result = await call();
    setSaving(false);
    if (needsSignIn(result)) return navigate(loginFromHere());
    if (!result.ok) return setError(result.error.message);
    show(result.body);
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
      <Link to="/admin/products" className="mb-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
        ← All products
      </Link>
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
      {error ? (
        <AdminError message={error} onRetry={error.includes("Reload") ? () => void revalidate() : undefined} />
      ) : null}
      {/* A new key whenever the server's product or stock changes: the form starts from what it now holds. */}
      <ProductForm key={formKey(current)} product={current} saving={saving} onSave={save} />
      <PictureManager product={current} onChange={show} />
    </div>
  );
}

const formKey = (p: AdminProduct) => `${p.updatedAt}:${p.sizes.map((s) => s.stock).join(",")}`;
