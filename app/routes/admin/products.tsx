// The catalogue as the owner sees it: every product, archived ones too, searchable and filtered
// by category; the filters live in the address so a list can be bookmarked and shared.
import { Link } from "react-router";
import type { AdminProductList } from "#shared/admin.ts";
import { CATEGORIES } from "#shared/categories.ts";
import { formatRs } from "#shared/money.ts";
import { AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { DownloadButton } from "../../components/admin/DownloadButton.tsx";
import { ListResults, listQuery, SearchForm, useListParams } from "../../components/admin/ListControls.tsx";
import { ProductPicture } from "../../components/product/ProductPicture.tsx";
import { queryString } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/products.ts";

const CATEGORY_NAMES = new Map(CATEGORIES.map((c) => [c.slug, `${c.gender === "men" ? "Men" : "Women"} · ${c.name}`]));

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<AdminProductList>(request, `/products${listQuery(request.url, ["query", "category", "archived"])}`);

export const HydrateFallback = () => <AdminLoading what="products" />;

export default function AdminProducts({ loaderData: list }: Route.ComponentProps) {
  const { get, update } = useListParams();
  const query = get("query");
  const category = get("category");
  const archived = get("archived");
  const select = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal";

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-bold">Products</h2>
        <div className="flex flex-wrap items-start gap-2">
          <Link to={`/admin/stock${queryString({ category })}`} className="button-secondary">
            Edit stock in a grid
          </Link>
          <DownloadButton
            path={`/exports/products.csv${queryString({ query, category, archived })}`}
            fileName="products.csv"
            label="Download CSV"
          />
          <Link to="/admin/products/new" className="button-primary">
            New product
          </Link>
        </div>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-semibold">
          Category
          <select value={category} onChange={(e) => update({ category: e.target.value })} className={select}>
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
          <select value={archived} onChange={(e) => update({ archived: e.target.value })} className={select}>
            <option value="">On sale and archived</option>
            <option value="false">On sale</option>
            <option value="true">Archived</option>
          </select>
        </label>
      </div>
      <SearchForm label="Search by name" initial={query} onSearch={(text) => update({ query: text })} />
      <ListResults
        list={list}
        what="products"
        rows={(data) => data.products}
        empty="No products match."
        onPage={(next) => update({ page: String(next) })}
      >
        {(product) => (
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
        )}
      </ListResults>
    </div>
  );
}
