import type { ProductSummary } from "#shared/catalog.ts";
import { HydrateLater } from "../HydrateLater.tsx";
import { ProductCard } from "./ProductCard.tsx";

/** 2 columns on small screens, 3 on medium, 4 on larger (docs/product.md section 2). */
const COLUMNS = "grid-cols-2 md:grid-cols-3 lg:grid-cols-4";
/**
 * The home page's grids hold six: four columns would leave a half-empty second row, so they keep
 * three columns (two full rows) and show all six in one row on wide screens.
 */
const SIX_COLUMNS = "grid-cols-2 md:grid-cols-3 xl:grid-cols-6";

export function ProductGrid({
  products,
  priorityCount = 0,
  heading = "h3",
  sixUp = false,
  size,
  linkSize,
}: {
  products: ProductSummary[];
  priorityCount?: number;
  heading?: "h2" | "h3";
  sixUp?: boolean;
  /** The size the page lists by (/buy/{size}): each card tells that size's stock. */
  size?: number;
  /** The one size the list is of: each card's link opens the product in it. */
  linkSize?: number;
}) {
  // The cards are the longest markup of a list page; a tap on one before it is hydrated is a link.
  return (
    <HydrateLater>
      <ul className={`grid gap-3 md:gap-5 ${sixUp ? SIX_COLUMNS : COLUMNS}`}>
        {products.map((product, index) => (
          <li key={product._id} className="flex">
            <ProductCard
              product={product}
              priority={index < priorityCount}
              heading={heading}
              size={size}
              linkSize={linkSize}
            />
          </li>
        ))}
      </ul>
    </HydrateLater>
  );
}
