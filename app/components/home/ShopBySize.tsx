import { GENDER_LABEL, type Gender } from "#shared/categories.ts";
import { SIZES } from "#shared/sizes.ts";
import { LightLink } from "../LightLink.tsx";

const CELL = "grid aspect-square place-items-center rounded-lg border-2 text-lg font-bold";

/**
 * The shop-by-size block: one link per size 37..46 to /buy/{size}. On a gender's page (`shop`)
 * the links lead to that gender's shoes, and a size the gender has no stock in is crossed out
 * rather than offered: the men's range is not the women's, and the data says which is which.
 */
export function ShopBySize({ shop }: { shop?: { gender: Gender; sizesInStock: readonly number[] } }) {
  const who = shop ? `${GENDER_LABEL[shop.gender]}'s shoes` : "Shoes";
  return (
    <section aria-labelledby="shop-by-size" className="page">
      <h2 id="shop-by-size" className="page-title">
        Shop by Size
      </h2>
      <ul className="mt-5 grid grid-cols-5 gap-2 sm:gap-3 md:grid-cols-10">
        {SIZES.map((size) => (
          <li key={size}>
            {!shop || shop.sizesInStock.includes(size) ? (
              <LightLink
                to={shop ? `/buy/${size}?gender=${shop.gender}` : `/buy/${size}`}
                className={`${CELL} border-stone-200 text-stone-800 hover:border-brand-700 hover:bg-brand-50 hover:text-brand-700`}
                aria-label={`${who} in size ${size}`}
              >
                {size}
              </LightLink>
            ) : (
              <span className={`${CELL} border-dashed border-stone-200 bg-white font-semibold text-stone-500`}>
                <s>{size}</s>
                <span className="sr-only">{`: no ${who.toLowerCase()} in stock in this size`}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
