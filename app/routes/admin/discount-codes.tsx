// [Ours] The owner's discount codes (issue 51, docs/decisions/041-offers-and-codes.md): a code the
// customer types at checkout for a percent or an amount off, from a minimum order, on some products
// and categories or all, in a window in Karachi time, for so many orders and so many per customer.
// A code no order has used can be edited in full or removed; a used one keeps what it promised: its
// end, its most uses and on/off can change, and it is turned off rather than removed.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import {
  CODE_PER_CUSTOMER_MAX,
  codeValueWords,
  type DiscountCode,
  type DiscountCodeInput,
  discountCodeInputSchema,
  usesWords,
} from "#shared/discount-codes.ts";
import { minimumWords, scopeWords } from "#shared/promotion-inputs.ts";
import type { CodeKind } from "#shared/promotions.ts";
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
import type { Route } from "./+types/discount-codes.ts";

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => ({
  list: await loadAdmin<{ codes: DiscountCode[] }>(request, "/discount-codes"),
});

export const HydrateFallback = () => <AdminLoading what="the discount codes" />;

// The secondary button has no disabled look of its own: a press that cannot happen should look it.
const ROW_BUTTON = "button-secondary min-h-9 px-3 py-1 text-sm disabled:cursor-not-allowed disabled:opacity-50";

/** The fields this form places an error beside; any other refusal is said at its foot. */
const SHOWN_FIELDS: readonly string[] = [
  "code",
  "percent",
  "amount",
  "minimumOrder",
  "maxUses",
  "perCustomer",
  ...SHARED_FIELDS,
];

/** The form's fields as typed; the numbers are read when the body is built. */
interface Draft {
  code: string;
  kind: CodeKind;
  percent: string;
  amount: string;
  minimumOrder: string;
  productIds: string[];
  categorySlugs: string[];
  startsAt: string;
  endsAt: string;
  maxUses: string;
  perCustomer: string;
  enabled: boolean;
}

const EMPTY: Draft = {
  code: "",
  kind: "percent",
  percent: "",
  amount: "",
  minimumOrder: "",
  productIds: [],
  categorySlugs: [],
  startsAt: "",
  endsAt: "",
  maxUses: "",
  perCustomer: "1",
  enabled: true,
};

function draftOf(code: DiscountCode): Draft {
  return {
    code: code.code,
    kind: code.kind,
    percent: code.percent === null ? "" : String(code.percent),
    amount: code.amount === null ? "" : String(code.amount),
    minimumOrder: code.minimumOrder === 0 ? "" : String(code.minimumOrder),
    productIds: code.productIds,
    categorySlugs: code.categorySlugs,
    startsAt: code.startsAt,
    endsAt: code.endsAt ?? "",
    maxUses: code.maxUses === null ? "" : String(code.maxUses),
    perCustomer: String(code.perCustomer),
    enabled: code.enabled,
  };
}

function bodyOf(d: Draft) {
  return {
    code: d.code,
    kind: d.kind,
    ...(d.kind === "percent" ? { percent: numberOf(d.percent) } : { amount: numberOf(d.amount) }),
    // Empty means the least: any order, no limit.
    minimumOrder: d.minimumOrder.trim() === "" ? 0 : numberOf(d.minimumOrder),
    productIds: d.productIds,
    categorySlugs: d.categorySlugs,
    startsAt: d.startsAt,
    endsAt: d.endsAt === "" ? null : d.endsAt,
    maxUses: d.maxUses.trim() === "" ? null : numberOf(d.maxUses),
    perCustomer: numberOf(d.perCustomer),
    enabled: d.enabled,
  };
}

/** "10% off orders of Rs.3,000 or more, on every product." */
const offerWords = (code: DiscountCode) =>
  `${codeValueWords(code)} ${minimumWords(code.minimumOrder)}, on ${scopeWords(code)}`;

export default function AdminDiscountCodes({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  /** The row whose press is under way: `${what}-${id}`. */
  const [busy, setBusy] = useState<string>();
  const [editing, setEditing] = useState<string>();
  // After an edit the row's buttons come back in place of its form: focus follows.
  const [focusNext, setFocusNext] = useState<string>();
  const { list } = loaderData;
  const codes = list.ok ? list.data.codes : [];

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

  async function remove(code: DiscountCode) {
    if (!window.confirm(`Remove the code ${code.code}? No order has used it.`)) return;
    setBusy(`remove-${code._id}`);
    const answer = await adminCall<null>(`/discount-codes/${code._id}`, { method: "DELETE" });
    if (answer.ok) said(`Removed ${code.code}.`);
    else failed(answer.error.message);
    await revalidate();
    setBusy(undefined);
  }

  /** On or off with one press: the code as it is, but that. */
  async function toggle(code: DiscountCode) {
    setBusy(`toggle-${code._id}`);
    const answer = await adminCall<DiscountCode>(`/discount-codes/${code._id}`, {
      method: "PUT",
      json: { ...bodyOf(draftOf(code)), enabled: !code.enabled },
    });
    if (answer.ok) said(answer.body.enabled ? `${code.code} is on.` : `${code.code} is off.`);
    else failed(answer.error.message);
    await revalidate();
    setBusy(undefined);
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Discount codes</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        A code the customer types at checkout, like EID500: a percent or an amount off the shoes it is for. An order
        gets the larger of its code and the best offer, never both.
      </p>
      <CodeForm
        label="Add a code"
        submit="Add the code"
        onSaved={(code) => {
          said(`Added ${code.code}.`);
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
        <AdminLoadFailed message={list.message} what="the discount codes" />
      ) : codes.length === 0 ? (
        <div className="mt-6">
          <AdminEmpty>
            No discount codes yet. Add one above: customers type it at checkout for a percent or an amount off, from the
            start you choose, for as many orders as you allow.
          </AdminEmpty>
        </div>
      ) : (
        <ul aria-label="Discount codes" className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {codes.map((code) =>
            editing === code._id ? (
              <li key={code._id} className="p-3">
                <CodeForm
                  label={`Edit ${code.code}`}
                  submit="Save the code"
                  initial={code}
                  onCancel={() => {
                    setEditing(undefined);
                    setFocusNext(`edit-${code._id}`);
                  }}
                  onSaved={(saved) => {
                    setEditing(undefined);
                    setFocusNext(`edit-${code._id}`);
                    said(`Saved ${saved.code}.`);
                    void revalidate();
                  }}
                />
              </li>
            ) : (
              <li key={code._id} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3 text-sm">
                <div className="min-w-0 flex-1 basis-64 [overflow-wrap:anywhere]">
                  <p className="font-semibold">
                    <OnOffBadge on={code.enabled} />
                    <span className="font-mono">{code.code}</span>
                  </p>
                  <p className="mt-1">{offerWords(code)}</p>
                  <p className="mt-1 text-stone-700">{windowWords(code.startsAt, code.endsAt)}</p>
                  <p className="mt-1 text-stone-700">
                    Used {usesWords(code)}; {code.perCustomer === 1 ? "once" : `${code.perCustomer} times`} per customer
                  </p>
                </div>
                <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
                  <button
                    type="button"
                    id={`edit-${code._id}`}
                    className={ROW_BUTTON}
                    aria-label={`Edit ${code.code}`}
                    disabled={busy !== undefined}
                    onClick={() => setEditing(code._id)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={ROW_BUTTON}
                    aria-label={`Turn ${code.code} ${code.enabled ? "off" : "on"}`}
                    disabled={busy !== undefined}
                    onClick={() => void toggle(code)}
                  >
                    {busy === `toggle-${code._id}` ? "Saving…" : code.enabled ? "Turn off" : "Turn on"}
                  </button>
                  {code.uses === 0 ? (
                    <button
                      type="button"
                      className={ROW_BUTTON}
                      aria-label={`Remove ${code.code}`}
                      disabled={busy !== undefined}
                      onClick={() => void remove(code)}
                    >
                      {busy === `remove-${code._id}` ? "Removing…" : "Remove"}
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

/** Adding a code (no `initial`) or editing one. */
function CodeForm({
  label,
  submit,
  initial,
  onSaved,
  onCancel,
}: {
  label: string;
  submit: string;
  initial?: DiscountCode;
  onSaved: (code: DiscountCode) => void;
  onCancel?: () => void;
}) {
  const [d, setD] = useState<Draft>(initial ? draftOf(initial) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Draft>) => setD((current) => ({ ...current, ...change }));
  // Ids unique per form: the add form and an edit form are on the page together.
  const prefix = initial ? `code-${initial._id}` : "code-new";
  // An edit form opens in place of the row's Edit button, which took the focus with it.
  const editedId = initial?._id;
  useEffect(() => {
    if (editedId) document.getElementById(`code-${editedId}-code`)?.focus();
  }, [editedId]);
  const used = initial !== undefined && initial.uses > 0;

  async function save() {
    setProblem(undefined);
    const parsed = discountCodeInputSchema.safeParse(bodyOf(d));
    if (!parsed.success) {
      const summary = summariseIssues(parsed.error);
      setErrors(summary.fields);
      setProblem(footProblem(summary.message, summary.fields, SHOWN_FIELDS));
      return;
    }
    setBusy(true);
    const input: DiscountCodeInput = parsed.data;
    const answer = initial
      ? await adminCall<DiscountCode>(`/discount-codes/${initial._id}`, { method: "PUT", json: input })
      : await adminCall<DiscountCode>("/discount-codes", { method: "POST", json: input });
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.error.fields);
      // A refusal of no one field (a code another has, a used code's promise) is said at the foot (footProblem).
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
      {used ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Orders have used this code: only its end, its most uses and whether it is on can change.
        </p>
      ) : null}
      <AdminField
        id={`${prefix}-code`}
        label="Code"
        hint="3 to 20 letters, digits or hyphens, like EID500. Customers may type it in small letters."
        error={errors.code}
      >
        {(control) => (
          <input
            {...control}
            className={`${control.className} font-mono uppercase`}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={d.code}
            placeholder="EID500"
            onChange={(e) => set({ code: e.target.value })}
          />
        )}
      </AdminField>
      <fieldset className="grid min-w-0 gap-2 text-sm">
        <legend className="font-semibold">What it gives</legend>
        <div className="flex flex-wrap gap-x-6">
          {(
            [
              ["percent", "Percent off"],
              ["fixed", "Amount off"],
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
        {d.kind === "percent" ? (
          <AdminField
            id={`${prefix}-percent`}
            label={`Percent off (1 to ${SALE_PERCENT_MAX})`}
            hint="Off the shoes it is for, rounded to the rupee."
            error={errors.percent}
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
            id={`${prefix}-amount`}
            label="Amount off (Rs.)"
            hint="Never more than the shoes it is for come to."
            error={errors.amount}
            className="text-sm sm:max-w-64"
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={d.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
            )}
          </AdminField>
        )}
      </fieldset>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3">
        <AdminField
          id={`${prefix}-minimum`}
          label="Minimum order (Rs.)"
          hint="Empty: any order."
          error={errors.minimumOrder}
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={d.minimumOrder}
              onChange={(e) => set({ minimumOrder: e.target.value })}
            />
          )}
        </AdminField>
        <AdminField id={`${prefix}-max-uses`} label="Most orders" hint="Empty: no limit." error={errors.maxUses}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={d.maxUses}
              onChange={(e) => set({ maxUses: e.target.value })}
            />
          )}
        </AdminField>
        <AdminField
          id={`${prefix}-per-customer`}
          label={`Per customer (1 to ${CODE_PER_CUSTOMER_MAX})`}
          hint="By account and by phone."
          error={errors.perCustomer}
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={d.perCustomer}
              onChange={(e) => set({ perCustomer: e.target.value })}
            />
          )}
        </AdminField>
      </div>
      <ScopeFields prefix={prefix} value={d} errors={errors} onChange={set} />
      <WindowFields prefix={prefix} value={d} errors={errors} onChange={set} />
      <FormFooter busy={busy} label={submit} onCancel={onCancel} problem={problem} />
    </form>
  );
}
