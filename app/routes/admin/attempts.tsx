// [Ours] Failed deliveries (issue 49): each parcel a courier could not deliver and that still waits
// for the customer's choice, the courier's advice or the owner's call, soonest return first and
// flagged when due soon. The owner records an answer they got on the phone, sends the advice again,
// or closes the task. Every write answers the whole queue, which replaces the loader's copy.
import { useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { type AdminAttemptList, ATTEMPT_QUEUE_TEXTS } from "#shared/delivery-attempts.ts";
import {
  AdminEmpty,
  AdminError,
  AdminLoadFailed,
  AdminLoading,
  AdminNotice,
} from "../../components/admin/AdminStatus.tsx";
import { AttemptCard } from "../../components/admin/attempts/AttemptCard.tsx";
import type { AttemptDone } from "../../components/admin/attempts/OwnerAnswerForm.tsx";
import { needsSignIn } from "../../lib/admin-api.ts";
import { loadAdmin, useLatest } from "../../lib/admin-loader.ts";
import { loginFromHere } from "../../lib/return-to.ts";
import type { Route } from "./+types/attempts.ts";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadAdmin<AdminAttemptList>(request, "/attempts");

export const HydrateFallback = () => <AdminLoading what="failed deliveries" />;

export default function AdminAttempts({ loaderData }: Route.ComponentProps) {
  const [list, replace] = useLatest(loaderData);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [outcome, setOutcome] = useState<{ tone: "done" | "failed"; message: string }>();
  const box = useRef<HTMLDivElement>(null);

  /**
   * What the last press did, said above the list (its task may have left it) and focused, so a
   * keyboard user is not left on a button that is gone.
   */
  const done: AttemptDone = (result, what) => {
    if (needsSignIn(result)) {
      navigate(loginFromHere());
      return;
    }
    if (result.ok) replace({ ok: true, data: result.body });
    // A refusal (answered or closed meanwhile, gone) is shown, and the queue read as it is now.
    else void revalidate();
    setOutcome(result.ok ? { tone: "done", message: what } : { tone: "failed", message: result.error.message });
    requestAnimationFrame(() => box.current?.focus());
  };

  return (
    <div>
      <h2 className="text-xl font-bold">Failed deliveries</h2>
      <p className="mt-1 max-w-3xl text-sm text-stone-700">
        Parcels a courier could not deliver. The customer is asked by mail to try again, correct the address or phone,
        or cancel; the answer goes to the courier by its API, or waits here for you to call the courier. Phone a
        customer who has not answered and record what they said.
      </p>
      <div ref={box} tabIndex={-1}>
        {outcome?.tone === "done" ? <AdminNotice>{outcome.message}</AdminNotice> : null}
        {outcome?.tone === "failed" ? <AdminError message={outcome.message} /> : null}
      </div>
      {!list.ok ? (
        <AdminLoadFailed message={list.message} what="failed deliveries" />
      ) : list.data.attempts.length === 0 ? (
        <div className="mt-4">
          <AdminEmpty>{ATTEMPT_QUEUE_TEXTS.empty}</AdminEmpty>
        </div>
      ) : (
        <ul
          aria-label="Failed deliveries"
          className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200"
        >
          {list.data.attempts.map((attempt) => (
            // The key holds the state: a task answered or advised again starts with its form closed.
            <li key={`${attempt._id}:${attempt.state}:${attempt.answeredAt ?? ""}`}>
              <AttemptCard attempt={attempt} onDone={done} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
