// The fields a discount code's form and an offer's form share (issue 51): which products and
// categories it is for (none: every product), when it starts and ends in Karachi time (no end: until
// turned off), and whether it is on. One copy, so the two screens ask the same way.
import { CATEGORIES } from "#shared/categories.ts";
import { CATEGORY_WORDS } from "#shared/promotion-inputs.ts";
import { karachiWallTime, wallTimeWords } from "../../lib/dates.ts";
import { AdminField } from "./AdminField.tsx";
import { ProductPicker } from "./ProductPicker.tsx";

export interface ScopeDraft {
  productIds: string[];
  categorySlugs: string[];
}

export interface WindowDraft {
  startsAt: string;
  /** "" for no end. */
  endsAt: string;
  enabled: boolean;
}

type Errors = Partial<Record<string, string>>;

export function ScopeFields({
  prefix,
  value,
  errors,
  onChange,
}: {
  prefix: string;
  value: ScopeDraft;
  errors: Errors;
  onChange: (change: Partial<ScopeDraft>) => void;
}) {
  const categoryError = errors.categorySlugs;
  return (
    <fieldset className="grid min-w-0 gap-2 text-sm">
      <legend className="font-semibold">For which shoes</legend>
      <p className="text-stone-700">Choose none to have it on every product.</p>
      <ProductPicker
        id={`${prefix}-products`}
        label="Products"
        chosen={value.productIds}
        onChange={(productIds) => onChange({ productIds })}
        error={errors.productIds}
      />
      <fieldset
        className="grid min-w-0 gap-1"
        aria-describedby={categoryError ? `${prefix}-categories-error` : undefined}
      >
        <legend className="font-semibold">Categories</legend>
        <div className="flex flex-wrap gap-x-6">
          {CATEGORIES.map((c) => (
            <label key={c.slug} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5"
                checked={value.categorySlugs.includes(c.slug)}
                onChange={(e) =>
                  onChange({
                    categorySlugs: e.target.checked
                      ? [...value.categorySlugs, c.slug]
                      : value.categorySlugs.filter((slug) => slug !== c.slug),
                  })
                }
              />
              {CATEGORY_WORDS.get(c.slug)}
            </label>
          ))}
        </div>
        {categoryError ? (
          <p id={`${prefix}-categories-error`} className="text-red-800">
            {categoryError}
          </p>
        ) : null}
      </fieldset>
    </fieldset>
  );
}

export function WindowFields({
  prefix,
  value,
  errors,
  onChange,
}: {
  prefix: string;
  value: WindowDraft;
  errors: Errors;
  onChange: (change: Partial<WindowDraft>) => void;
}) {
  return (
    <>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
        <AdminField id={`${prefix}-starts`} label="Starts (Karachi time)" error={errors.startsAt}>
          {(control) => (
            <>
              <input
                {...control}
                type="datetime-local"
                className={`${control.className} min-w-0`}
                value={value.startsAt}
                onChange={(e) => onChange({ startsAt: e.target.value })}
              />
              <button
                type="button"
                className="button-secondary mt-2 min-h-9 px-3 py-1 text-sm"
                onClick={() => onChange({ startsAt: karachiWallTime() })}
              >
                Start now
              </button>
            </>
          )}
        </AdminField>
        <AdminField
          id={`${prefix}-ends`}
          label="Ends (Karachi time)"
          hint="Leave it empty for no end: it runs until you turn it off."
          error={errors.endsAt}
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={`${control.className} min-w-0`}
              value={value.endsAt}
              onChange={(e) => onChange({ endsAt: e.target.value })}
            />
          )}
        </AdminField>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5"
          checked={value.enabled}
          onChange={(e) => onChange({ enabled: e.target.checked })}
        />
        On (customers can get it in its window)
      </label>
    </>
  );
}

/** "27 Nov 2026, 00:00 to 30 Nov 2026, 23:59 (Karachi time)" / "From …, no end (Karachi time)". */
export function windowWords(startsAt: string, endsAt: string | null): string {
  return endsAt
    ? `${wallTimeWords(startsAt)} to ${wallTimeWords(endsAt)} (Karachi time)`
    : `From ${wallTimeWords(startsAt)}, no end (Karachi time)`;
}

/** A typed number ("2,999" too); empty is NaN, so the schema's own message says what to type. */
export const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.replace(/[,\s]/g, "")));

/** The row's on/off badge. */
export function OnOffBadge({ on }: { on: boolean }) {
  return (
    <span
      className={`mr-2 rounded-full px-2 py-0.5 text-xs ${on ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-800"}`}
    >
      {on ? "On" : "Off"}
    </span>
  );
}

/**
 * The refusal said at the form's foot: when it is of no field (a code another has, a used code's
 * promise) or only of fields the form has no place for (a bad id deep in a list), so no message of
 * the server goes unseen. Otherwise each field says its own.
 */
export function footProblem(
  message: string,
  fields: Readonly<Record<string, string>>,
  shown: readonly string[],
): string | undefined {
  return Object.keys(fields).some((key) => shown.includes(key)) ? undefined : message;
}

/** The fields both forms place an error beside. */
export const SHARED_FIELDS = ["productIds", "categorySlugs", "startsAt", "endsAt"] as const;
