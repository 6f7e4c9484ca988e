// "Block this phone" / "Block this address" from the order page (issue 50): the order's own phone, or
// its address line with its area, goes on the block list with the owner's reason, and the checkout
// refuses them from then on. Already blocked, it says so and links to the list (to remove it there).
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { AdminOrder } from "#shared/admin.ts";
import { BLOCK_REASON_MAX, type BlockedEntry, type BlockKind } from "#shared/block-list.ts";
import { adminCall } from "../../../lib/admin-api.ts";

const WHAT: Record<BlockKind, string> = { phone: "phone", address: "address" };

export function BlockContact({
  order,
  onBlocked,
}: {
  order: AdminOrder;
  /** After a block, with what to tell the owner (the order is read again); a refusal shows in the form. */
  onBlocked: (what: string) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<BlockKind | null>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const blocked = new Set(order.risk.reasons.map((reason) => reason.signal));
  const address = order.shippingAddress;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!kind) return;
    setBusy(true);
    const json =
      kind === "phone"
        ? { kind, phoneNumber: address.phoneNumber, reason }
        : { kind, addressLine: address.addressLine, area: address.area ?? null, reason };
    const result = await adminCall<BlockedEntry>("/blocked", { method: "POST", json });
    setBusy(false);
    if (!result.ok) {
      setError(result.error.fields.reason ?? result.error.message);
      return;
    }
    setKind(null);
    setReason("");
    setError(undefined);
    onBlocked(`This ${WHAT[kind]} is on the block list: the checkout refuses it from now on.`);
  }

  return (
    <div className="mt-3 border-t border-stone-200 pt-3">
      <div className="flex flex-wrap items-center gap-2">
        {(["phone", "address"] as const).map((each) =>
          blocked.has(each === "phone" ? "blocked-phone" : "blocked-address") ? (
            <Link key={each} to="/admin/blocked" className="text-sm font-semibold text-brand-700 underline">
              This {WHAT[each]} is blocked: see the block list
            </Link>
          ) : (
            <button
              key={each}
              type="button"
              aria-pressed={kind === each}
              className="button-secondary min-h-9 px-3 py-1 text-sm text-red-800"
              onClick={() => {
                setKind(kind === each ? null : each);
                setError(undefined);
              }}
            >
              Block this {WHAT[each]}
            </button>
          ),
        )}
      </div>
      {kind ? (
        <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="mt-3 rounded-lg bg-red-50 p-3">
          <h4 id={`${id}-title`} className="font-bold">
            Block{" "}
            {kind === "phone"
              ? address.phoneNumber
              : `${address.addressLine}${address.area ? `, ${address.area}` : ""}`}
          </h4>
          <p className="mt-1 text-stone-700">
            No cash-on-delivery order to this {WHAT[kind]} is taken any more, from any account. The customer is told to
            contact the shop, never your reason.
          </p>
          <label className="mt-2 block font-semibold" htmlFor={`${id}-reason`}>
            Reason
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={BLOCK_REASON_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            placeholder="Refused two parcels, phone off"
            className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-red-800">
              {error}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" className="button-primary" disabled={busy}>
              {busy ? "Adding…" : "Add to the block list"}
            </button>
            <button type="button" className="button-secondary" onClick={() => setKind(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
