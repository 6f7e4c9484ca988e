// [Ours] The owner's block list (issue 50): phone numbers and addresses the shop takes no
// cash-on-delivery order for, each with the owner's reason, who blocked it and when. Add one by hand
// (an order's page blocks its own phone or address in one press) and remove one to take its orders
// again. The checkout refuses a blocked phone or address with a message that never shows the reason.
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { AdminAreaList } from "#shared/areas.ts";
import {
  BLOCK_ADDRESS_MAX,
  BLOCK_REASON_MAX,
  type BlockedEntry,
  type BlockKind,
  type BlockList,
  newBlockSchema,
} from "#shared/block-list.ts";
import { summariseIssues } from "#shared/validation.ts";
import { AdminField } from "../../components/admin/AdminField.tsx";
import { AdminEmpty, AdminLoadFailed, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { adminCall } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import { karachiTime } from "../../lib/dates.ts";
import type { Route } from "./+types/blocked.ts";

/** The list, and every area's name for the address's Area field (hidden ones too: old orders have them). */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => {
  const [list, areas] = await Promise.all([
    loadAdmin<BlockList>(request, "/blocked"),
    loadAdmin<AdminAreaList>(request, "/areas"),
  ]);
  return { list, areas: areas.ok ? areas.data.areas.map((area) => area.name) : [] };
};

export const HydrateFallback = () => <AdminLoading what="the block list" />;

const what = (entry: BlockedEntry) =>
  entry.kind === "phone" ? (entry.phoneNumber ?? "") : [entry.addressLine, entry.area].filter(Boolean).join(", ");

export default function AdminBlocked({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [removing, setRemoving] = useState<string>();
  const { list } = loaderData;

  async function remove(entry: BlockedEntry) {
    if (!window.confirm(`Remove ${what(entry)} from the block list? Its orders will be taken again.`)) return;
    setRemoving(entry._id);
    const answer = await adminCall<null>(`/blocked/${entry._id}`, { method: "DELETE" });
    setRemoving(undefined);
    if (!answer.ok) {
      setNotice(undefined);
      setProblem(answer.error.message);
    } else {
      setProblem(undefined);
      setNotice(`Removed ${what(entry)}: its orders are taken again.`);
    }
    await revalidate();
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Block list</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        Phone numbers and addresses the shop takes no cash-on-delivery order for, from any account. A customer who tries
        is asked to contact the shop; they never see your reason. Every order to one shows it as high risk.
      </p>
      <AddBlock
        areas={loaderData.areas}
        onAdded={(entry) => {
          setProblem(undefined);
          setNotice(`Blocked ${what(entry)}.`);
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
        <AdminLoadFailed message={list.message} what="the block list" />
      ) : list.data.blocked.length === 0 ? (
        <div className="mt-6">
          <AdminEmpty>Nothing is blocked.</AdminEmpty>
        </div>
      ) : (
        <ul aria-label="Blocked" className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {list.data.blocked.map((entry) => (
            <li key={entry._id} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3 text-sm">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-semibold [overflow-wrap:anywhere]">
                  <span className="mr-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs text-stone-800">
                    {entry.kind === "phone" ? "Phone" : "Address"}
                  </span>
                  {what(entry)}
                </p>
                <p className="mt-1 [overflow-wrap:anywhere]">“{entry.reason}”</p>
                <p className="mt-1 text-stone-600">
                  Blocked {karachiTime(entry.at)}
                  {entry.by ? ` by ${entry.by.username}` : ""}
                </p>
              </div>
              <button
                type="button"
                className="button-secondary min-h-9 px-3 py-1 text-sm"
                aria-label={`Remove ${what(entry)}`}
                disabled={removing === entry._id}
                onClick={() => void remove(entry)}
              >
                {removing === entry._id ? "Removing…" : "Remove"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The form: a phone number, or an address line with its area, and the reason. */
function AddBlock({ areas, onAdded }: { areas: string[]; onAdded: (entry: BlockedEntry) => void }) {
  const [kind, setKind] = useState<BlockKind>("phone");
  const [phoneNumber, setPhoneNumber] = useState("");
  const [addressLine, setAddressLine] = useState("");
  const [area, setArea] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function add() {
    const body =
      kind === "phone" ? { kind, phoneNumber, reason } : { kind, addressLine, area: area.trim() || null, reason };
    const parsed = newBlockSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(summariseIssues(parsed.error).fields);
      setProblem(undefined);
      return;
    }
    setBusy(true);
    const answer = await adminCall<BlockedEntry>("/blocked", { method: "POST", json: body });
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.error.fields);
      setProblem(Object.keys(answer.error.fields).length === 0 ? answer.error.message : undefined);
      return;
    }
    setErrors({});
    setProblem(undefined);
    setPhoneNumber("");
    setAddressLine("");
    setArea("");
    setReason("");
    onAdded(answer.body);
  }

  return (
    <form
      noValidate
      aria-label="Add to the block list"
      className="mt-4 grid max-w-2xl gap-3 rounded-lg border border-stone-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold">Block</legend>
        <div className="flex flex-wrap gap-x-6">
          {(["phone", "address"] as const).map((each) => (
            <label key={each} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="block-kind"
                value={each}
                checked={kind === each}
                onChange={() => {
                  setKind(each);
                  setErrors({});
                }}
                className="size-5"
              />
              {each === "phone" ? "A phone number" : "An address"}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "phone" ? (
        <AdminField id="block-phone" label="Phone number" error={errors.phoneNumber}>
          {(control) => (
            <input
              {...control}
              type="tel"
              inputMode="tel"
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.target.value)}
              placeholder="0300 1234567"
            />
          )}
        </AdminField>
      ) : (
        <div className="grid gap-3 sm:grid-cols-[3fr_2fr]">
          <AdminField id="block-address" label="Address line" error={errors.addressLine}>
            {(control) => (
              <input
                {...control}
                value={addressLine}
                maxLength={BLOCK_ADDRESS_MAX}
                onChange={(event) => setAddressLine(event.target.value)}
                placeholder="House 12, Street 4, Block 13-D"
              />
            )}
          </AdminField>
          <AdminField id="block-area" label="Area" error={errors.area}>
            {(control) => (
              <>
                <input
                  {...control}
                  value={area}
                  list="block-areas"
                  autoComplete="off"
                  onChange={(event) => setArea(event.target.value)}
                  placeholder="Gulshan-e-Iqbal Block 13-D"
                />
                <datalist id="block-areas">
                  {areas.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </>
            )}
          </AdminField>
        </div>
      )}
      <AdminField id="block-reason" label="Reason" error={errors.reason}>
        {(control) => (
          <input
            {...control}
            value={reason}
            maxLength={BLOCK_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
            placeholder="Refused two parcels, phone off"
          />
        )}
      </AdminField>
      <div>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Adding…" : "Add to the block list"}
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
