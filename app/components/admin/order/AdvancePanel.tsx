// [Ours] "Advance" on the owner's order page (issue 50): how much the rule asked, where it stands
// (due, receipt waiting, paid, lapsed), the customer's receipts (how they paid, the transaction ID, the
// photo, private, opening large), and the two answers: "Verify advance" in one press (the order is
// confirmed and the customer mailed; it works with no receipt too, for money seen in the account or
// paid at the shop) and "Not received", which asks the reason the customer will read. Read on its own
// (GET /api/admin/orders/:id/advance) so the shared order page only places it.
import { useEffect, useId, useState } from "react";
import type { AdminOrder } from "#shared/admin.ts";
import { type AdminAdvance, type AdvanceState, methodName } from "#shared/advance-receipts.ts";
import { formatRs } from "#shared/money.ts";
import { ownerAdvance, receiptPhotoPath, rejectReceipt, verifyAdvance } from "../../../lib/advance.ts";
import { karachiTime } from "../../../lib/dates.ts";
import { PrivatePhoto } from "../exchanges/ExchangePhotos.tsx";

const STATE_WORDS: Record<AdvanceState, { label: string; tone: string }> = {
  due: { label: "Due", tone: "bg-amber-100 text-amber-900" },
  waiting: { label: "Receipt to check", tone: "bg-blue-100 text-blue-900" },
  paid: { label: "Paid", tone: "bg-green-100 text-green-900" },
  lapsed: { label: "Not paid (order ended)", tone: "bg-stone-200 text-stone-800" },
};

export function AdvancePanel({
  order,
  onChanged,
}: {
  order: AdminOrder;
  /** After a decision: the notice to show, or the refusal; the page reads the order again. */
  onChanged: (result: { notice: string } | { problem: string }) => void;
}) {
  const headingId = useId();
  const reasonId = useId();
  const [advance, setAdvance] = useState<AdminAdvance | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);

  // Read again whenever the order moves (a verify elsewhere, the sweep's lapse seen on reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `order.status` is the reload trigger
  useEffect(() => {
    if (!order.advance) return;
    let live = true;
    ownerAdvance(order._id).then((res) => {
      if (!live) return;
      if (res.ok) setAdvance(res.body);
      else setLoadError(res.error.message);
    });
    return () => {
      live = false;
    };
  }, [order._id, order.advance, order.status]);

  if (!order.advance) return null;

  async function verify() {
    setBusy(true);
    const res = await verifyAdvance(order._id);
    setBusy(false);
    if (res.ok) {
      setAdvance(res.body);
      onChanged({ notice: "Advance verified: the order is confirmed and the customer has been e-mailed." });
    } else onChanged({ problem: res.error.message });
  }

  async function reject() {
    if (reason.trim().length < 3) {
      setReasonError("Tell the customer in a few words why.");
      return;
    }
    setBusy(true);
    const res = await rejectReceipt(order._id, reason.trim());
    setBusy(false);
    if (res.ok) {
      setAdvance(res.body);
      setAsking(false);
      setReason("");
      onChanged({ notice: "Receipt not accepted: the customer has been e-mailed and has a fresh window to pay." });
    } else if (res.error.fields.reason) setReasonError(res.error.fields.reason);
    else onChanged({ problem: res.error.message });
  }

  const state = advance?.state;
  const waiting = advance?.receipts.find((r) => r.decision === null);
  const open = state === "due" || state === "waiting";
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-lg border border-stone-300 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          Advance {formatRs(order.advance.amount)}
        </h3>
        {state ? (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_WORDS[state].tone}`}>
            {STATE_WORDS[state].label}
          </span>
        ) : null}
        <span className="text-stone-600">{formatRs(order.dueOnDelivery)} on delivery</span>
      </div>
      {loadError ? (
        <p role="alert" className="mt-2 text-red-800">
          {loadError}
        </p>
      ) : advance === null ? (
        <p role="status" className="mt-2 text-stone-600">
          Loading the advance…
        </p>
      ) : (
        <>
          {advance.paidAt ? <p className="mt-1 text-stone-700">Paid {karachiTime(advance.paidAt)}.</p> : null}
          {advance.cancelsAt ? (
            <p className="mt-1 text-stone-700">Lapses {karachiTime(advance.cancelsAt)} unless paid.</p>
          ) : null}
          {advance.receipts.length > 0 ? (
            <ul aria-label="Receipts" className="mt-2 space-y-2">
              {advance.receipts.map((receipt) => (
                <li key={receipt._id} className="flex flex-wrap items-start gap-3 rounded-md bg-stone-50 p-2">
                  {receipt.hasPhoto ? (
                    <PrivatePhoto
                      url={receiptPhotoPath(order._id, receipt._id)}
                      title={`Receipt, ${methodName(receipt.method)}, ${karachiTime(receipt.sentAt)}`}
                    />
                  ) : null}
                  <div className="min-w-0 [overflow-wrap:anywhere]">
                    <p className="font-semibold">{methodName(receipt.method)}</p>
                    <p>
                      Transaction ID:{" "}
                      {receipt.transactionId ? (
                        <span className="font-mono">{receipt.transactionId}</span>
                      ) : (
                        "none given (see the photo)"
                      )}
                    </p>
                    <p className="text-stone-600">
                      Sent {karachiTime(receipt.sentAt)}
                      {receipt.decision
                        ? ` · ${receipt.decision === "verified" ? "verified" : "not received"}${receipt.decidedAt ? ` ${karachiTime(receipt.decidedAt)}` : ""}`
                        : " · waiting for you"}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          ) : open ? (
            <p className="mt-1 text-stone-700">No receipt yet. If the money is in your account, verify it anyway.</p>
          ) : null}
          {open ? (
            <div className="mt-3 flex flex-wrap items-start gap-2">
              <button
                type="button"
                className="button-primary"
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={verify}
              >
                Verify advance
              </button>
              {waiting && !asking ? (
                <button
                  type="button"
                  className="button-secondary text-red-800"
                  disabled={busy}
                  onClick={() => setAsking(true)}
                >
                  Not received
                </button>
              ) : null}
            </div>
          ) : null}
          {waiting && asking ? (
            <form
              className="mt-3 space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                void reject();
              }}
            >
              <label htmlFor={reasonId} className="block font-semibold">
                Why (the customer reads this)
              </label>
              <input
                id={reasonId}
                value={reason}
                maxLength={200}
                // biome-ignore lint/a11y/noAutofocus: opened by the owner's own press, to type at once
                autoFocus
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(null);
                }}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${reasonId}-error` : undefined}
                placeholder="No transfer of this amount reached our account."
                className="w-full rounded-lg border border-stone-400 px-3 py-2 text-base aria-invalid:border-red-700"
              />
              {reasonError ? (
                <p id={`${reasonId}-error`} className="font-medium text-red-700">
                  {reasonError}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <button type="submit" className="button-primary" disabled={busy} aria-busy={busy || undefined}>
                  Send "not received"
                </button>
                <button type="button" className="button-secondary" disabled={busy} onClick={() => setAsking(false)}>
                  Back
                </button>
              </div>
            </form>
          ) : null}
        </>
      )}
    </section>
  );
}
