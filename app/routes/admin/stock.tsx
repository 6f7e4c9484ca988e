// The stock grid (/admin/stock?category=…): every size of every product in a category on one
// screen, for the day a delivery from the workshop comes in. Only changed cells are sent, with
// the number they showed, in one request: all are saved or none (a pair sold meanwhile -> 409).
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { CATEGORIES, type CategorySlug, isCategorySlug } from "#shared/categories.ts";
import { STOCK_MAX, type StockChange, type StockGrid, type StockGridSaved } from "#shared/stock-grid.ts";
import {
  AdminEmpty,
  AdminError,
  AdminLoadFailed,
  AdminLoading,
  AdminNotice,
} from "../../components/admin/AdminStatus.tsx";
import { useListParams } from "../../components/admin/ListControls.tsx";
import { MostWanted } from "../../components/admin/MostWanted.tsx";
import { StockTable } from "../../components/admin/StockTable.tsx";
import { adminCall, needsSignIn } from "../../lib/admin-api.ts";
import { type Loaded, loadAdmin, useLoadingHere } from "../../lib/admin-loader.ts";
import { loginFromHere } from "../../lib/return-to.ts";
import type { Route } from "./+types/stock.ts";

const categoryName = (slug: CategorySlug) => {
  const c = CATEGORIES.find((x) => x.slug === slug);
  return c ? `${c.gender === "men" ? "Men" : "Women"} · ${c.name}` : slug;
};

const categoryOf = (asked: string | null): CategorySlug =>
  asked && isCategorySlug(asked) ? asked : (CATEGORIES[0]?.slug as CategorySlug);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<StockGrid>(request, `/stock?category=${categoryOf(new URL(request.url).searchParams.get("category"))}`);

export const HydrateFallback = () => <AdminLoading what="the stock" />;

export default function StockGridScreen({ loaderData }: Route.ComponentProps) {
  const { get, update } = useListParams();
  const category = categoryOf(get("category"));
  return (
    <div>
      <h2 className="text-xl font-bold">Stock by size</h2>
      <p className="mt-1 text-sm text-stone-600">
        Pairs in stock for every size of every product on sale in a category. An empty cell is a size the product does
        not come in; type pairs into it to start offering that size. A bell under a sold-out size counts the customers
        waiting for it: they are told once when you add pairs.
      </p>
      <label className="mt-3 block max-w-md text-sm font-semibold">
        Category
        <select
          value={category}
          onChange={(e) => update({ category: e.target.value })}
          className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
        >
          {CATEGORIES.map((c) => (
            <option key={c.slug} value={c.slug}>
              {categoryName(c.slug)}
            </option>
          ))}
        </select>
      </label>
      <CategoryGrid key={category} category={category} grid={loaderData} />
    </div>
  );
}

type Edits = Record<string, string>;
const cellKey = (productId: string, size: number) => `${productId}:${size}`;

function CategoryGrid({ category, grid }: { category: CategorySlug; grid: Loaded<StockGrid> }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  // Another category, or the grid read again after a save: never the typed numbers over old stock.
  const loading = useLoadingHere() || revalidator.state === "loading";
  if (loading) return <AdminLoading what="the stock" />;
  if (!grid.ok) return <AdminLoadFailed message={grid.message} what="the stock" />;
  const { products, mostWanted } = grid.data;
  if (products.length === 0) {
    return (
      <div className="mt-4">
        <MostWanted sizes={mostWanted} category={category} />
        <div className="mt-4">
          <AdminEmpty>No products on sale in {categoryName(category)}.</AdminEmpty>
        </div>
      </div>
    );
  }

  // What changed, and which typed values are not a whole number of pairs.
  const changes: StockChange[] = [];
  const invalid: string[] = [];
  for (const product of products) {
    for (const cell of product.sizes) {
      const typed = edits[cellKey(product._id, cell.size)];
      if (typed === undefined) continue;
      const shown = cell.offered ? String(cell.stock) : "";
      if (typed.trim() === shown) continue;
      const value = typed.trim() === "" ? 0 : Number(typed);
      if (!Number.isInteger(value) || value < 0 || value > STOCK_MAX) {
        invalid.push(`${product.name}, size ${cell.size}`);
        continue;
      }
      if (!cell.offered && value === 0) continue;
      changes.push({ productId: product._id, size: cell.size, stock: value, expectedStock: cell.stock });
    }
  }

  async function save() {
    setSaving(true);
    setError(undefined);
    setNotice(undefined);
    const result = await adminCall<StockGridSaved>("/stock", { method: "PUT", json: { changes } });
    setSaving(false);
    if (needsSignIn(result)) return navigate(loginFromHere());
    if (!result.ok) return setError(result.error.message);
    void revalidator.revalidate();
    setEdits({});
    setNotice(`Saved ${result.body.changed} ${result.body.changed === 1 ? "change" : "changes"}.`);
  }

  return (
    <div className="mt-4">
      {notice ? <AdminNotice>{notice}</AdminNotice> : null}
      {error ? (
        <AdminError
          message={error}
          onRetry={
            error.includes("Reload")
              ? () => {
                  setEdits({});
                  setError(undefined);
                  void revalidator.revalidate();
                }
              : undefined
          }
        />
      ) : null}
      <MostWanted sizes={mostWanted} category={category} />
      <div className="mt-4">
        <StockTable
          products={products}
          edits={edits}
          invalid={invalid}
          onEdit={(productId, size, value) => setEdits((e) => ({ ...e, [cellKey(productId, size)]: value }))}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="button-primary"
          disabled={saving || changes.length === 0 || invalid.length > 0}
          onClick={save}
        >
          {saving
            ? "Saving…"
            : changes.length === 0
              ? "No changes to save"
              : `Save ${changes.length} ${changes.length === 1 ? "change" : "changes"}`}
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={saving || Object.keys(edits).length === 0}
          onClick={() => setEdits({})}
        >
          Undo my changes
        </button>
        {invalid.length > 0 ? (
          <p role="alert" className="text-sm text-red-800">
            Pairs must be a whole number from 0 to {STOCK_MAX}: {invalid.slice(0, 3).join("; ")}
            {invalid.length > 3 ? ` and ${invalid.length - 3} more` : ""}.
          </p>
        ) : null}
      </div>
    </div>
  );
}
