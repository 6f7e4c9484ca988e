// A bar chart of one number per day, drawn by hand in SVG (no chart library in the admin's
// JavaScript). The SVG only draws: its title and description say what it shows, the axis words
// are HTML (so they stay readable at any width), and the numbers themselves are in a table.
import { useId } from "react";

export interface DailyValue {
  day: string;
  value: number;
}

const WIDTH = 300;
const HEIGHT = 100;

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("en-PK", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

export function DailyBars({
  title,
  values,
  format,
}: {
  title: string;
  values: DailyValue[];
  format: (value: number) => string;
}) {
  const id = useId();
  const max = Math.max(0, ...values.map((v) => v.value));
  const total = values.reduce((sum, v) => sum + v.value, 0);
  const best = values.reduce<DailyValue | undefined>((top, v) => (!top || v.value > top.value ? v : top), undefined);
  const first = values[0];
  const last = values.at(-1);
  const slot = WIDTH / Math.max(values.length, 1);
  const description =
    first && last
      ? `${dayLabel(first.day)} to ${dayLabel(last.day)}: ${format(total)} in all` +
        (best && best.value > 0 ? `, most on ${dayLabel(best.day)} (${format(best.value)}).` : ", none on any day.")
      : "No days.";
  return (
    <figure className="min-w-0 rounded-xl border border-stone-200 p-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-stone-600">{format(total)} in 30 days</span>
      </figcaption>
      <div className="mt-2 flex gap-2">
        <div
          className="flex w-16 shrink-0 flex-col justify-between text-right text-xs text-stone-600"
          aria-hidden="true"
        >
          <span>{format(max)}</span>
          <span>{format(0)}</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="h-32 w-0 min-w-0 flex-1 md:h-40"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke="#a8a29e" vectorEffect="non-scaling-stroke" />
          <line x1="0" x2={WIDTH} y1="0.5" y2="0.5" stroke="#e7e5e4" vectorEffect="non-scaling-stroke" />
          {values.map((v, i) => {
            const h = max === 0 ? 0 : (v.value / max) * (HEIGHT - 2);
            return (
              <rect
                key={v.day}
                x={i * slot + slot * 0.15}
                width={slot * 0.7}
                y={HEIGHT - h}
                height={h}
                className="fill-brand-600"
              >
                <title>{`${dayLabel(v.day)}: ${format(v.value)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="ml-18 flex justify-between text-xs text-stone-600" aria-hidden="true">
        <span>{first ? dayLabel(first.day) : ""}</span>
        <span>{last ? `${dayLabel(last.day)} (today)` : ""}</span>
      </div>
    </figure>
  );
}

export { dayLabel };
