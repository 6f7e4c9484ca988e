// 'Most wanted sold-out sizes' on the stock grid: the shop's sold-out sizes with the most customers
// waiting to be told they are back (issue 33, part 4), for the owner's next order from the workshop.
// A size of another category links to that category's grid.
import { Bell } from "lucide-react";
import { Link } from "react-router";
import { CATEGORIES, type CategorySlug } from "#shared/categories.ts";
import type { MostWantedSize } from "#shared/stock-grid.ts";

const categoryName = (slug: CategorySlug) => {
  const c = CATEGORIES.find((x) => x.slug === slug);
  return c ? `${c.gender === "men" ? "Men" : "Women"} · ${c.name}` : slug;
};

export function MostWanted({ sizes, category }: { sizes: MostWantedSize[]; category: CategorySlug }) {
  return (
    <section aria-labelledby="most-wanted" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h3 id="most-wanted" className="flex items-center gap-2 font-semibold text-stone-900">
        <Bell aria-hidden="true" className="size-4 text-amber-800" /> Most wanted sold-out sizes
      </h3>
      {sizes.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">No customer is waiting for a sold-out size.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">
            Customers asked to be told when these are back. Each gets one e-mail as soon as you add pairs.
          </p>
          <ol className="mt-3 flex flex-col gap-1.5 text-sm">
            {sizes.map((wanted) => (
              <li key={`${wanted.productId}:${wanted.size}`} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold [overflow-wrap:anywhere]">
                  {wanted.name}, size {wanted.size}
                </span>
                <span className="font-bold text-amber-900">{wanted.waiting} waiting</span>
                {wanted.category === category ? null : (
                  <Link
                    to={`/admin/stock?category=${wanted.category}`}
                    className="text-brand-700 underline underline-offset-2"
                  >
                    {categoryName(wanted.category)}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
