// One failed delivery as the owner handles it (issue 49): the order, the customer with a tap-to-call
// phone, the courier and tracking number, the courier's reason, when it was reported and when the
// parcel goes back (red and flagged when due soon), where the task stands, the customer's choice and
// correction, and why the advice did not reach the courier. Then what the owner can do: record the
// answer they got on the phone, send the advice again after a failure, or close the task.
import { useState } from "react";
import { Link } from "react-router";
import {
  type AdminAttempt,
  type AdminAttemptList,
  ATTEMPT_CHOICE_DONE,
  ATTEMPT_MESSAGES,
  ATTEMPT_QUEUE_TEXTS,
  ATTEMPT_STATE_LABELS,
  type AttemptState,
} from "#shared/delivery-attempts.ts";
import { orderNumber } from "#shared/orders.ts";
import { readablePhone, telHref } from "#shared/phone.ts";
import { adminCall } from "../../../lib/admin-api.ts";
import { karachiTime } from "../../../lib/dates.ts";
import { type AttemptDone, OwnerAnswerForm } from "./OwnerAnswerForm.tsx";

const STATE_BADGE: Record<AttemptState, string> = {
  asking: "bg-sky-100 text-sky-950",
  answered: "bg-stone-200 text-stone-900",
  advised: "bg-green-100 text-green-950",
  to_call: "bg-amber-100 text-amber-950",
  closed: "bg-stone-200 text-stone-900",
};

const VIA: Record<NonNullable<AdminAttempt["answeredVia"]>, string> = {
  link: "by the link",
  whatsapp: "on WhatsApp",
  owner: "by you, on the phone",
};

const ACTION = "button-secondary min-h-11 px-3 py-1.5 text-sm";

export function AttemptCard({ attempt, onDone }: { attempt: AdminAttempt; onDone: AttemptDone }) {
  const a = attempt;
  const number = orderNumber(a.orderId);
  const [answering, setAnswering] = useState(false);
  const [busy, setBusy] = useState<"advise" | "close" | null>(null);
  // The owner answers for a customer who has not, or changes the answer before the courier has it.
  const canAnswer = a.state === "asking" || a.state === "to_call";

  async function act(action: "advise" | "close") {
    if (busy) return;
    setBusy(action);
    const result = await adminCall<AdminAttemptList>(`/attempts/${a._id}/${action}`, { method: "POST" });
    setBusy(null);
    onDone(result, action === "close" ? `${number}: ${ATTEMPT_MESSAGES.closed}` : ATTEMPT_QUEUE_TEXTS.advised(number));
  }

  return (
    <article aria-labelledby={`attempt-${a._id}`} className="space-y-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={`attempt-${a._id}`} className="min-w-0 text-base font-bold [overflow-wrap:anywhere]">
          <Link to={`/admin/orders/${a.orderId}`} className="font-mono text-brand-700 underline">
            {number}
          </Link>{" "}
          · {a.customer}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_BADGE[a.state]}`}>
          {ATTEMPT_STATE_LABELS[a.state]}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <dt className="font-semibold text-stone-600">Phone</dt>
        <dd>
          <a href={telHref(a.phoneNumber)} className="font-semibold text-brand-700 underline">
            {readablePhone(a.phoneNumber)}
          </a>
        </dd>
        <dt className="font-semibold text-stone-600">Courier</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {a.courier}
          {a.trackingNumber ? <span className="font-mono"> · {a.trackingNumber}</span> : null}
        </dd>
        <dt className="font-semibold text-stone-600">Reason</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">{a.reason}</dd>
        <dt className="font-semibold text-stone-600">Reported</dt>
        <dd>{karachiTime(a.reportedAt)}</dd>
        <dt className="font-semibold text-stone-600">Deadline</dt>
        <dd className={a.dueSoon ? "font-semibold text-red-800" : undefined}>
          {ATTEMPT_QUEUE_TEXTS.returnsBy(karachiTime(a.returnBy))}
          {a.dueSoon ? (
            <span className="ml-2 inline-block rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
              {ATTEMPT_QUEUE_TEXTS.dueSoon}
            </span>
          ) : null}
        </dd>
        {a.choice ? (
          <>
            <dt className="font-semibold text-stone-600">Choice</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {ATTEMPT_CHOICE_DONE[a.choice]}
              {a.answeredVia ? `, ${VIA[a.answeredVia]}` : ""}
              {a.answeredAt ? ` (${karachiTime(a.answeredAt)})` : ""}
            </dd>
          </>
        ) : null}
        {a.correction ? (
          <>
            <dt className="font-semibold text-stone-600">New details</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {a.correction.addressLine}, {a.correction.area}
              {a.correction.landmark ? `, near ${a.correction.landmark}` : ""};{" "}
              {readablePhone(a.correction.phoneNumber)}
            </dd>
          </>
        ) : null}
        {a.adviceError ? (
          <>
            <dt className="font-semibold text-stone-600">Advice</dt>
            <dd className="min-w-0 font-medium text-red-800 [overflow-wrap:anywhere]">{a.adviceError}</dd>
          </>
        ) : null}
      </dl>
      {answering ? (
        <OwnerAnswerForm attempt={a} number={number} onDone={onDone} onClose={() => setAnswering(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          {canAnswer ? (
            <button type="button" className={ACTION} onClick={() => setAnswering(true)} disabled={busy !== null}>
              {ATTEMPT_QUEUE_TEXTS.recordAnswer}
            </button>
          ) : null}
          {a.state === "to_call" && a.adviceError ? (
            <button
              type="button"
              className={ACTION}
              onClick={() => void act("advise")}
              disabled={busy !== null}
              aria-busy={busy === "advise" || undefined}
            >
              {busy === "advise" ? "Sending…" : ATTEMPT_QUEUE_TEXTS.adviseAgain}
            </button>
          ) : null}
          <button
            type="button"
            className={ACTION}
            onClick={() => void act("close")}
            disabled={busy !== null}
            aria-busy={busy === "close" || undefined}
          >
            {busy === "close" ? "Closing…" : ATTEMPT_QUEUE_TEXTS.close}
          </button>
        </div>
      )}
    </article>
  );
}
