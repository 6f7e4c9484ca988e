// Sales and codes (issue 51): what each scheduled sale, discount code and automatic offer brought
// (orders, pairs, revenue) and what it cost (the discount given, parcels refused at the door or
// returned), and the codes that look passed around in public, so the owner sees which promotions pay.
// Each table scrolls sideways in its own box on a phone; the page itself never does.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { formatRs } from "#shared/money.ts";
import {
  type CodeReportRow,
  PROMOTION_WORDS,
  type PromotionFigures,
  type PromotionsReport,
  SHARED_MIN_USES,
  SHARED_NEW_ACCOUNT_SHARE,
  sharedReason,
} from "#shared/promotions-report.ts";
import { ADMIN_INPUT } from "../../components/admin/AdminField.tsx";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { dayLabel } from "../../components/admin/DailyBars.tsx";
import { useListParams } from "../../components/admin/ListControls.tsx";
import { queryString } from "../../lib/admin-api.ts";
import { loadAdmin, useLoadingHere } from "../../lib/admin-loader.ts";
import { wallTimeWords } from "../../lib/dates.ts";
import type { Route } from "./+types/promotions.ts";

/** The period in the address (?from=&to=, Karachi days); a field left empty is no bound. */
function periodOf(params: { get: (key: string) => string | null }): { from: string; to: string } {
  return { from: params.get("from") ?? "", to: params.get("to") ?? "" };
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<PromotionsReport>(request, `/promotions/report${queryString(periodOf(new URL(request.url).searchParams))}`);

export const HydrateFallback = () => <AdminLoading what="the sales and codes" />;

export default function PromotionsScreen({ loaderData: report }: Route.ComponentProps) {
  const loading = useLoadingHere();
  const period = periodOf(useListParams());
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-bold">Sales and codes</h2>
        <p className="mt-1 text-sm text-stone-600">
          What each sale, discount code and offer brought and what it gave away. {PROMOTION_WORDS.revenue}{" "}
          {PROMOTION_WORDS.discount} {PROMOTION_WORDS.pairs}
        </p>
      </div>
      <PeriodForm key={`${period.from}/${period.to}`} from={period.from} to={period.to} />
      {loading ? (
        <AdminLoading what="the sales and codes" />
      ) : !report.ok ? (
        <AdminLoadFailed message={report.message} what="the sales and codes" />
      ) : report.data.sales.length + report.data.codes.length + report.data.offers.length === 0 ? (
        <AdminEmpty>
          No sale has started and there are no discount codes or offers yet.{" "}
          <Link to="/admin/sales" className="font-semibold text-brand-700 hover:underline">
            Schedule a sale
          </Link>
        </AdminEmpty>
      ) : (
        <Report report={report.data} />
      )}
    </div>
  );
}

/** The period, Karachi days: a plain GET form, so it works before the page's JavaScript has loaded. */
function PeriodForm({ from, to }: { from: string; to: string }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 text-sm">
      <label className="block font-semibold">
        Orders placed from
        <input type="date" name="from" defaultValue={from} className={`${ADMIN_INPUT} block`} />
      </label>
      <label className="block font-semibold">
        to
        <input type="date" name="to" defaultValue={to} className={`${ADMIN_INPUT} block`} />
      </label>
      <button type="submit" className="button-secondary">
        Show
      </button>
      {from || to ? (
        <Link to="?" className="flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
          All time
        </Link>
      ) : null}
    </Form>
  );
}

function periodWords({ from, to }: PromotionsReport): string {
  if (from && to)
    return from === to ? `Orders placed on ${dayLabel(from)}` : `Orders placed ${dayLabel(from)} to ${dayLabel(to)}`;
  if (from) return `Orders placed from ${dayLabel(from)}`;
  if (to) return `Orders placed up to ${dayLabel(to)}`;
  return "Every order placed so far";
}

function Report({ report }: { report: PromotionsReport }) {
  return (
    <>
      <p className="text-sm font-semibold">{periodWords(report)}.</p>
      <Table
        id="sales"
        title="Sales"
        note="The orders with a line the sale priced; its pairs and discount are those lines' (the regular price less the sale price)."
        empty="No sale has started yet."
        rowHeader="Sale"
        rows={report.sales.map((s) => ({
          key: s.saleId,
          figures: s,
          head: (
            <>
              <span className="block font-semibold">{s.name}</span>
              <span className="block text-xs text-stone-600">
                {wallTimeWords(s.startsAt)} to {wallTimeWords(s.endsAt)}
              </span>
            </>
          ),
        }))}
      />
      <Table
        id="codes"
        title="Discount codes"
        note={`The orders that took each code. ${PROMOTION_WORDS.shared}: ${SHARED_MIN_USES} uses or more, at least ${Math.round(SHARED_NEW_ACCOUNT_SHARE * 100)}% of them new accounts' first orders. A code passed around on Facebook brings strangers; one your regular customers use does not.`}
        empty="There are no discount codes yet."
        rowHeader="Code"
        rows={report.codes.map((c) => ({ key: c.codeId, figures: c, head: <CodeHead code={c} /> }))}
      />
      <Table
        id="offers"
        title="Offers"
        note="The orders an automatic offer discounted (an order takes an offer or a code, never both)."
        empty="There are no offers yet."
        rowHeader="Offer"
        rows={report.offers.map((o) => ({
          key: o.offerId,
          figures: o,
          head: <span className="font-semibold">{o.name}</span>,
        }))}
      />
    </>
  );
}

function CodeHead({ code }: { code: CodeReportRow }) {
  return (
    <>
      <span className="block font-mono font-semibold">{code.code}</span>
      <span className="block text-xs text-stone-600">
        {code.uses} {code.maxUses === null ? (code.uses === 1 ? "use" : "uses") : `of ${code.maxUses} uses`},{" "}
        {code.newAccounts} by new accounts
      </span>
      {code.sharedPublicly ? (
        <span className="mt-1 block">
          <span className="inline-block rounded-full bg-amber-100 px-2 text-xs font-semibold leading-5 text-amber-900">
            {PROMOTION_WORDS.shared}
          </span>
          <span className="block text-xs text-amber-900">{sharedReason(code.uses, code.newAccounts)}</span>
        </span>
      ) : null}
    </>
  );
}

interface TableRow {
  key: string;
  head: ReactNode;
  figures: PromotionFigures;
}

function Table({
  id,
  title,
  note,
  empty,
  rowHeader,
  rows,
}: {
  id: string;
  title: string;
  note: string;
  empty: string;
  rowHeader: string;
  rows: TableRow[];
}) {
  const number = "p-2 text-right align-top";
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h3>
      <p className="text-xs text-stone-600">{note}</p>
      {rows.length === 0 ? (
        <AdminEmpty>{empty}</AdminEmpty>
      ) : (
        <ScrollBox label={title}>
          <table className="w-full min-w-[44rem] text-left text-sm tabular-nums">
            <thead>
              <tr className="text-xs text-stone-600">
                <th scope="col" className="p-2">
                  {rowHeader}
                </th>
                <th scope="col" className="p-2 text-right">
                  Orders
                </th>
                <th scope="col" className="p-2 text-right">
                  Pairs
                </th>
                <th scope="col" className="p-2 text-right">
                  Revenue
                </th>
                <th scope="col" className="p-2 text-right">
                  Discount given
                </th>
                <th scope="col" className="p-2 text-right">
                  Refused at the door
                </th>
                <th scope="col" className="p-2 text-right">
                  Returned
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ key, head, figures: f }) => (
                <tr key={key} className="border-t border-stone-100">
                  <th scope="row" className="max-w-56 p-2 align-top font-normal [overflow-wrap:anywhere]">
                    {head}
                  </th>
                  <td className={number}>{f.orders}</td>
                  <td className={number}>{f.pairs}</td>
                  <td className={number}>{formatRs(f.revenue)}</td>
                  <td className={number}>{formatRs(f.discount)}</td>
                  <td className={`${number} ${f.refused > 0 ? "font-semibold text-red-800" : ""}`}>{f.refused}</td>
                  <td className={number}>{f.returned}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

/**
 * Its own sideways scroll on a phone, so the page itself never scrolls sideways; focusable so arrow
 * keys scroll it, and named so a screen reader says which table it holds.
 */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      className="mt-2 overflow-x-auto rounded-xl border border-stone-200"
      aria-label={`${label} table`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard can only scroll a region that takes focus
      tabIndex={0}
    >
      {children}
    </section>
  );
}
