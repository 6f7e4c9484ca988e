// [Ours] The owner's exchanges queue (issue 33): requests waiting for an answer (each holding the
// size the customer wants until it lapses), approved ones whose old pair is still to come back,
// and the closed ones; each with the customer, the order, the pair, the photos and what can be done
// now. The owner's rules (the window after delivery, the days to answer) sit under the list.
import { Link, useRevalidator } from "react-router";
import { ADMIN_EXCHANGE_VIEWS, type AdminExchangeList } from "#shared/exchanges.ts";
import { AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { ExchangeCard } from "../../components/admin/exchanges/ExchangeCard.tsx";
import { ExchangeRules } from "../../components/admin/exchanges/ExchangeRules.tsx";
import { useExchangeOutcome } from "../../components/admin/exchanges/use-exchange-outcome.tsx";
import { ListResults, listQuery, useListParams } from "../../components/admin/ListControls.tsx";
import { queryString } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/exchanges.ts";

type View = (typeof ADMIN_EXCHANGE_VIEWS)[number];
const VIEWS: Record<View, { label: string; about: string; empty: string }> = {
  waiting: {
    label: "Waiting",
    about:
      "Requests to answer, the oldest first. Each keeps the size the customer wants until you answer or it lapses.",
    empty: "No exchange requests are waiting.",
  },
  approved: {
    label: "Approved: pair to receive",
    about: "Approved exchanges whose old pair has not come back yet. Dispatch the new pair on its order's page.",
    empty: "No approved exchange is waiting for its pair.",
  },
  closed: {
    label: "Closed",
    about: "Refused, lapsed, and exchanges whose old pair came back.",
    empty: "No closed exchanges yet.",
  },
};
const TAB =
  "inline-flex min-h-11 items-center rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white";

const viewOf = (asked: string | null): View =>
  (ADMIN_EXCHANGE_VIEWS as readonly (string | null)[]).includes(asked) ? (asked as View) : "waiting";

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const view = viewOf(new URL(request.url).searchParams.get("view"));
  return loadAdmin<AdminExchangeList>(request, `/exchanges${listQuery(request.url, [])}&view=${view}`);
}

export const HydrateFallback = () => <AdminLoading what="exchange requests" />;

export default function AdminExchanges({ loaderData: list }: Route.ComponentProps) {
  const { get, update } = useListParams();
  const view = viewOf(get("view"));
  const { revalidate } = useRevalidator();
  const { done, notice } = useExchangeOutcome(() => void revalidate());

  return (
    <div>
      <h2 className="text-xl font-bold">Exchanges</h2>
      <nav aria-label="Exchange views" className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {ADMIN_EXCHANGE_VIEWS.map((value) => (
            <li key={value}>
              <Link
                to={`/admin/exchanges${queryString({ view: value === "waiting" ? undefined : value })}`}
                aria-current={value === view ? "page" : undefined}
                className={TAB}
              >
                {VIEWS[value].label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-2 max-w-2xl text-sm text-stone-700">{VIEWS[view].about}</p>
      {notice}
      <ListResults
        list={list}
        what="exchange requests"
        rows={(data) => data.exchanges}
        empty={VIEWS[view].empty}
        onPage={(next) => update({ page: String(next) })}
      >
        {(exchange) => (
          <li key={exchange._id}>
            <ExchangeCard exchange={exchange} onDone={done} />
          </li>
        )}
      </ListResults>
      <ExchangeRules />
    </div>
  );
}
