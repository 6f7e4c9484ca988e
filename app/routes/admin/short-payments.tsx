// [Ours] The short payments the owner chases (issue 48): parcels a courier's payment report paid
// less (or more) for than its terms say, each with the evidence line by line and the report's file
// and line, to dispute, mark recovered or accept with a note; and the ones settled. The dashboard
// is not green while one is open or disputed.
import { useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import {
  SHORT_PAYMENT_MESSAGES,
  SHORT_PAYMENT_VIEWS,
  type ShortPaymentList,
  type ShortPaymentView,
  unsettledText,
} from "#shared/short-payments.ts";
import { AdminError, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { ListResults, listQuery, useListParams } from "../../components/admin/ListControls.tsx";
import { ShortPaymentCard } from "../../components/admin/short-payments/ShortPaymentCard.tsx";
import type { DecisionDone } from "../../components/admin/short-payments/ShortPaymentDecision.tsx";
import { needsSignIn, queryString } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import { loginFromHere } from "../../lib/return-to.ts";
import type { Route } from "./+types/short-payments.ts";

const VIEWS: Record<ShortPaymentView, { label: string; empty: string }> = {
  unsettled: { label: "To settle", empty: SHORT_PAYMENT_MESSAGES.empty },
  settled: { label: "Settled", empty: SHORT_PAYMENT_MESSAGES.emptySettled },
};
const TAB =
  "inline-flex min-h-11 items-center rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white";

const viewOf = (asked: string | null): ShortPaymentView => (asked === "settled" ? "settled" : "unsettled");

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const view = viewOf(new URL(request.url).searchParams.get("view"));
  return loadAdmin<ShortPaymentList>(request, `/short-payments${listQuery(request.url, [])}&view=${view}`);
}

export const HydrateFallback = () => <AdminLoading what="short payments" />;

export default function AdminShortPayments({ loaderData: list }: Route.ComponentProps) {
  const { get, update } = useListParams();
  const view = viewOf(get("view"));
  const { done, notice } = useDecisionOutcome();

  return (
    <div>
      <h2 className="text-xl font-bold">Short payments</h2>
      <p className="mt-1 max-w-3xl text-sm text-stone-700">
        Parcels a courier's payment report paid less for than its terms say (or more). Dispute one while you chase the
        courier; mark it recovered when the money comes, or accepted when the deduction was right. The dashboard stays
        amber until each is settled.
      </p>
      {list.ok && list.data.unsettled.count > 0 ? (
        <p className="mt-2 font-semibold text-amber-900" data-testid="short-payments-total">
          To settle: {unsettledText(list.data.unsettled)}.
        </p>
      ) : null}
      <nav aria-label="Short payment views" className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {SHORT_PAYMENT_VIEWS.map((value) => (
            <li key={value}>
              <Link
                to={`/admin/short-payments${queryString({ view: value === "unsettled" ? undefined : value })}`}
                aria-current={value === view ? "page" : undefined}
                className={TAB}
              >
                {VIEWS[value].label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {notice}
      <ListResults
        list={list}
        what="short payments"
        rows={(data) => data.shortPayments}
        empty={VIEWS[view].empty}
        onPage={(next) => update({ page: String(next) })}
      >
        {(shortPayment) => (
          // The key holds the decision: a card decided again starts with its note as saved.
          <li key={`${shortPayment._id}:${shortPayment.decidedAt ?? ""}`}>
            <ShortPaymentCard shortPayment={shortPayment} onDone={done} />
          </li>
        )}
      </ListResults>
    </div>
  );
}

/**
 * What the last decision did, said above the list (its card may have left this view) and focused,
 * so a keyboard user is not left on a button that is gone; then the list is read again.
 */
function useDecisionOutcome() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [outcome, setOutcome] = useState<{ tone: "done" | "failed"; message: string }>();
  const box = useRef<HTMLDivElement>(null);
  const done: DecisionDone = (result, what) => {
    if (needsSignIn(result)) {
      navigate(loginFromHere());
      return;
    }
    // A refusal (settled meanwhile by someone else, or gone) is shown, and the list read as it is now.
    setOutcome(result.ok ? { tone: "done", message: what } : { tone: "failed", message: result.error.message });
    void revalidate();
    requestAnimationFrame(() => box.current?.focus());
  };
  const notice = (
    <div ref={box} tabIndex={-1}>
      {outcome?.tone === "done" ? <AdminNotice>{outcome.message}</AdminNotice> : null}
      {outcome?.tone === "failed" ? <AdminError message={outcome.message} /> : null}
    </div>
  );
  return { done, notice };
}
