// [Ours] One exchange request, where the shop's alert mail links (/admin/exchanges/{id}): the same
// card as in the queue, answered here, and the way back to the queue.
import { Link, useRevalidator } from "react-router";
import type { AdminExchange } from "#shared/exchanges.ts";
import { AdminLoadFailed, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { ExchangeCard } from "../../components/admin/exchanges/ExchangeCard.tsx";
import { useExchangeOutcome } from "../../components/admin/exchanges/use-exchange-outcome.tsx";
import { loadAdmin, useLatest } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/exchange.ts";

export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) =>
  loadAdmin<AdminExchange>(request, `/exchanges/${encodeURIComponent(params.exchangeId)}`);

export const HydrateFallback = () => <AdminLoading what="the exchange request" />;

export default function AdminExchangeRequest({ loaderData }: Route.ComponentProps) {
  const [exchange, replace] = useLatest(loaderData);
  const { revalidate } = useRevalidator();
  const { done, notice } = useExchangeOutcome((changed) =>
    changed ? replace({ ok: true, data: changed }) : void revalidate(),
  );

  return (
    <div>
      <Link to="/admin/exchanges" className="mb-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
        ← All exchanges
      </Link>
      <h2 className="text-xl font-bold">Exchange request</h2>
      {notice}
      {exchange.ok ? (
        <div className="mt-4 max-w-3xl rounded-xl border border-stone-200">
          <ExchangeCard exchange={exchange.data} onDone={done} />
        </div>
      ) : (
        <AdminLoadFailed message={exchange.message} what="the exchange request" />
      )}
    </div>
  );
}
