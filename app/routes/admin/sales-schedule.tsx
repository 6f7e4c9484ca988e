// [Ours] The owner's scheduled sales (issue 51, docs/decisions/040-scheduled-sales.md): a sale of
// chosen products, a whole category or every product with a tag, a percent off or a new price, from a start to an end in
// Karachi time. The shop changes the prices at the start and puts them back at the end. A sale can
// be edited or removed until it starts; an on sale can be ended now or have its end moved. The
// form says the sale in one line as it is filled in, before it is saved.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { CATEGORIES } from "#shared/categories.ts";
import type { ProductTagCount } from "#shared/product-tags.ts";
import {
  pricingWords,
  SALE_MESSAGES,
  SALE_PERCENT_MAX,
  type SaleInput,
  type SalePricing,
  type SaleScope,
  type SaleState,
  type ScheduledSale,
  saleEndSchema,
  saleInputSchema,
} from "#shared/scheduled-sales.ts";
import { summariseIssues } from "#shared/validation.ts";
import { AdminField } from "../../components/admin/AdminField.tsx";
import { AdminEmpty, AdminLoadFailed, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { FormFooter } from "../../components/admin/FormFooter.tsx";
import { ProductPicker } from "../../components/admin/ProductPicker.tsx";
import { adminCall } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import { karachiWallTime, wallTimeWords } from "../../lib/dates.ts";
import type { Route } from "./+types/sales-schedule.ts";

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => {
  // Both at once: the tags feed the form's choice of a tag.
  const [list, tags] = await Promise.all([
    loadAdmin<{ sales: ScheduledSale[] }>(request, "/sales"),
    loadAdmin<{ tags: ProductTagCount[] }>(request, "/product-tags"),
  ]);
  return { list, tags };
};

export const HydrateFallback = () => <AdminLoading what="the sales" />;

const CATEGORY_NAMES = new Map<string, string>(
  CATEGORIES.map((c) => [c.slug, `${c.gender === "men" ? "Men" : "Women"} · ${c.name}`]),
);

const STATE_BADGE: Record<SaleState, { words: string; className: string }> = {
  scheduled: { words: "Scheduled", className: "bg-amber-100 text-amber-900" },
  on: { words: "On", className: "bg-green-100 text-green-900" },
  ended: { words: "Ended", className: "bg-stone-200 text-stone-800" },
};

// The secondary button has no disabled look of its own: a press that cannot happen should look it.
const ROW_BUTTON = "button-secondary min-h-9 px-3 py-1 text-sm disabled:cursor-not-allowed disabled:opacity-50";

/** The form's fields as typed; the numbers are read when the body is built. */
interface Draft {
  name: string;
  scope: SaleScope["scope"];
  productIds: string[];
  categorySlug: string;
  tag: string;
  pricing: SalePricing["pricing"];
  percent: string;
  price: string;
  startsAt: string;
  endsAt: string;
  showEndsIn: boolean;
}

const EMPTY: Draft = {
  name: "",
  scope: "products",
  productIds: [],
  categorySlug: "",
  tag: "",
  pricing: "percent",
  percent: "",
  price: "",
  startsAt: "",
  endsAt: "",
  showEndsIn: false,
};

function draftOf(sale: ScheduledSale): Draft {
  return {
    name: sale.name,
    scope: sale.what.scope,
    productIds: sale.what.scope === "products" ? sale.what.productIds : [],
    categorySlug: sale.what.scope === "category" ? sale.what.categorySlug : "",
    tag: sale.what.scope === "tag" ? sale.what.tag : "",
    pricing: sale.how.pricing,
    percent: sale.how.pricing === "percent" ? String(sale.how.percent) : "",
    price: sale.how.pricing === "price" ? String(sale.how.price) : "",
    startsAt: sale.startsAt,
    endsAt: sale.endsAt,
    showEndsIn: sale.showEndsIn,
  };
}

/** A typed number ("2,999" too); empty is NaN, so the schema's own message says what to type. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.replace(/[,\s]/g, "")));

function bodyOf(d: Draft) {
  return {
    name: d.name,
    what:
      d.scope === "products"
        ? { scope: d.scope, productIds: d.productIds }
        : d.scope === "category"
          ? { scope: d.scope, categorySlug: d.categorySlug }
          : { scope: d.scope, tag: d.tag },
    how:
      d.pricing === "percent"
        ? { pricing: d.pricing, percent: numberOf(d.percent) }
        : { pricing: d.pricing, price: numberOf(d.price) },
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    showEndsIn: d.showEndsIn,
  };
}

const countWords = (n: number) => (n === 1 ? "1 product" : `${n} products`);

/** "20% off 14 products" / "14 products at Rs.2,999 each". */
function offerWords(how: SalePricing, what: string): string {
  return how.pricing === "percent" ? `${pricingWords(how)} ${what}` : `${what} at ${pricingWords(how)}`;
}

const whenWords = (startsAt: string, endsAt: string) =>
  `from ${wallTimeWords(startsAt)} to ${wallTimeWords(endsAt)} (Karachi time)`;

/** The sale in one line, as far as the form says it yet. */
function previewWords(d: Draft): string {
  const what =
    d.scope === "products"
      ? d.productIds.length > 0
        ? countWords(d.productIds.length)
        : undefined
      : d.scope === "category"
        ? d.categorySlug
          ? `every product in ${CATEGORY_NAMES.get(d.categorySlug) ?? d.categorySlug}`
          : undefined
        : d.tag
          ? `every product tagged "${d.tag}"`
          : undefined;
  const how = bodyOf(d).how;
  const amount = how.pricing === "percent" ? how.percent : how.price;
  if (!what || !Number.isInteger(amount) || amount < 1 || (how.pricing === "percent" && amount > SALE_PERCENT_MAX)) {
    return "Choose the products, a category or a tag and the price to see the sale in one line.";
  }
  const offer = offerWords(how, what);
  const timed = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
  if (!timed.test(d.startsAt) || !timed.test(d.endsAt)) return `${offer}: choose when it starts and ends.`;
  return `${offer}, ${whenWords(d.startsAt, d.endsAt)}.`;
}

function saleWhatWords(sale: ScheduledSale): string {
  const { what } = sale;
  if (what.scope === "products") return countWords(sale.productCount);
  const which =
    what.scope === "category"
      ? `every product in ${CATEGORY_NAMES.get(what.categorySlug) ?? what.categorySlug}`
      : `every product tagged "${what.tag}"`;
  return `${which} (${countWords(sale.productCount)})`;
}

export default function AdminSalesSchedule({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  /** The row whose press is under way: `${what}-${id}`. */
  const [busy, setBusy] = useState<string>();
  const [editing, setEditing] = useState<string>();
  const [movingEnd, setMovingEnd] = useState<string>();
  // After an edit or a moved end the row's buttons come back in place of its form: focus follows.
  const [focusNext, setFocusNext] = useState<string>();
  const { list } = loaderData;
  const sales = list.ok ? list.data.sales : [];
  // Without them the form still works: a tag sale just has no tags to choose from.
  const tags = loaderData.tags.ok ? loaderData.tags.data.tags : [];

  useEffect(() => {
    if (focusNext) document.getElementById(focusNext)?.focus();
  }, [focusNext]);

  function said(message: string) {
    setProblem(undefined);
    setNotice(message);
  }
  function failed(message: string) {
    setNotice(undefined);
    setProblem(message);
  }

  async function remove(sale: ScheduledSale) {
    if (!window.confirm(`Remove the sale "${sale.name}"? It has not started: no price changes.`)) return;
    setBusy(`remove-${sale._id}`);
    const answer = await adminCall<null>(`/sales/${sale._id}`, { method: "DELETE" });
    if (answer.ok) said(`Removed "${sale.name}".`);
    else failed(answer.error.message);
    await revalidate();
    setBusy(undefined);
  }

  async function endNow(sale: ScheduledSale) {
    if (!window.confirm(`End "${sale.name}" now? Its prices go back at once.`)) return;
    setBusy(`end-${sale._id}`);
    const answer = await adminCall<ScheduledSale>(`/sales/${sale._id}/end`, {
      method: "POST",
      json: { endsAt: "now" },
    });
    if (answer.ok) said(`"${sale.name}" has ended: its prices are back.`);
    else failed(answer.error.message);
    await revalidate();
    setBusy(undefined);
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Scheduled sales</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        Schedule a sale ahead: choose products, a category or a tag, a percent off or a new price, and when it starts
        and ends. Prices change by themselves at the start and go back at the end. A sale never raises a price.
      </p>
      <SaleForm
        label="Schedule a sale"
        submit="Schedule the sale"
        tags={tags}
        onSaved={(sale) => {
          said(sale.state === "on" ? `"${sale.name}" is on: its prices have changed.` : `Scheduled "${sale.name}".`);
          void revalidate();
        }}
      />
      {notice ? <AdminNotice>{notice}</AdminNotice> : null}
      {problem ? (
        <p role="alert" className="my-4 rounded-lg bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      ) : null}
      {!list.ok ? (
        <AdminLoadFailed message={list.message} what="the sales" />
      ) : sales.length === 0 ? (
        <div className="mt-6">
          <AdminEmpty>
            No sales yet. A sale lowers the prices of the products you choose, or of a whole category, from its start to
            its end. Prices change by themselves at the start and go back at the end, even at midnight.
          </AdminEmpty>
        </div>
      ) : (
        <ul aria-label="Sales" className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {sales.map((sale) =>
            editing === sale._id ? (
              <li key={sale._id} className="p-3">
                <SaleForm
                  label={`Edit ${sale.name}`}
                  submit="Save the sale"
                  initial={sale}
                  tags={tags}
                  onCancel={() => {
                    setEditing(undefined);
                    setFocusNext(`edit-${sale._id}`);
                  }}
                  onSaved={(saved) => {
                    setEditing(undefined);
                    setFocusNext(`edit-${sale._id}`);
                    said(
                      saved.state === "on"
                        ? `"${saved.name}" is on: its prices have changed.`
                        : `Saved "${saved.name}".`,
                    );
                    void revalidate();
                  }}
                />
              </li>
            ) : (
              <li key={sale._id} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3 text-sm">
                <div className="min-w-0 flex-1 basis-64 [overflow-wrap:anywhere]">
                  <p className="font-semibold">
                    <span className={`mr-2 rounded-full px-2 py-0.5 text-xs ${STATE_BADGE[sale.state].className}`}>
                      {STATE_BADGE[sale.state].words}
                    </span>
                    <span>{sale.name}</span>
                  </p>
                  <p className="mt-1">{offerWords(sale.how, saleWhatWords(sale))}</p>
                  <p className="mt-1 text-stone-700">
                    {wallTimeWords(sale.startsAt)} to {wallTimeWords(sale.endsAt)} (Karachi time)
                  </p>
                  {sale.showEndsIn ? (
                    <p className="mt-1 text-stone-700">The product page says when the sale ends.</p>
                  ) : null}
                  {movingEnd === sale._id ? (
                    <EndForm
                      sale={sale}
                      onCancel={() => {
                        setMovingEnd(undefined);
                        setFocusNext(`move-end-${sale._id}`);
                      }}
                      onSaved={(saved) => {
                        setMovingEnd(undefined);
                        setFocusNext(`move-end-${sale._id}`);
                        said(`"${saved.name}" now ends ${wallTimeWords(saved.endsAt)} (Karachi time).`);
                        void revalidate();
                      }}
                    />
                  ) : null}
                </div>
                {sale.state === "scheduled" ? (
                  <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
                    <button
                      type="button"
                      id={`edit-${sale._id}`}
                      className={ROW_BUTTON}
                      aria-label={`Edit ${sale.name}`}
                      disabled={busy !== undefined}
                      onClick={() => setEditing(sale._id)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className={ROW_BUTTON}
                      aria-label={`Remove ${sale.name}`}
                      disabled={busy !== undefined}
                      onClick={() => void remove(sale)}
                    >
                      {busy === `remove-${sale._id}` ? "Removing…" : "Remove"}
                    </button>
                  </div>
                ) : sale.state === "on" && movingEnd !== sale._id ? (
                  <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
                    <button
                      type="button"
                      className={ROW_BUTTON}
                      aria-label={`End ${sale.name} now`}
                      disabled={busy !== undefined}
                      onClick={() => void endNow(sale)}
                    >
                      {busy === `end-${sale._id}` ? "Ending…" : "End now"}
                    </button>
                    <button
                      type="button"
                      id={`move-end-${sale._id}`}
                      className={ROW_BUTTON}
                      aria-label={`Change the end of ${sale.name}`}
                      disabled={busy !== undefined}
                      onClick={() => setMovingEnd(sale._id)}
                    >
                      Change end
                    </button>
                  </div>
                ) : null}
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

/** Scheduling a sale (no `initial`) or editing one that has not started. */
function SaleForm({
  label,
  submit,
  initial,
  tags,
  onSaved,
  onCancel,
}: {
  label: string;
  submit: string;
  initial?: ScheduledSale;
  /** The tags in use (GET /api/admin/product-tags), to choose a tag sale's tag from. */
  tags: ProductTagCount[];
  onSaved: (sale: ScheduledSale) => void;
  onCancel?: () => void;
}) {
  const [d, setD] = useState<Draft>(initial ? draftOf(initial) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string>();
  /** The server's "already in the sale …": said beside the products or the category. */
  const [overlap, setOverlap] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The server's refusal was of the draft as sent: any change may answer it.
  const set = (change: Partial<Draft>) => {
    setD((current) => ({ ...current, ...change }));
    setOverlap(undefined);
  };
  // Ids unique per form: the schedule form and an edit form are on the page together.
  const prefix = initial ? `sale-${initial._id}` : "sale-new";
  // An edit form opens in place of the row's Edit button, which took the focus with it.
  const editedId = initial?._id;
  useEffect(() => {
    if (editedId) document.getElementById(`sale-${editedId}-name`)?.focus();
  }, [editedId]);

  async function save() {
    setOverlap(undefined);
    setProblem(undefined);
    const parsed = saleInputSchema.safeParse(bodyOf(d));
    if (!parsed.success) {
      setErrors(summariseIssues(parsed.error).fields);
      return;
    }
    setBusy(true);
    const input: SaleInput = parsed.data;
    const answer = initial
      ? await adminCall<ScheduledSale>(`/sales/${initial._id}`, { method: "PUT", json: input })
      : await adminCall<ScheduledSale>("/sales", { method: "POST", json: input });
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.error.fields);
      const isOverlap =
        answer.status === 409 &&
        answer.error.message !== SALE_MESSAGES.started &&
        answer.error.message !== SALE_MESSAGES.ended;
      if (isOverlap) setOverlap(answer.error.message);
      else setProblem(Object.keys(answer.error.fields).length === 0 ? answer.error.message : undefined);
      return;
    }
    setErrors({});
    if (!initial) setD(EMPTY);
    onSaved(answer.body);
  }

  const whatError =
    overlap ?? errors["what.productIds"] ?? errors["what.categorySlug"] ?? errors["what.tag"] ?? errors.what;
  // A sale's own tag stays choosable while it is edited, even if no product carries it any more.
  const tagChoices =
    d.tag === "" || tags.some((t) => t.tag === d.tag) ? tags : [{ tag: d.tag, productCount: 0 }, ...tags];
  return (
    <form
      noValidate
      aria-label={label}
      className={`grid max-w-2xl grid-cols-[minmax(0,1fr)] gap-4 ${initial ? "" : "mt-4 rounded-lg border border-stone-200 p-4"}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <AdminField id={`${prefix}-name`} label="Name" hint="For you: customers do not see it." error={errors.name}>
        {(control) => (
          <input
            {...control}
            value={d.name}
            placeholder="Black Friday"
            onChange={(e) => set({ name: e.target.value })}
          />
        )}
      </AdminField>
      <fieldset className="grid min-w-0 gap-2 text-sm">
        <legend className="font-semibold">What is on sale</legend>
        <div className="flex flex-wrap gap-x-6">
          {(
            [
              ["products", "Products"],
              ["category", "Category"],
              ["tag", "Products with a tag"],
            ] as const
          ).map(([scope, words]) => (
            <label key={scope} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                className="size-5"
                name={`${prefix}-scope`}
                checked={d.scope === scope}
                onChange={() => set({ scope })}
              />
              {words}
            </label>
          ))}
        </div>
        {d.scope === "products" ? (
          <ProductPicker
            id={`${prefix}-products`}
            label="Find products"
            chosen={d.productIds}
            onChange={(productIds) => set({ productIds })}
            error={whatError}
          />
        ) : d.scope === "tag" ? (
          <AdminField
            id={`${prefix}-tag`}
            label="Tag"
            hint={
              tags.length === 0
                ? "No product has a tag yet: add one in a product's Tags field first."
                : "Every product with this tag when the sale starts."
            }
            error={whatError}
          >
            {(control) => (
              <select {...control} value={d.tag} onChange={(e) => set({ tag: e.target.value })}>
                <option value="">Choose a tag</option>
                {tagChoices.map((t) => (
                  <option key={t.tag} value={t.tag}>
                    {`${t.tag} (${countWords(t.productCount)})`}
                  </option>
                ))}
              </select>
            )}
          </AdminField>
        ) : (
          <AdminField id={`${prefix}-category`} label="Category" error={whatError}>
            {(control) => (
              <select {...control} value={d.categorySlug} onChange={(e) => set({ categorySlug: e.target.value })}>
                <option value="">Choose a category</option>
                {CATEGORIES.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {CATEGORY_NAMES.get(c.slug)}
                  </option>
                ))}
              </select>
            )}
          </AdminField>
        )}
      </fieldset>
      <fieldset className="grid min-w-0 gap-2 text-sm">
        <legend className="font-semibold">Price</legend>
        <div className="flex flex-wrap gap-x-6">
          {(
            [
              ["percent", "Percent off"],
              ["price", "New price"],
            ] as const
          ).map(([pricing, words]) => (
            <label key={pricing} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                className="size-5"
                name={`${prefix}-pricing`}
                checked={d.pricing === pricing}
                onChange={() => set({ pricing })}
              />
              {words}
            </label>
          ))}
        </div>
        {d.pricing === "percent" ? (
          <AdminField
            id={`${prefix}-percent`}
            label={`Percent off (1 to ${SALE_PERCENT_MAX})`}
            hint="Taken off each product's price of the day, rounded to the rupee."
            error={errors["how.percent"] ?? errors.how}
            className="text-sm sm:max-w-64"
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={d.percent}
                onChange={(e) => set({ percent: e.target.value })}
              />
            )}
          </AdminField>
        ) : (
          <AdminField
            id={`${prefix}-price`}
            label="New price (Rs.)"
            hint="A product already at or below it keeps its own price."
            error={errors["how.price"] ?? errors.how}
            className="text-sm sm:max-w-64"
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={d.price}
                onChange={(e) => set({ price: e.target.value })}
              />
            )}
          </AdminField>
        )}
      </fieldset>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
        <AdminField id={`${prefix}-starts`} label="Starts (Karachi time)" error={errors.startsAt}>
          {(control) => (
            <>
              <input
                {...control}
                type="datetime-local"
                className={`${control.className} min-w-0`}
                value={d.startsAt}
                onChange={(e) => set({ startsAt: e.target.value })}
              />
              <button
                type="button"
                className="button-secondary mt-2 min-h-9 px-3 py-1 text-sm"
                onClick={() => set({ startsAt: karachiWallTime() })}
              >
                Start now
              </button>
            </>
          )}
        </AdminField>
        <AdminField id={`${prefix}-ends`} label="Ends (Karachi time)" error={errors.endsAt}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={`${control.className} min-w-0`}
              value={d.endsAt}
              onChange={(e) => set({ endsAt: e.target.value })}
            />
          )}
        </AdminField>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5"
          checked={d.showEndsIn}
          onChange={(e) => set({ showEndsIn: e.target.checked })}
        />
        Show 'Sale ends in …' on the product page
      </label>
      <p aria-live="polite" className="rounded-lg bg-stone-100 p-3 text-sm" data-testid="sale-preview">
        {previewWords(d)}
      </p>
      <FormFooter busy={busy} label={submit} onCancel={onCancel} problem={problem} />
    </form>
  );
}

/** Moves an on sale's end, sooner or later (never into the past). */
function EndForm({
  sale,
  onSaved,
  onCancel,
}: {
  sale: ScheduledSale;
  onSaved: (sale: ScheduledSale) => void;
  onCancel: () => void;
}) {
  const [endsAt, setEndsAt] = useState(sale.endsAt);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = `sale-${sale._id}-new-end`;
  useEffect(() => {
    document.getElementById(id)?.focus();
  }, [id]);

  async function save() {
    const parsed = saleEndSchema.safeParse({ endsAt });
    if (!parsed.success) {
      setError(summariseIssues(parsed.error).message);
      return;
    }
    setBusy(true);
    const answer = await adminCall<ScheduledSale>(`/sales/${sale._id}/end`, { method: "POST", json: parsed.data });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error.fields.endsAt ?? answer.error.message);
      return;
    }
    onSaved(answer.body);
  }

  return (
    <form
      noValidate
      aria-label={`Change the end of ${sale.name}`}
      className="mt-3 grid max-w-md grid-cols-[minmax(0,1fr)] gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <AdminField id={id} label="New end (Karachi time)" error={error}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            className={`${control.className} min-w-0`}
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
          />
        )}
      </AdminField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="button-primary min-h-9 px-3 py-1 text-sm" disabled={busy}>
          {busy ? "Saving…" : "Save the end"}
        </button>
        <button type="button" className="button-secondary min-h-9 px-3 py-1 text-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
