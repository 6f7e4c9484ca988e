// [Ours] The owner's automatic offers (issue 51, docs/decisions/041-offers-and-codes.md): "buy 2 pairs,
// get 10% off" or "second pair half price", on some products and categories or all, in a window in
// Karachi time. A cart gets the best offer that applies without any code. An offer no order took can
// be edited in full or removed; a taken one keeps what it gave: its name, end and on/off can change,
// and it is turned off rather than removed.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import {
  OFFER_MIN_PAIRS_MAX,
  OFFER_NAME_MAX,
  type Offer,
  type OfferInput,
  offerInputSchema,
  offerRuleWords,
} from "#shared/offers.ts";
import { scopeWords } from "#shared/promotion-inputs.ts";
import type { OfferKind } from "#shared/promotions.ts";
import { SALE_PERCENT_MAX } from "#shared/scheduled-sales.ts";
import { summariseIssues } from "#shared/validation.ts";
import { AdminField } from "../../components/admin/AdminField.tsx";
import { AdminEmpty, AdminLoadFailed, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { FormFooter } from "../../components/admin/FormFooter.tsx";
import {
  footProblem,
  numberOf,
  OnOffBadge,
  ScopeFields,
  SHARED_FIELDS,
  WindowFields,
  windowWords,
} from "../../components/admin/PromotionFields.tsx";
import { adminCall } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/offers.ts";

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => ({
  list: await loadAdmin<{ offers: Offer[] }>(request, "/offers"),
});

export const HydrateFallback = () => <AdminLoading what="the offers" />;

// The secondary button has no disabled look of its own: a press that cannot happen should look it.
const ROW_BUTTON = "button-secondary min-h-9 px-3 py-1 text-sm disabled:cursor-not-allowed disabled:opacity-50";

/** The fields this form places an error beside; any other refusal is said at its foot. */
const SHOWN_FIELDS: readonly string[] = ["name", "minPairs", "percent", ...SHARED_FIELDS];

/** The form's fields as typed; the numbers are read when the body is built. */
interface Draft {
  name: string;
  kind: OfferKind;
  minPairs: string;
  percent: string;
  productIds: string[];
  categorySlugs: string[];
  startsAt: string;
  endsAt: string;
  enabled: boolean;
}

const EMPTY: Draft = {
  name: "",
  kind: "pairsPercent",
  minPairs: "2",
  percent: "",
  productIds: [],
  categorySlugs: [],
  startsAt: "",
  endsAt: "",
  enabled: true,
};

function draftOf(offer: Offer): Draft {
  return {
    name: offer.name,
    kind: offer.kind,
    minPairs: String(offer.minPairs),
    percent: String(offer.percent),
    productIds: offer.productIds,
    categorySlugs: offer.categorySlugs,
    startsAt: offer.startsAt,
    endsAt: offer.endsAt ?? "",
    enabled: offer.enabled,
  };
}

function bodyOf(d: Draft) {
  return {
    name: d.name,
    kind: d.kind,
    ...(d.kind === "pairsPercent" ? { minPairs: numberOf(d.minPairs) } : {}),
    percent: numberOf(d.percent),
    productIds: d.productIds,
    categorySlugs: d.categorySlugs,
    startsAt: d.startsAt,
    endsAt: d.endsAt === "" ? null : d.endsAt,
    enabled: d.enabled,
  };
}

const ordersWords = (n: number) => (n === 0 ? "No orders yet" : n === 1 ? "Taken by 1 order" : `Taken by ${n} orders`);

export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  /** The row whose press is under way: `${what}-${id}`. */
  const [busy, setBusy] = useState<string>();
  const [editing, setEditing] = useState<string>();
  // After an edit the row's buttons come back in place of its form: focus follows.
  const [focusNext, setFocusNext] = useState<string>();
  const { list } = loaderData;
  const offers = list.ok ? list.data.offers : [];

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

  async function remove(offer: Offer) {
    if (!window.confirm(`Remove the offer "${offer.name}"? No order has taken it.`)) return;
    setBusy(`remove-${offer._id}`);
    const answer = await adminCall<null>(`/offers/${offer._id}`, { method: "DELETE" });
    if (answer.ok) said(`Removed "${offer.name}".`);
    else failed(answer.error.message);
    await revalidate();
    setBusy(undefined);
  }

  /** On or off with one press: the offer as it is, but that. */
  async function toggle(offer: Offer) {
    setBusy(`toggle-${offer._id}`);
    const answer = await adminCall<Offer>(`/offers/${offer._id}`, {
      method: "PUT",
      json: { ...bodyOf(draftOf(offer)), enabled: !offer.enabled },
    });
    if (answer.ok) said(answer.body.enabled ? `"${offer.name}" is on.` : `"${offer.name}" is off.`);
    else failed(answer.error.message);
    await revalidate();
    setBusy(undefined);
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Offers</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        An offer applies by itself to a cart that qualifies, no code needed: "buy 2 pairs, get 10% off" or "second pair
        half price". A cart gets the best offer, or its code if that takes more off, never both.
      </p>
      <OfferForm
        label="Add an offer"
        submit="Add the offer"
        onSaved={(offer) => {
          said(`Added "${offer.name}".`);
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
        <AdminLoadFailed message={list.message} what="the offers" />
      ) : offers.length === 0 ? (
        <div className="mt-6">
          <AdminEmpty>
            No offers yet. Add one above: carts that qualify get it by themselves, from the start you choose.
          </AdminEmpty>
        </div>
      ) : (
        <ul aria-label="Offers" className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {offers.map((offer) =>
            editing === offer._id ? (
              <li key={offer._id} className="p-3">
                <OfferForm
                  label={`Edit ${offer.name}`}
                  submit="Save the offer"
                  initial={offer}
                  onCancel={() => {
                    setEditing(undefined);
                    setFocusNext(`edit-${offer._id}`);
                  }}
                  onSaved={(saved) => {
                    setEditing(undefined);
                    setFocusNext(`edit-${offer._id}`);
                    said(`Saved "${saved.name}".`);
                    void revalidate();
                  }}
                />
              </li>
            ) : (
              <li key={offer._id} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3 text-sm">
                <div className="min-w-0 flex-1 basis-64 [overflow-wrap:anywhere]">
                  <p className="font-semibold">
                    <OnOffBadge on={offer.enabled} />
                    <span>{offer.name}</span>
                  </p>
                  <p className="mt-1">
                    {offerRuleWords(offer)}, on {scopeWords(offer)}
                  </p>
                  <p className="mt-1 text-stone-700">{windowWords(offer.startsAt, offer.endsAt)}</p>
                  <p className="mt-1 text-stone-700">{ordersWords(offer.orders)}</p>
                </div>
                <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
                  <button
                    type="button"
                    id={`edit-${offer._id}`}
                    className={ROW_BUTTON}
                    aria-label={`Edit ${offer.name}`}
                    disabled={busy !== undefined}
                    onClick={() => setEditing(offer._id)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={ROW_BUTTON}
                    aria-label={`Turn ${offer.name} ${offer.enabled ? "off" : "on"}`}
                    disabled={busy !== undefined}
                    onClick={() => void toggle(offer)}
                  >
                    {busy === `toggle-${offer._id}` ? "Saving…" : offer.enabled ? "Turn off" : "Turn on"}
                  </button>
                  {offer.orders === 0 ? (
                    <button
                      type="button"
                      className={ROW_BUTTON}
                      aria-label={`Remove ${offer.name}`}
                      disabled={busy !== undefined}
                      onClick={() => void remove(offer)}
                    >
                      {busy === `remove-${offer._id}` ? "Removing…" : "Remove"}
                    </button>
                  ) : null}
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

/** Adding an offer (no `initial`) or editing one. */
function OfferForm({
  label,
  submit,
  initial,
  onSaved,
  onCancel,
}: {
  label: string;
  submit: string;
  initial?: Offer;
  onSaved: (offer: Offer) => void;
  onCancel?: () => void;
}) {
  const [d, setD] = useState<Draft>(initial ? draftOf(initial) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Draft>) => setD((current) => ({ ...current, ...change }));
  // Ids unique per form: the add form and an edit form are on the page together.
  const prefix = initial ? `offer-${initial._id}` : "offer-new";
  // An edit form opens in place of the row's Edit button, which took the focus with it.
  const editedId = initial?._id;
  useEffect(() => {
    if (editedId) document.getElementById(`offer-${editedId}-name`)?.focus();
  }, [editedId]);
  const taken = initial !== undefined && initial.orders > 0;

  async function save() {
    setProblem(undefined);
    const parsed = offerInputSchema.safeParse(bodyOf(d));
    if (!parsed.success) {
      const summary = summariseIssues(parsed.error);
      setErrors(summary.fields);
      setProblem(footProblem(summary.message, summary.fields, SHOWN_FIELDS));
      return;
    }
    setBusy(true);
    const input: OfferInput = parsed.data;
    const answer = initial
      ? await adminCall<Offer>(`/offers/${initial._id}`, { method: "PUT", json: input })
      : await adminCall<Offer>("/offers", { method: "POST", json: input });
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.error.fields);
      // A refusal of no one field (a taken offer's rule) is said at the foot (footProblem).
      setProblem(footProblem(answer.error.message, answer.error.fields, SHOWN_FIELDS));
      return;
    }
    setErrors({});
    if (!initial) setD(EMPTY);
    onSaved(answer.body);
  }

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
      {taken ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Orders have taken this offer: only its name, its end and whether it is on can change.
        </p>
      ) : null}
      <AdminField
        id={`${prefix}-name`}
        label="Name"
        hint={`Customers see it on their cart and order (up to ${OFFER_NAME_MAX} characters).`}
        error={errors.name}
      >
        {(control) => (
          <input
            {...control}
            value={d.name}
            placeholder="Buy 2 pairs, get 10% off"
            onChange={(e) => set({ name: e.target.value })}
          />
        )}
      </AdminField>
      <fieldset className="grid min-w-0 gap-2 text-sm">
        <legend className="font-semibold">The offer</legend>
        <div className="flex flex-wrap gap-x-6">
          {(
            [
              ["pairsPercent", "Buy so many pairs, get a percent off"],
              ["secondPairPercent", "Second pair at a percent off"],
            ] as const
          ).map(([kind, words]) => (
            <label key={kind} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                className="size-5"
                name={`${prefix}-kind`}
                checked={d.kind === kind}
                onChange={() => set({ kind })}
              />
              {words}
            </label>
          ))}
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
          {d.kind === "pairsPercent" ? (
            <AdminField
              id={`${prefix}-min-pairs`}
              label={`Pairs needed (2 to ${OFFER_MIN_PAIRS_MAX})`}
              error={errors.minPairs}
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="numeric"
                  value={d.minPairs}
                  onChange={(e) => set({ minPairs: e.target.value })}
                />
              )}
            </AdminField>
          ) : null}
          <AdminField
            id={`${prefix}-percent`}
            label={`Percent off (1 to ${SALE_PERCENT_MAX})`}
            hint={
              d.kind === "pairsPercent"
                ? "Off all its pairs in the cart."
                : "Off every second pair, the cheaper of each two: 50 is half price."
            }
            error={errors.percent}
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
        </div>
      </fieldset>
      <ScopeFields prefix={prefix} value={d} errors={errors} onChange={set} />
      <WindowFields prefix={prefix} value={d} errors={errors} onChange={set} />
      <FormFooter busy={busy} label={submit} onCancel={onCancel} problem={problem} />
    </form>
  );
}
