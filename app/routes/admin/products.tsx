// The catalogue as the owner sees it: every product, archived ones too, searchable and filtered
// by category; the filters live in the address so a list can be bookmarked and shared.
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AdminProductList } from "#shared/admin.ts";
import { CATEGORIES } from "#shared/categories.ts";
import { formatRs } from "#shared/money.ts";
import { AdminEmpty, AdminError, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { Pager } from "../../components/admin/Pager.tsx";
import { ProductPicture } from "../../components/product/ProductPicture.tsx";
import { queryString, useAdminData } from "../../lib/admin-api.ts";

const CATEGORY_NAMES = new Map(CATEGORIES.map((c) => [c.slug, `${c.gender === "men" ? "Men" : "Women"} · ${c.name}`]));

export default function AdminProducts() {
  const [params, setParams] = useSearchParams();
  const query = params.get("query") ?? "";
  const category = params.get("category") ?? "";
  const archived = params.get("archived") ?? "";
  const page = Number(params.get("page") ?? "1") || 1;
  const list = useAdminData<AdminProductList>(`/products${queryString({ query, category, archived, page })}`);
  const [search, setSearch] = useState(query);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ query: search.trim() });
  };

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-bold">Products</h2>
        <Link to="/admin/products/new" className="button-primary">
          New product
        </Link>
      </div>
      <form onSubmit={onSearch} className="mt-4 grid gap-3 md:grid-cols-[1fr_auto_auto_auto] md:items-end">
        <label className="block text-sm font-semibold">
          Search by name
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="block text-sm font-semibold">
          Category
          <select
            value={category}
            onChange={(e) => update({ category: e.target.value })}
            className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
          >
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {CATEGORY_NAMES.get(c.slug)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold">
          Show
          <select
            value={archived}
            onChange={(e) => update({ archived: e.target.value })}
            className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
          >
            <option value="">On sale and archived</option>
            <option value="false">On sale</option>
            <option value="true">Archived</option>
          </select>
        </label>
        <button type="submit" className="button-secondary">
          Search
        </button>
      </form>

      {list.state === "loading" ? (
        <AdminLoading what="products" />
      ) : list.state === "failed" ? (
        <AdminError message={list.message} onRetry={list.reload} />
      ) : list.data.products.length === 0 ? (
        <div className="mt-4">
          <AdminEmpty>No products match.</AdminEmpty>
        </div>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-stone-100 rounded-xl border border-stone-200">
            {list.data.products.map((product) => (
              <li key={product._id} className="flex items-center gap-3 p-3">
                <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-stone-100">
                  {product.thumbnail ? (
                    <ProductPicture image={product.thumbnail} sizes="56px" alt="" className="size-full object-cover" />
                  ) : null}
                </div>
                <div className="min-w-0 flex-1">
                  <Link to={`/admin/products/${product._id}`} className="font-semibold text-brand-700 hover:underline">
                    {product.name}
                  </Link>
                  <p className="text-sm text-stone-600">
                    {CATEGORY_NAMES.get(product.category)} · {product.stock} pairs
                    {product.archived ? (
                      <span className="ml-2 rounded bg-stone-200 px-1.5 text-stone-800">archived</span>
                    ) : null}
                  </p>
                </div>
                <p className="shrink-0 text-right text-sm">
                  <span className="block font-bold">{formatRs(product.discountPrice)}</span>
                  {product.discountPercentage > 0 ? (
                    <span className="text-stone-600">
                      <del>{formatRs(product.price)}</del> {product.discountPercentage}% off
                    </span>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
          <Pager
            page={list.data.page}
            hasMore={list.data.hasMore}
            total={list.data.total}
            onPage={(next) => update({ page: String(next) })}
          />
        </>
      )}
    </div>
  );
}
