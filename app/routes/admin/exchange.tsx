// [Ours] One exchange request, where the shop's alert mail links (/admin/exchanges/{id}): the same
// card as in the queue, answered here, and the way back to the queue.
import { Link, useParams } from "react-router";
import type { AdminExchange } from "#shared/exchanges.ts";
import { AdminError, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { ExchangeCard } from "../../components/admin/exchanges/ExchangeCard.tsx";
import { useExchangeOutcome } from "../../components/admin/exchanges/use-exchange-outcome.tsx";
import { useAdminData } from "../../lib/admin-api.ts";

export default function AdminExchangeRequest() {
  const { exchangeId = "" } = useParams();
  const exchange = useAdminData<AdminExchange>(`/exchanges/${encodeURIComponent(exchangeId)}`);
  const { done, notice } = useExchangeOutcome((changed) => (changed ? exchange.replace(changed) : exchange.reload()));

  return (
    <div>
      <Link to="/admin/exchanges" className="mb-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
        ← All exchanges
      </Link>
      <h2 className="text-xl font-bold">Exchange request</h2>
      {notice}
      {exchange.state === "loading" ? (
        <AdminLoading what="the exchange request" />
      ) : exchange.state === "failed" ? (
        <AdminError message={exchange.message} onRetry={exchange.reload} />
      ) : (
        <div className="mt-4 max-w-3xl rounded-xl border border-stone-200">
          <ExchangeCard exchange={exchange.data} onDone={done} />
        </div>
      )}
    </div>
  );
}
