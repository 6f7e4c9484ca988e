// The filters and sort of a list as one GET form: without JavaScript its Apply button sends the
// state in the address and the server renders it; with JavaScript each change applies at once
// (the price after a pause in typing), still through the address, so Back and sharing work.
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { GENDER_LABEL, GENDERS, type Gender } from "#shared/categories.ts";
import { type Colour, type ListQuery, priceRangeLabel, SORT_LABEL, SORTS, type Sort } from "#shared/listing.ts";
import { SIZES } from "#shared/sizes.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { FixedFilter, HrefOf } from "./list-links.ts";

const PRICE_PAUSE_MS = 700;

/**
 * Quick price ranges, in whole rupees, named as the chip they apply is ('Rs.3,000 to Rs.5,000'): one
 * way of writing rupees on every screen (shared/money.ts).
 */
const PRICE_RANGES = (
  [
    [null, 3000],
    [3000, 5000],
    [5000, 8000],
    [8000, null],
  ] as const
).map(([min, max]) => ({ label: priceRangeLabel(min, max), min, max }));

/** The form's state: prices as typed, so a half-typed number is not lost. */
interface Draft extends Omit<ListQuery, "minPrice" | "maxPrice"> {
  minPrice: string;
  maxPrice: string;
}

const draftOf = (query: ListQuery): Draft => ({
  ...query,
  minPrice: query.minPrice === null ? "" : String(query.minPrice),
  maxPrice: query.maxPrice === null ? "" : String(query.maxPrice),
});

const priceOf = (typed: string): number | null | undefined => {
  if (typed.trim() === "") return null;
  return /^\d{1,8}$/.test(typed.trim()) ? Number(typed.trim()) : undefined;
};

/** The state to apply, or a reason it cannot be (what the shopper should fix). */
function queryOf(draft: Draft): ListQuery | string {
  const minPrice = priceOf(draft.minPrice);
  const maxPrice = priceOf(draft.maxPrice);
  if (minPrice === undefined || maxPrice === undefined) return "Prices are whole rupees, e.g. 5000.";
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    return "The lowest price must not be above the highest.";
  return { ...draft, minPrice, maxPrice, page: 1 };
}

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

const legendClass = "text-sm font-bold text-stone-900";
const pillClass =
  "flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-2 text-sm font-medium text-stone-800 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 hover:border-brand-700";

export function FilterForm({
  query,
  colours,
  path,
  hrefOf,
  hide,
  extra,
  offerGender,
}: {
  query: ListQuery;
  colours: readonly Colour[];
  path: string;
  hrefOf: HrefOf;
  hide: readonly FixedFilter[];
  extra: Record<string, string>;
  /** The list holds both men's and women's shoes. */
  offerGender: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(query));
  const [problem, setProblem] = useState<string | null>(null);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The address changed (a chip, Back, another form): show what is in effect now.
  const applied = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `applied` stands for `query`
  useEffect(() => {
    setDraft(draftOf(query));
    setProblem(null);
  }, [applied]);
  useEffect(() => () => clearTimeout(pause.current), []);

  function apply(next: Draft, wait = 0) {
    setDraft(next);
    clearTimeout(pause.current);
    const go = () => {
      const state = queryOf(next);
      setProblem(typeof state === "string" ? state : null);
      if (typeof state !== "string") void navigate(hrefOf(state), { preventScrollReset: true });
    };
    if (wait > 0) pause.current = setTimeout(go, wait);
    else go();
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <Form
      method="get"
      action={path}
      preventScrollReset
      aria-label="Filter and sort"
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hide.includes("gender") && query.gender && <input type="hidden" name="gender" value={query.gender} />}

      <div className="flex flex-col gap-1">
        <label htmlFor={field("sort")} className={legendClass}>
          Sort by
        </label>
        <select
          id={field("sort")}
          name="sort"
          value={draft.sort}
          onChange={(event) => apply({ ...draft, sort: event.target.value as Sort })}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABEL[sort]}
            </option>
          ))}
        </select>
      </div>

      {offerGender && !hide.includes("gender") && (
        <fieldset>
          <legend className={legendClass}>For</legend>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {[null, ...GENDERS].map((gender: Gender | null) => (
              <label key={gender ?? "all"} className="relative">
                <input
                  type="radio"
                  name="gender"
                  value={gender ?? ""}
                  checked={draft.gender === gender}
                  onChange={() => apply({ ...draft, gender })}
                  className="peer sr-only"
                />
                <span className={pillClass}>{gender ? GENDER_LABEL[gender] : "All"}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {!hide.includes("size") && (
        <fieldset>
          <legend className={legendClass}>Size in stock (EU)</legend>
          <div className="mt-2 grid grid-cols-5 gap-2">
            {SIZES.map((size) => (
              <label key={size} className="relative">
                <input
                  type="checkbox"
                  name="size"
                  value={size}
                  checked={draft.sizes.includes(size)}
                  onChange={(event) =>
                    apply({ ...draft, sizes: toggle(draft.sizes, size, event.target.checked).sort((a, b) => a - b) })
                  }
                  className="peer sr-only"
                />
                <span className={pillClass}>{size}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset>
        <legend className={legendClass}>Price (Rs.)</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {(["minPrice", "maxPrice"] as const).map((name) => (
            <div key={name} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={field(name)} className="text-xs text-stone-600">
                {name === "minPrice" ? "Lowest" : "Highest"}
              </label>
              <input
                id={field(name)}
                name={name}
                type="number"
                inputMode="numeric"
                min={0}
                step={100}
                placeholder={name === "minPrice" ? "0" : "Any"}
                value={draft[name]}
                onChange={(event) => apply({ ...draft, [name]: event.target.value }, PRICE_PAUSE_MS)}
                className="min-h-11 w-full min-w-0 rounded-lg border border-stone-300 px-3"
              />
            </div>
          ))}
        </div>
        <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {PRICE_RANGES.map((range) => (
            <li key={range.label}>
              <Link
                to={hrefOf({ ...query, minPrice: range.min, maxPrice: range.max, page: 1 })}
                preventScrollReset
                className="inline-block py-1 text-brand-700 underline underline-offset-4"
              >
                {range.label}
              </Link>
            </li>
          ))}
        </ul>
      </fieldset>

      {colours.length > 0 && (
        <fieldset>
          <legend className={legendClass}>Colour</legend>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {colours.map((colour) => (
              <label key={colour.slug} className="relative">
                <input
                  type="checkbox"
                  name="colour"
                  value={colour.slug}
                  checked={draft.colours.includes(colour.slug)}
                  onChange={(event) =>
                    apply({ ...draft, colours: toggle(draft.colours, colour.slug, event.target.checked) })
                  }
                  className="peer sr-only"
                />
                <span className={`${pillClass} justify-start`}>
                  <span
                    aria-hidden="true"
                    className="size-4 shrink-0 rounded-full border border-stone-400"
                    style={{ backgroundColor: colour.hex }}
                  />
                  <span className="truncate">{colour.name}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          name="sale"
          value="1"
          checked={draft.onSale}
          onChange={(event) => apply({ ...draft, onSale: event.target.checked })}
          className="size-5 accent-brand-700"
        />
        On sale
      </label>

      {problem && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      )}
      {/* With JavaScript changes apply at once; the button stays for the price and for keyboards. */}
      <ApplyButton />
    </Form>
  );
}

/**
 * Its own component so that only the button, not the whole form, renders again when hydration
 * ends (a change after hydration is rendered at once, in one task the page cannot interrupt).
 */
function ApplyButton() {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={hydrated ? "button-secondary" : "button-primary"}>
      Apply
    </button>
  );
}
