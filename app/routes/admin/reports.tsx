// The report the owner reads every week (issue 32): what became of the last 30 or 90 days' orders
// (delivered, refused, cancelled, lost) and what refusals cost in courier charges, in all, by week,
// by courier, by area and by the owner's risk rules (issue 50), and the customers who refused most. The period is a link, so it works
// before the page's JavaScript has loaded.
import { Link } from "react-router";
import {
  type DeliveryReport,
  type DeliveryRow,
  NO_AREA,
  OUTCOMES,
  REPORT_PERIODS,
  type ReportPeriod,
} from "#shared/delivery-report.ts";
import { formatRs } from "#shared/money.ts";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { dayLabel } from "../../components/admin/DailyBars.tsx";
import { AmountChart, type ChartRow, OUTCOME_LABELS, OutcomeChart } from "../../components/admin/DeliveryCharts.tsx";
import { useListParams } from "../../components/admin/ListControls.tsx";
import { loadAdmin, useLoadingHere } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/reports.ts";

const periodOf = (value: string | null): ReportPeriod => (value === "90" ? 90 : 30);
const range = (from: string, to: string) => (from === to ? dayLabel(from) : `${dayLabel(from)} – ${dayLabel(to)}`);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<DeliveryReport>(
    request,
    `/reports/delivery?days=${periodOf(new URL(request.url).searchParams.get("days"))}`,
  );

export const HydrateFallback = () => <AdminLoading what="the report" />;

export default function DeliveryReportScreen({ loaderData: report }: Route.ComponentProps) {
  const days = periodOf(useListParams().get("days"));
  const loading = useLoadingHere();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">Delivery report</h2>
          <p className="mt-1 text-sm text-stone-600">
            What became of the orders placed in the last {days} days, and what refused parcels cost.
          </p>
        </div>
        <PeriodSwitch days={days} />
      </div>
      {loading ? (
        <AdminLoading what="the report" />
      ) : !report.ok ? (
        <AdminLoadFailed message={report.message} what="the report" />
      ) : report.data.totals.orders === 0 ? (
        <AdminEmpty>
          No orders were placed in the last {days} days ({range(report.data.from, report.data.to)}).
        </AdminEmpty>
      ) : (
        <Report report={report.data} />
      )}
    </div>
  );
}

function PeriodSwitch({ days }: { days: ReportPeriod }) {
  return (
    <nav aria-label="Period">
      <ul className="flex rounded-lg border border-stone-300 p-0.5">
        {REPORT_PERIODS.map((period) => (
          <li key={period}>
            <Link
              to={`?days=${period}`}
              aria-current={period === days ? "page" : undefined}
              className="flex min-h-11 items-center rounded-md px-4 text-sm font-semibold text-stone-700 hover:text-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              Last {period} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Report({ report }: { report: DeliveryReport }) {
  const { totals } = report;
  const weeks: ChartRow[] = report.weeks.map((w) => ({ key: w.week, label: range(w.from, w.to), row: w }));
  const couriers: ChartRow[] = report.couriers.map((c) => ({ key: c.courierId ?? "none", label: c.courier, row: c }));
  const areas: ChartRow[] = report.areas.map((a) => ({ key: a.area ?? "none", label: a.area ?? NO_AREA, row: a }));
  if (report.otherAreas) {
    const { areas: count, ...row } = report.otherAreas;
    areas.push({ key: "other", label: `Other areas (${count})`, row });
  }
  const rules: ChartRow[] = report.rules.map((r) => ({ key: r.ruleId ?? "none", label: r.rule, row: r }));
  const charged = report.couriers.filter((c) => c.refused > 0 && c.courierId !== null);
  return (
    <>
      <section aria-labelledby="report-headline">
        <h3 id="report-headline" className="sr-only">
          In all
        </h3>
        <p className="text-sm text-stone-600">
          {range(report.from, report.to)}, by the day each order was placed (Karachi time). Rates are shares of the
          orders placed; the refusal rate is of the parcels sent out.
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-8">
          <Figure label="Orders placed" value={String(totals.orders)} />
          {OUTCOMES.map((o) => (
            <Figure
              key={o}
              label={OUTCOME_LABELS[o]}
              value={`${totals.rates[o]}%`}
              detail={`${totals[o]} ${totals[o] === 1 ? "order" : "orders"}`}
            />
          ))}
          <Figure
            label="Refusal rate"
            value={`${totals.refusalRate}%`}
            detail={`${totals.refusedOfDispatched} of ${totals.dispatched} ${totals.dispatched === 1 ? "parcel" : "parcels"} sent out`}
          />
          <Figure label="Refusals cost" value={formatRs(totals.refusalCost)} detail={uncharged(totals)} />
        </dl>
      </section>

      <OutcomeChart
        id="by-week"
        title="By week"
        note="Weeks start on Monday; the first and last are cut at the period's ends."
        rows={weeks}
        rowHeader="Week"
        attempts
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <OutcomeChart
          id="by-courier"
          title="By courier"
          note="Not dispatched: orders that never went out with a courier or the shop's rider."
          rows={couriers}
          rowHeader="Courier"
          attempts
        />
        <AmountChart
          id="refusal-cost"
          title="Refusals cost, by courier"
          note="The couriers' charges, both ways, on refused and returned parcels, as their payment reports give them."
          rows={charged.map((c) => ({
            key: c.courierId ?? "none",
            label: c.courier,
            amount: c.refusalCost,
            detail: [`${c.refused} refused or returned`, uncharged(c)].filter(Boolean).join(". "),
          }))}
        />
      </div>
      {charged.length === 0 ? <p className="text-sm text-stone-600">No courier brought a parcel back.</p> : null}
      <OutcomeChart id="by-area" title="By area" note="The areas with most orders." rows={areas} rowHeader="Area" />
      <OutcomeChart
        id="by-rule"
        title="By rule"
        note="Orders under each of your rules, and those under none: whether a rule pays shows in its refusal rate and what the refused parcels cost. An order under two rules counts under each."
        rows={rules}
        rowHeader="Rule"
        refusalRate
      />
      <Refusers report={report} />
    </>
  );
}

function uncharged(row: DeliveryRow): string | undefined {
  const n = row.refusedWithoutCharges;
  if (n === 0) return undefined;
  return `${n} ${n === 1 ? "parcel's" : "parcels'"} charges not reported yet`;
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string | undefined }) {
  return (
    <div className="rounded-xl border border-stone-200 p-3">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
      {detail ? <dd className="text-xs text-stone-600">{detail}</dd> : null}
    </div>
  );
}

function Refusers({ report }: { report: DeliveryReport }) {
  return (
    <section aria-labelledby="refusers">
      <h3 id="refusers" className="text-lg font-bold">
        Customers who refused most
      </h3>
      <p className="text-xs text-stone-600">
        Parcels refused at the door or returned, of the orders each account placed in the last {report.days} days.
      </p>
      {report.refusers.length === 0 ? (
        <AdminEmpty>No customer refused or returned a parcel in the last {report.days} days.</AdminEmpty>
      ) : (
        <ol className="mt-2 divide-y divide-stone-100 rounded-xl border border-stone-200">
          {report.refusers.map((c) => (
            <li key={c.userId} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
              <span className="min-w-0 flex-1 basis-48">
                <span className="block font-semibold [overflow-wrap:anywhere]">{c.username}</span>
                <span className="block text-stone-600 [overflow-wrap:anywhere]">{c.email}</span>
              </span>
              <span className="shrink-0">
                <strong className="text-red-800">{c.refusals} refused</strong> of {c.orders}{" "}
                {c.orders === 1 ? "order" : "orders"}
                {c.refusalCost > 0 ? (
                  <span className="block text-stone-600">cost {formatRs(c.refusalCost)}</span>
                ) : null}
              </span>
              <Link
                to={`/admin/orders?query=${encodeURIComponent(c.email)}`}
                className="flex min-h-11 shrink-0 items-center font-semibold text-brand-700 hover:underline"
              >
                Their orders<span className="sr-only"> ({c.username})</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
