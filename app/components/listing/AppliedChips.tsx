import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { appliedFilters, type Colour, DEFAULT_LIST_QUERY, type ListQuery } from "#shared/listing.ts";
import type { FixedFilter, HrefOf } from "./list-links.ts";

const chipClass =
  "inline-flex min-h-9 items-center gap-1 rounded-full border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:border-brand-700 hover:text-brand-700";

/** The applied filters that are the shopper's: one the page fixes (/buy/42's size) is the page itself. */
export function activeFilters(query: ListQuery, colours: readonly Colour[], hide: readonly FixedFilter[]) {
  return appliedFilters(query, colours).filter(
    (chip) =>
      !(hide.includes("size") && chip.key.startsWith("size-")) && !(hide.includes("gender") && chip.key === "gender"),
  );
}

/** One chip per applied filter, each a link to the list without it, and 'Clear all'. */
export function AppliedChips({
  query,
  colours,
  hrefOf,
  hide,
  extraChips,
}: {
  query: ListQuery;
  colours: readonly Colour[];
  hrefOf: HrefOf;
  hide: readonly FixedFilter[];
  extraChips?: ReactNode;
}) {
  const chips = appliedFilters(query, colours).filter(
    (chip) => !(hide.includes("size") && chip.key.startsWith("size-")),
  );
  if (chips.length === 0 && !extraChips) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      {extraChips}
      <ul aria-label="Applied filters" className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={hrefOf(chip.without)}
              preventScrollReset
              aria-label={`Remove filter: ${chip.label}`}
              className={chipClass}
            >
              {chip.label}
              <X aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 0 && (
        <Link
          to={hrefOf({
            ...DEFAULT_LIST_QUERY,
            sort: query.sort,
            gender: hide.includes("gender") ? query.gender : null,
          })}
          preventScrollReset
          className="min-h-9 px-2 py-1.5 text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          Clear all
        </Link>
      )}
    </div>
  );
}
