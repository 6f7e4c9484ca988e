import { Link } from "react-router";
import { SIZES } from "#shared/sizes.ts";

/** The shop-by-size block: one link per size 37..46 to /buy/{size}. */
export function ShopBySize() {
  return (
    <section aria-labelledby="shop-by-size" className="page">
      <h2 id="shop-by-size" className="page-title">
        Shop by Size
      </h2>
      <ul className="mt-5 grid grid-cols-5 gap-2 sm:gap-3 md:grid-cols-10">
        {SIZES.map((size) => (
          <li key={size}>
            <Link
              to={`/buy/${size}`}
              className="grid aspect-square place-items-center rounded-lg border-2 border-stone-200 text-lg font-bold text-stone-800 hover:border-brand-700 hover:bg-brand-50 hover:text-brand-700"
              aria-label={`Shoes in size ${size}`}
            >
              {size}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
