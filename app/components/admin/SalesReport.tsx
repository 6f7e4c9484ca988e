// The dashboard's sales: orders and takings per day for 30 days, best sellers by pairs, and the
// sizes that sell out soonest. Cancelled orders are not sales (shared/sales.ts).
import { Link } from "react-router";
import { formatRs } from "#shared/money.ts";
import { SALES_DAYS, type SalesReport as Sales } from "#shared/sales.ts";
import { AdminEmpty } from "./AdminStatus.tsx";
import { DailyBars, dayLabel } from "./DailyBars.tsx";

export function SalesReport({ sales }: { sales: Sales }) {
  const { days, bestSellers, sizes } = sales;
  const topSizes = sizes.filter((s) => s.sold > 0 || s.soldOutProducts > 0).slice(0, 5);
  return (
    <section aria-labelledby="sales" className="space-y-6">
      <div>
        <h2 id="sales" className="text-xl font-bold">
          Sales, last {SALES_DAYS} days
        </h2>
        <p className="mt-1 text-xs text-stone-600">Cancelled orders are not counted. Days follow Karachi time.</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DailyBars
          title="Takings per day"
          values={days.map((d) => ({ day: d.day, value: d.takings }))}
          format={formatRs}
        />
        <DailyBars
          title="Orders per day"
          values={days.map((d) => ({ day: d.day, value: d.orders }))}
          format={(n) => String(n)}
        />
      </div>
      <details className="rounded-xl border border-stone-200 p-3">
        <summary className="cursor-pointer font-semibold">The numbers, day by day</summary>
        <div className="mt-2">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col" className="p-1">
                  Day
                </th>
                <th scope="col" className="p-1 text-right">
                  Orders
                </th>
                <th scope="col" className="p-1 text-right">
                  Takings
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day} className="border-t border-stone-100">
                  <th scope="row" className="p-1 text-left font-normal">
                    {dayLabel(d.day)}
                  </th>
                  <td className="p-1 text-right tabular-nums">{d.orders}</td>
                  <td className="p-1 text-right tabular-nums">{formatRs(d.takings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="best-sellers">
          <h3 id="best-sellers" className="text-lg font-bold">
            Best sellers
          </h3>
          <p className="text-xs text-stone-600">By pairs sold in the last {SALES_DAYS} days.</p>
          {bestSellers.length === 0 ? (
            <AdminEmpty>No pairs sold in the last {SALES_DAYS} days.</AdminEmpty>
          ) : (
            <ol className="mt-2 divide-y divide-stone-100 rounded-xl border border-stone-200">
              {bestSellers.map((b, i) => (
                <li key={b.productId} className="flex items-center gap-3 p-3">
                  <span className="w-6 shrink-0 text-right font-bold text-stone-500">{i + 1}.</span>
                  <Link
                    to={`/admin/products/${b.productId}`}
                    className="min-w-0 flex-1 font-semibold text-brand-700 [overflow-wrap:anywhere] hover:underline"
                  >
                    {b.name}
                  </Link>
                  <span className="shrink-0 text-right text-sm">
                    <strong>{b.pairs}</strong> {b.pairs === 1 ? "pair" : "pairs"}
                    <span className="block text-stone-600">{formatRs(b.takings)}</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby="sizes-selling-out">
          <h3 id="sizes-selling-out" className="text-lg font-bold">
            Sizes that sell out most
          </h3>
          <p className="text-xs text-stone-600">
            Sell-through: pairs of a size sold in the last {SALES_DAYS} days, out of all the pairs there were to sell
            (sold plus in stock now). The higher it is, the sooner that size runs out: order more of it. Sold out:
            products on sale with no pair left in that size now.
          </p>
          {topSizes.length === 0 ? (
            <AdminEmpty>No size has sold yet.</AdminEmpty>
          ) : (
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th scope="col" className="p-1">
                    Size
                  </th>
                  <th scope="col" className="p-1">
                    Sell-through
                  </th>
                  <th scope="col" className="p-1 text-right">
                    Sold
                  </th>
                  <th scope="col" className="p-1 text-right">
                    In stock
                  </th>
                  <th scope="col" className="p-1 text-right">
                    Sold out
                  </th>
                </tr>
              </thead>
              <tbody>
                {topSizes.map((s) => (
                  <tr key={s.size} className="border-t border-stone-100">
                    <th scope="row" className="p-1 text-left">
                      {s.size}
                    </th>
                    <td className="p-1">
                      <span className="flex items-center gap-2">
                        <svg
                          viewBox="0 0 100 8"
                          preserveAspectRatio="none"
                          aria-hidden="true"
                          className="hidden h-2 w-20 shrink-0 rounded bg-stone-100 sm:block"
                        >
                          <rect width={s.sellThrough} height="8" className="fill-brand-600" />
                        </svg>
                        <span className="tabular-nums">{s.sellThrough}%</span>
                      </span>
                    </td>
                    <td className="p-1 text-right tabular-nums">{s.sold}</td>
                    <td className="p-1 text-right tabular-nums">{s.inStock}</td>
                    <td className="p-1 text-right tabular-nums">{s.soldOutProducts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </section>
  );
}
