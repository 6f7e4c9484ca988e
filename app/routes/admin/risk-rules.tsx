// [Ours] The owner's cash-on-delivery rules (issue 50): each with its condition, its action, on or
// off, and what it would have caught among the last 90 days' orders. A rule is added off; the form
// shows its draft's counts as it is typed, so the owner reads what it would do before turning it on.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { AdminAreaList } from "#shared/areas.ts";
import {
  ACTION_CHOICES,
  actionWords,
  conditionWords,
  previewWords,
  type RiskRule,
  type RiskRuleList,
  RULE_ACTION_KINDS,
  type RuleAction,
  type RuleInput,
  type RulePreview,
  ruleDraftSchema,
  ruleInputSchema,
} from "#shared/risk-rules.ts";
import { summariseIssues } from "#shared/validation.ts";
import { AdminField } from "../../components/admin/AdminField.tsx";
import { AdminEmpty, AdminLoadFailed, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { FormFooter } from "../../components/admin/FormFooter.tsx";
import { adminCall } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/risk-rules.ts";

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => {
  const [list, areas] = await Promise.all([
    loadAdmin<RiskRuleList>(request, "/risk-rules"),
    loadAdmin<AdminAreaList>(request, "/areas"),
  ]);
  return { list, areas: areas.ok ? areas.data.areas.map((area) => area.name) : [] };
};

export const HydrateFallback = () => <AdminLoading what="the rules" />;

/** The form's fields as typed; the numbers and areas are read when the draft is built. */
interface Draft {
  name: string;
  kind: "firstOrderAbove" | "phoneRefusals" | "pairsAbove" | "areas";
  number: string;
  areas: string;
  action: RuleAction["kind"];
  /** The rupees of a cap, a fee or an advance. */
  amount: string;
  enabled: boolean;
}

const EMPTY: Draft = {
  name: "",
  kind: "firstOrderAbove",
  number: "",
  areas: "",
  action: "confirmFirst",
  amount: "",
  enabled: false,
};

const NUMBER_LABEL: Record<Draft["kind"], string> = {
  firstOrderAbove: "Above (Rs.)",
  phoneRefusals: "At least (refused or returned parcels)",
  pairsAbove: "More than (pairs)",
  areas: "",
};

function bodyOf(d: Draft): unknown {
  const n = d.number.trim() === "" ? Number.NaN : Number(d.number);
  const condition =
    d.kind === "areas"
      ? {
          kind: d.kind,
          areas: d.areas
            .split(",")
            .map((a) => a.trim())
            .filter(Boolean),
        }
      : d.kind === "firstOrderAbove"
        ? { kind: d.kind, amount: n }
        : d.kind === "phoneRefusals"
          ? { kind: d.kind, atLeast: n }
          : { kind: d.kind, pairs: n };
  // An empty amount is NaN, so the schema's own message says what to type.
  const amount = d.amount.trim() === "" ? Number.NaN : Number(d.amount);
  const action = d.action === "confirmFirst" ? { kind: d.action } : { kind: d.action, amount };
  return { name: d.name, condition, action, enabled: d.enabled };
}

function draftOf(rule: RiskRule): Draft {
  const c = rule.condition;
  return {
    name: rule.name,
    kind: c.kind,
    number:
      c.kind === "firstOrderAbove"
        ? String(c.amount)
        : c.kind === "phoneRefusals"
          ? String(c.atLeast)
          : c.kind === "pairsAbove"
            ? String(c.pairs)
            : "",
    areas: c.kind === "areas" ? c.areas.join(", ") : "",
    action: rule.action.kind,
    amount: rule.action.kind === "confirmFirst" ? "" : String(rule.action.amount),
    enabled: rule.enabled,
  };
}

export default function AdminRiskRules({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [editing, setEditing] = useState<RiskRule | null>(null);
  const { list } = loaderData;

  async function run(path: string, method: "PUT" | "DELETE", json: unknown, done: string) {
    const answer = await adminCall<unknown>(path, { method, json });
    setProblem(answer.ok ? undefined : answer.error.message);
    setNotice(answer.ok ? done : undefined);
    await revalidate();
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Risk rules</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        Your rules for cash-on-delivery orders. A new rule is off: read what it would have caught before you turn it on.
      </p>
      <RuleForm
        key={editing?._id ?? "new"}
        areas={loaderData.areas}
        editing={editing}
        onSaved={(rule) => {
          setEditing(null);
          setProblem(undefined);
          setNotice(`Saved "${rule.name}".`);
          void revalidate();
        }}
        onCancel={() => setEditing(null)}
      />
      {notice ? <AdminNotice>{notice}</AdminNotice> : null}
      {problem ? (
        <p role="alert" className="my-4 rounded-lg bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      ) : null}
      {!list.ok ? (
        <AdminLoadFailed message={list.message} what="the rules" />
      ) : list.data.rules.length === 0 ? (
        <div className="mt-6">
          <AdminEmpty>No rules yet.</AdminEmpty>
        </div>
      ) : (
        <ul aria-label="Rules" className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {list.data.rules.map((rule) => (
            <li key={rule._id} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3 text-sm">
              <div className="min-w-0 flex-1 basis-64 [overflow-wrap:anywhere]">
                <p className="font-semibold">
                  <span
                    className={`mr-2 rounded-full px-2 py-0.5 text-xs ${rule.enabled ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-800"}`}
                  >
                    {rule.enabled ? "On" : "Off"}
                  </span>
                  {rule.name}
                </p>
                <p className="mt-1">
                  {conditionWords(rule.condition)}: {actionWords(rule.action)}.
                </p>
                <p className="mt-1 text-stone-700">{previewWords(rule.preview)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="button-secondary min-h-9 px-3 py-1 text-sm"
                  onClick={() =>
                    void run(
                      `/risk-rules/${rule._id}`,
                      "PUT",
                      { ...(bodyOf(draftOf(rule)) as object), enabled: !rule.enabled },
                      `"${rule.name}" is ${rule.enabled ? "off" : "on"}.`,
                    )
                  }
                >
                  {rule.enabled ? "Turn off" : "Turn on"}
                </button>
                <button
                  type="button"
                  className="button-secondary min-h-9 px-3 py-1 text-sm"
                  onClick={() => setEditing(rule)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button-secondary min-h-9 px-3 py-1 text-sm"
                  onClick={() => {
                    if (window.confirm(`Remove the rule "${rule.name}"?`))
                      void run(`/risk-rules/${rule._id}`, "DELETE", undefined, `Removed "${rule.name}".`);
                  }}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Adds a rule, or edits one; its draft's counts are read again as it is typed. */
function RuleForm({
  areas,
  editing,
  onSaved,
  onCancel,
}: {
  areas: string[];
  editing: RiskRule | null;
  onSaved: (rule: RiskRule) => void;
  onCancel: () => void;
}) {
  const [d, setD] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Draft>) => setD((current) => ({ ...current, ...change }));

  // The live preview: a moment after the last keystroke, only for a draft the API would take.
  useEffect(() => {
    const { name: _name, enabled: _enabled, ...draft } = bodyOf(d) as Record<string, unknown>;
    if (!ruleDraftSchema.safeParse(draft).success) {
      setPreview(null);
      return;
    }
    const timer = setTimeout(async () => {
      const answer = await adminCall<RulePreview>("/risk-rules/preview", { method: "POST", json: draft });
      setPreview(answer.ok ? answer.body : null);
    }, 300);
    return () => clearTimeout(timer);
  }, [d]);

  async function save() {
    const body = bodyOf(d);
    const parsed = ruleInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(summariseIssues(parsed.error).fields);
      return;
    }
    setBusy(true);
    const input: RuleInput = parsed.data;
    const answer = editing
      ? await adminCall<RiskRule>(`/risk-rules/${editing._id}`, { method: "PUT", json: input })
      : await adminCall<RiskRule>("/risk-rules", { method: "POST", json: input });
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.error.fields);
      setProblem(answer.error.message);
      return;
    }
    setErrors({});
    setProblem(undefined);
    setD(EMPTY);
    onSaved(answer.body);
  }

  const numberError = errors["condition.amount"] ?? errors["condition.atLeast"] ?? errors["condition.pairs"];
  const amountLabel = ACTION_CHOICES[d.action].amountLabel;
  return (
    <form
      noValidate
      aria-label={editing ? `Edit ${editing.name}` : "Add a rule"}
      className="mt-4 grid max-w-2xl gap-3 rounded-lg border border-stone-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <AdminField id="rule-name" label="Name" error={errors.name}>
        {(control) => <input {...control} value={d.name} onChange={(e) => set({ name: e.target.value })} />}
      </AdminField>
      <div className="grid gap-3 sm:grid-cols-2">
        <AdminField id="rule-condition" label="When" error={errors["condition.kind"] ?? errors.condition}>
          {(control) => (
            <select {...control} value={d.kind} onChange={(e) => set({ kind: e.target.value as Draft["kind"] })}>
              <option value="firstOrderAbove">First order of an account above</option>
              <option value="phoneRefusals">Phone with refused or returned parcels</option>
              <option value="pairsAbove">More pairs than</option>
              <option value="areas">Delivery area is one of</option>
            </select>
          )}
        </AdminField>
        {d.kind === "areas" ? (
          <AdminField id="rule-areas" label="Areas, separated by commas" error={errors["condition.areas"]}>
            {(control) => (
              <>
                <input
                  {...control}
                  value={d.areas}
                  list="rule-area-names"
                  onChange={(e) => set({ areas: e.target.value })}
                />
                <datalist id="rule-area-names">
                  {areas.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </>
            )}
          </AdminField>
        ) : (
          <AdminField id="rule-number" label={NUMBER_LABEL[d.kind]} error={numberError}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={d.number}
                onChange={(e) => set({ number: e.target.value })}
              />
            )}
          </AdminField>
        )}
      </div>
      {/* Its own row, the select as wide as the form: the longest choice is read whole at every width. */}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <AdminField id="rule-action" label="Then" error={errors["action.kind"] ?? errors.action}>
          {(control) => (
            <select {...control} value={d.action} onChange={(e) => set({ action: e.target.value as Draft["action"] })}>
              {RULE_ACTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {ACTION_CHOICES[kind].choice}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        {amountLabel ? (
          <AdminField id="rule-amount" label={amountLabel} error={errors["action.amount"]}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={d.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
            )}
          </AdminField>
        ) : null}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5"
          checked={d.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        On
      </label>
      <p aria-live="polite" className="rounded-lg bg-stone-100 p-3 text-sm">
        {preview ? previewWords(preview) : "Fill in the condition to see what it would have caught."}
      </p>
      <FormFooter
        busy={busy}
        label={editing ? "Save the rule" : "Add the rule"}
        onCancel={editing ? onCancel : undefined}
        problem={problem}
      />
    </form>
  );
}
