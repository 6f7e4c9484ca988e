// 'Find my size' (issue 33, size advice), above the size charts in the size chart dialog and on the
// size guide page: how to measure, a foot length and men or women, the shop's EU size from the
// charts' own rows (shared/size-finder.ts), and a button that keeps it as 'my size'.
//
// A GET form to /size-guide: once hydrated the answer is worked out here, but sent before (a slow
// phone), the size guide page answers it in its HTML from the address (`initial`).
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Gender } from "#shared/categories.ts";
import type { SizeChartRow } from "#shared/size-chart.ts";
import { type FootLength, findSize, parseFootLength } from "#shared/size-finder.ts";
import { mySizeStore, setMySize } from "../lib/my-size.ts";

export interface SizeFinderStart {
  gender: Gender;
  /** A foot length already asked about (the size guide's address), answered at once. */
  foot?: string;
}

const HEADINGS = { h2: "h2", h3: "h3" } as const;

export function SizeFinder({ start, heading }: { start: SizeFinderStart; heading: keyof typeof HEADINGS }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [gender, setGender] = useState<Gender>(start.gender);
  const [typed, setTyped] = useState(start.foot ?? "");
  // What was asked: the answer follows a change of men or women at once, a new length when asked.
  const [asked, setAsked] = useState<FootLength | null>(start.foot === undefined ? null : parseFootLength(start.foot));
  const Heading = HEADINGS[heading];
  // Each press that finds a size: its answer and 'Keep' button are scrolled into view, which in the
  // size chart dialog on a 740-px phone were below its edge (issue 46).
  const answer = useRef<HTMLDivElement>(null);
  const [found, setFound] = useState(0);
  useEffect(() => {
    if (found > 0) answer.current?.scrollIntoView({ block: "nearest" });
  }, [found]);

  function find(event: FormEvent) {
    event.preventDefault();
    const length = parseFootLength(typed);
    setAsked(length);
    if (!length.ok) input.current?.focus();
    else setFound((n) => n + 1);
  }

  const error = asked && !asked.ok ? asked.message : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-stone-200 bg-stone-50 p-4">
      <Heading id={`${id}-title`} className="text-lg font-bold text-stone-900">
        Find my size
      </Heading>
      <p className="mt-1 text-sm text-stone-700">How to measure your foot:</p>
      <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm text-stone-700">
        <li>In the evening, when feet are at their largest.</li>
        <li>Standing, heel against a wall, on a sheet of paper.</li>
        <li>Mark the tip of the longest toe; measure from the heel to the mark.</li>
        <li>Measure both feet and go by the longer one.</li>
      </ol>
      <form method="get" action="/size-guide" onSubmit={find} noValidate className="mt-3 flex flex-col gap-3">
        <fieldset>
          <legend className="text-sm font-semibold text-stone-900">Sizes for</legend>
          <div className="mt-1 flex gap-2">
            {(["men", "women"] as const).map((option) => (
              <label
                key={option}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
              >
                <input
                  type="radio"
                  name="for"
                  value={option}
                  checked={gender === option}
                  onChange={() => setGender(option)}
                  className="size-4 accent-brand-700"
                />
                {option === "men" ? "Men" : "Women"}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-foot`} className="block text-sm font-semibold text-stone-900">
            Foot length in cm
          </label>
          <div className="mt-1 flex flex-wrap items-start gap-2">
            <input
              ref={input}
              id={`${id}-foot`}
              name="foot"
              inputMode="decimal"
              autoComplete="off"
              placeholder="26.5"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-foot-hint${error ? ` ${id}-foot-error` : ""}`}
              className="min-h-11 w-28 rounded-lg border border-stone-300 bg-white px-3 aria-invalid:border-red-700"
            />
            <button type="submit" className="button-primary">
              Find my size
            </button>
          </div>
          <p id={`${id}-foot-hint`} className="mt-1 text-xs text-stone-600">
            For example 26.5 or 26,5; millimetres with mm (265 mm).
          </p>
          {error && (
            <p id={`${id}-foot-error`} className="mt-1 text-sm font-medium text-red-800">
              {error}
            </p>
          )}
        </div>
      </form>
      <div ref={answer} aria-live="polite" className="mt-3 scroll-mb-4">
        {asked?.ok && <Answer gender={gender} cm={asked.cm} />}
      </div>
    </section>
  );
}

// A no-break space: "23.5" and "cm" stay on one line.
const cmText = (cm: number) => `${Number(cm.toFixed(2))}\u00a0cm`;
const chartName = (gender: Gender) => (gender === "men" ? "men's" : "women's");
const other = (gender: Gender): Gender => (gender === "men" ? "women" : "men");

function Answer({ gender, cm }: { gender: Gender; cm: number }) {
  const found = findSize(gender, cm);
  if (found.kind === "size") return <FoundSize gender={gender} cm={cm} row={found.row} />;
  const edge = found.kind === "below" ? found.smallest : found.largest;
  // The other chart may have it (a long women's foot in men's sizes): said, as the same arithmetic finds it.
  const elsewhere = findSize(other(gender), cm);
  const [than, end] = found.kind === "below" ? ["shorter", "smallest"] : ["longer", "largest"];
  const inOther =
    elsewhere.kind === "size" ? ` In our ${chartName(other(gender))} sizes it is EU ${elsewhere.row.eu}.` : "";
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-stone-900">
      {`A foot of ${cmText(cm)} is ${than} than our ${end} ${chartName(gender)} size, EU ${edge.eu}, which fits feet up to ${cmText(edge.footCm)}.${inOther}`}
    </p>
  );
}

function FoundSize({ gender, cm, row }: { gender: Gender; cm: number; row: SizeChartRow }) {
  const mySize = mySizeStore.use();
  return (
    <div className="rounded-lg bg-white px-3 py-2 ring-1 ring-brand-700">
      <p className="text-sm text-stone-700">{`For a foot of ${cmText(cm)}, our ${chartName(gender)} size is`}</p>
      <p className="text-2xl font-bold text-stone-900">{`EU ${row.eu}`}</p>
      <p className="text-sm text-stone-700">{`UK ${row.uk}, US ${row.us}; it fits feet up to ${cmText(row.footCm)}.`}</p>
      {mySize === row.eu ? (
        <p className="mt-2 text-sm font-semibold text-green-800">{`${row.eu} is kept as your size.`}</p>
      ) : (
        <button type="button" onClick={() => setMySize(row.eu)} className="button-secondary mt-2">
          {`Keep ${row.eu} as my size`}
        </button>
      )}
    </div>
  );
}
