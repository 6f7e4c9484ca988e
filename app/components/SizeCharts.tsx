// The men's and women's size charts as tables (shared/size-chart.ts), for the size guide page and the
// size chart dialog: a caption names each, the column headers and each row's EU size are header
// cells, so a screen reader announces what every number is. Four short columns fit a 320 px phone.
import type { Gender } from "#shared/categories.ts";
import { formatFootLength, SIZE_CHART_COLUMNS, SIZE_CHART_FOOTNOTE, SIZE_CHARTS } from "#shared/size-chart.ts";

/** `first`: the gender whose chart comes first (the product's, in its dialog); else men's, then women's. */
export function SizeCharts({ first }: { first?: Gender }) {
  const charts = first
    ? [...SIZE_CHARTS].sort((a, b) => Number(b.gender === first) - Number(a.gender === first))
    : SIZE_CHARTS;
  return (
    <div>
      <div className="grid items-start gap-6 md:grid-cols-2">
        {charts.map((chart) => (
          <table key={chart.gender} className="w-full border-collapse text-center text-sm tabular-nums sm:text-base">
            <caption className="pb-2 text-left text-lg font-bold text-stone-900">{chart.title}</caption>
            <thead>
              <tr className="bg-brand-700 text-white">
                {SIZE_CHART_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => (
                <tr key={row.eu} className="border-b border-stone-200 even:bg-stone-50">
                  <th scope="row" className="px-2 py-2 font-semibold">
                    {row.eu}
                  </th>
                  <td className="px-2 py-2">{row.uk}</td>
                  <td className="px-2 py-2">{row.us}</td>
                  <td className="px-2 py-2">{formatFootLength(row.footCm)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <p className="mt-4 text-sm text-stone-600">{SIZE_CHART_FOOTNOTE}</p>
    </div>
  );
}
