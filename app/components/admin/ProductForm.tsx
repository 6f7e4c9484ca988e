// The product form: what the shop shows of a product and its stock per size. Prices are whole
// rupees; the percentage off is derived, as the shop derives it. Saving an existing product sends
// the stock each size had when the form opened, so a sale made meanwhile is never overwritten.
import { type FormEvent, type ReactNode, useState } from "react";
import type { AdminProduct, ProductInputBody } from "#shared/admin.ts";
import { CATEGORIES, type CategorySlug } from "#shared/categories.ts";
import { FIT_NOTE_LABELS, FIT_NOTES, type FitNote } from "#shared/fit-note.ts";
import { discountPercentage } from "#shared/money.ts";
import { tagsFromText } from "#shared/product-tags.ts";
import { SIZES } from "#shared/sizes.ts";
import { AdminField } from "./AdminField.tsx";
import { ColourPicker } from "./ColourPicker.tsx";

interface SizeRow {
  size: number;
  offered: boolean;
  stock: string;
  loaded: number;
}

export interface ProductFormProps {
  product?: AdminProduct;
  saving: boolean;
  onSave: (body: ProductInputBody) => void;
  /** More fields before the save button (the new product's pictures). */
  children?: ReactNode;
  /** What the save button says while saving (default "Saving…"). */
  savingLabel?: string;
}

const input = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal";

export function ProductForm({ product, saving, onSave, children, savingLabel }: ProductFormProps) {
  const [name, setName] = useState(product?.name ?? "");
  const [description, setDescription] = useState(product?.description ?? "");
  const [features, setFeatures] = useState(product?.features.join("\n") ?? "");
  const [category, setCategory] = useState<CategorySlug>(product?.category ?? "men-sneakers-casual-shoes");
  const [price, setPrice] = useState(product ? String(product.price) : "");
  const [discountPrice, setDiscountPrice] = useState(product ? String(product.discountPrice) : "");
  const [colour, setColour] = useState<string | null>(product?.colour ?? null);
  const [fitNote, setFitNote] = useState<FitNote | null>(product?.fitNote ?? null);
  const [tags, setTags] = useState(product?.tags.join(", ") ?? "");
  const [sizes, setSizes] = useState<SizeRow[]>(() =>
    SIZES.map((size) => {
      const current = product?.sizes.find((s) => s.size === size);
      return {
        size,
        offered: current?.offered ?? false,
        stock: String(current?.stock ?? 0),
        loaded: current?.stock ?? 0,
      };
    }),
  );

  const priceValue = Number(price);
  const discountValue = discountPrice === "" ? priceValue : Number(discountPrice);
  const percent =
    Number.isInteger(priceValue) && priceValue > 0 && Number.isInteger(discountValue) && discountValue <= priceValue
      ? discountPercentage(priceValue, discountValue)
      : undefined;

  const setSize = (size: number, change: Partial<SizeRow>) =>
    setSizes((rows) => rows.map((row) => (row.size === size ? { ...row, ...change } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      name,
      description,
      features: features
        .split("\n")
        .map((f) => f.trim())
        .filter(Boolean),
      category,
      // Numbers as typed: the server's schema words the refusal of anything that is not a whole rupee.
      price: price === "" ? Number.NaN : Number(price),
      discountPrice: discountPrice === "" ? undefined : Number(discountPrice),
      colour,
      fitNote,
      // As typed, each piece trimmed: the server's schema merges repeats and words a refusal.
      tags: tagsFromText(tags),
      sizes: sizes
        .filter((row) => row.offered)
        .map((row) => ({
          size: row.size,
          stock: row.stock === "" ? Number.NaN : Number(row.stock),
          ...(product ? { expectedStock: row.loaded } : {}),
        })),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
      <label className="block text-sm font-semibold md:col-span-2">
        Name
        <input required value={name} onChange={(e) => setName(e.target.value)} className={input} />
      </label>
      <label className="block text-sm font-semibold md:col-span-2">
        Description
        <textarea
          required
          rows={4}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          className={input}
        />
      </label>
      <label className="block text-sm font-semibold md:col-span-2">
        Features (one per line)
        <textarea rows={4} value={features} onChange={(e) => setFeatures(e.target.value)} className={input} />
      </label>
      <label className="block text-sm font-semibold">
        Category
        <select value={category} onChange={(e) => setCategory(e.target.value as CategorySlug)} className={input}>
          {CATEGORIES.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.gender === "men" ? "Men" : "Women"} · {c.name}
            </option>
          ))}
        </select>
      </label>
      <AdminField id="fit-note" label="Fit" hint="The product page says it and suggests a size from the shopper's own.">
        {(control) => (
          <select
            {...control}
            value={fitNote ?? ""}
            onChange={(e) => setFitNote(FIT_NOTES.find((fit) => fit === e.target.value) ?? null)}
          >
            <option value="">Not said</option>
            {FIT_NOTES.map((fit) => (
              <option key={fit} value={fit}>
                {FIT_NOTE_LABELS[fit]}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      <AdminField
        id="product-tags"
        label="Tags (separated by commas)"
        hint="Group products across categories, e.g. Eid collection"
      >
        {(control) => (
          <input {...control} value={tags} placeholder="Eid collection" onChange={(e) => setTags(e.target.value)} />
        )}
      </AdminField>
      <ColourPicker value={colour} onChange={setColour} />
      <div className="grid grid-cols-2 gap-3">
        <label className="block text-sm font-semibold">
          Price (Rs.)
          <input
            required
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            className={input}
          />
        </label>
        <label className="block text-sm font-semibold">
          Discount price (Rs.)
          <input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={discountPrice}
            onChange={(e) => setDiscountPrice(e.target.value)}
            aria-describedby="percent-off"
            className={input}
          />
        </label>
        <p id="percent-off" className="col-span-2 text-sm text-stone-600" aria-live="polite">
          {price === ""
            ? ""
            : percent === undefined
              ? "The discount price cannot be more than the price."
              : `${percent}% off`}
        </p>
      </div>

      <fieldset className="md:col-span-2">
        <legend className="text-sm font-semibold">Stock per size</legend>
        <p className="text-xs text-stone-600">Tick the sizes this product comes in and enter the pairs in stock.</p>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
          {sizes.map((row) => (
            <div key={row.size} className="rounded-lg border border-stone-200 p-2">
              <label className="flex items-center gap-2 text-sm font-semibold">
                <input
                  type="checkbox"
                  checked={row.offered}
                  onChange={(e) => setSize(row.size, { offered: e.target.checked })}
                  className="size-5"
                />
                Size {row.size}
              </label>
              <label className="mt-1 block text-xs text-stone-700">
                Pairs<span className="sr-only"> in size {row.size}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  disabled={!row.offered}
                  value={row.stock}
                  onChange={(e) => setSize(row.size, { stock: e.target.value })}
                  className="mt-0.5 w-full rounded border border-stone-300 px-2 py-1 disabled:bg-stone-100"
                />
              </label>
            </div>
          ))}
        </div>
      </fieldset>

      {children}

      <div className="md:col-span-2">
        <button type="submit" className="button-primary" disabled={saving}>
          {saving ? (savingLabel ?? "Saving…") : product ? "Save changes" : "Create product"}
        </button>
      </div>
    </form>
  );
}
