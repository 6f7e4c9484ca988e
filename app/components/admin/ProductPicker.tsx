// Choosing several products of the catalogue by name: a filter box over the admin product list
// (/api/admin/products, the products on sale, 25 a page) with a checkbox per product, and the chosen
// ones listed above it, each with its own Remove. Chosen products stay chosen while the filter
// changes; the names of those not listed yet are read once (an edited sale knows only their ids).
import { type ReactNode, useCallback, useEffect, useState } from "react";
import type { AdminProduct, AdminProductList, AdminProductSummary } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";
import { adminCall, queryString } from "../../lib/admin-api.ts";
import { ADMIN_INPUT } from "./AdminField.tsx";

export function ProductPicker({
  id,
  label,
  chosen,
  onChange,
  error,
}: {
  id: string;
  label: string;
  /** The chosen products' ids, in the order chosen. */
  chosen: string[];
  onChange: (chosen: string[]) => void;
  /** The field's error (the server's or the form's), read with the filter box. */
  error?: ReactNode;
}) {
  const [filter, setFilter] = useState("");
  const [found, setFound] = useState<{ products: AdminProductSummary[]; hasMore: boolean; page: number }>();
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [failure, setFailure] = useState<string>();
  const [page, setPage] = useState(1);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const remember = useCallback(
    (products: { _id: string; name: string }[]) =>
      setNames((before) => new Map([...before, ...products.map((p): [string, string] => [p._id, p.name])])),
    [],
  );

  // A moment after the last keystroke, the first page of the products whose name matches.
  useEffect(() => {
    let current = true;
    setState("loading");
    const timer = setTimeout(
      async () => {
        const answer = await adminCall<AdminProductList>(
          `/products${queryString({ query: filter.trim(), archived: "false", page: page > 1 ? page : undefined })}`,
        );
        if (!current) return;
        if (!answer.ok) {
          setState("failed");
          setFailure(answer.error.message);
          return;
        }
        remember(answer.body.products);
        setFound((before) => ({
          products: page > 1 && before ? [...before.products, ...answer.body.products] : answer.body.products,
          hasMore: answer.body.hasMore,
          page,
        }));
        setState("ready");
      },
      page > 1 ? 0 : 250,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [filter, page, remember]);

  // An edited sale's products come as ids: the names of those no list has shown yet, read once.
  const unnamed = chosen.filter((productId) => !names.has(productId));
  const unnamedKey = unnamed.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' key stands for the list
  useEffect(() => {
    if (unnamed.length === 0) return;
    let current = true;
    void Promise.all(unnamed.map((productId) => adminCall<AdminProduct>(`/products/${productId}`))).then((answers) => {
      if (current) remember(answers.flatMap((answer) => (answer.ok ? [answer.body] : [])));
    });
    return () => {
      current = false;
    };
  }, [unnamedKey]);

  const toggle = (productId: string, on: boolean) =>
    onChange(on ? [...chosen, productId] : chosen.filter((each) => each !== productId));
  const errorId = error ? `${id}-error` : undefined;

  return (
    <div className="grid gap-2 text-sm">
      {chosen.length > 0 ? (
        <div>
          <p className="font-semibold" id={`${id}-chosen`}>
            {chosen.length === 1 ? "1 product chosen" : `${chosen.length} products chosen`}
          </p>
          <ul aria-labelledby={`${id}-chosen`} className="mt-1 flex flex-wrap gap-2">
            {chosen.map((productId) => (
              <li
                key={productId}
                className="flex min-w-0 max-w-full items-center gap-1 rounded-full bg-stone-100 py-0.5 pr-0.5 pl-3"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">{names.get(productId) ?? "…"}</span>
                <button
                  type="button"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-200 hover:text-red-800"
                  aria-label={`Remove ${names.get(productId) ?? "this product"}`}
                  onClick={() => toggle(productId, false)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <label htmlFor={id} className="block font-semibold">
          {label}
        </label>
        <input
          id={id}
          type="search"
          className={ADMIN_INPUT}
          value={filter}
          placeholder="Type part of a name"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          aria-controls={`${id}-results`}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(1);
          }}
        />
        {error ? (
          <span id={errorId} role="alert" className="mt-1 block text-red-800">
            {error}
          </span>
        ) : null}
      </div>
      <fieldset
        id={`${id}-results`}
        aria-busy={state === "loading"}
        className="max-h-72 min-w-0 overflow-y-auto rounded-lg border border-stone-200"
      >
        <legend className="sr-only">Products to choose</legend>
        {state === "failed" ? (
          <p role="alert" className="p-3 text-red-800">
            {failure}
          </p>
        ) : found && found.products.length === 0 && state === "ready" ? (
          <p className="p-3 text-stone-700">No product on sale has that in its name.</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {(found?.products ?? []).map((product) => (
              <li key={product._id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-stone-50">
                  <input
                    type="checkbox"
                    className="size-5 shrink-0"
                    checked={chosen.includes(product._id)}
                    onChange={(event) => toggle(product._id, event.target.checked)}
                  />
                  <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{product.name}</span>
                  <span className="shrink-0 text-stone-700">{formatRs(product.discountPrice)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {state === "loading" ? (
          <p role="status" className="p-3 text-stone-600">
            Loading products…
          </p>
        ) : found?.hasMore ? (
          <div className="p-2">
            <button
              type="button"
              className="button-secondary min-h-9 w-full px-3 py-1 text-sm"
              onClick={() => setPage(found.page + 1)}
            >
              Show more products
            </button>
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}
