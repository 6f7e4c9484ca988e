import type { ProductSummary } from "#shared/catalog.ts";
import { LOW_STOCK_LABEL_AT } from "#shared/sizes.ts";
import { LightLink } from "../LightLink.tsx";
import { Price } from "./Price.tsx";
import { ProductPicture } from "./ProductPicture.tsx";

/** Grid widths: 2 columns on phones, 3 on medium screens, 4 on large. */
const CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

export function ProductCard({
  product,
  priority = false,
  heading: Heading = "h3",
  size,
  linkSize,
}: {
  product: ProductSummary;
  priority?: boolean;
  /** h2 where the grid sits right under the page's h1, h3 under a section heading. */
  heading?: "h2" | "h3";
  /** The size the page lists by: the card tells that size's stock rather than the product's. */
  size?: number;
  /**
   * The one size the list is of (/buy/38, a list filtered by 38): the link carries it so the
   * product opens with that size chosen. From the address only, so the server draws the same link.
   */
  linkSize?: number;
}) {
  const image = product.image;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white transition hover:shadow-md">
      <div className="aspect-square overflow-hidden bg-stone-100">
        {image && (
          <ProductPicture
            image={image}
            sizes={CARD_SIZES}
            priority={priority}
            alt=""
            className="size-full object-cover transition duration-300 group-hover:scale-105"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="text-sm font-semibold leading-snug text-stone-900 md:text-base">
          <LightLink
            to={`/products/${product._id}${linkSize === undefined ? "" : `?size=${linkSize}`}`}
            state={{ fromCard: true }}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
          >
            {product.name}
          </LightLink>
        </Heading>
        <p className="text-xs text-stone-600 md:text-sm">{product.preview}</p>
        <div className="mt-auto pt-1">
          <Price
            price={product.price}
            discountPrice={product.discountPrice}
            discountPercentage={product.discountPercentage}
          />
          {size === undefined ? (
            <StockLabel stock={product.stock} />
          ) : (
            <StockLabel stock={product.sizes?.find((s) => s.size === size)?.stock ?? 0} inSize={` in size ${size}`} />
          )}
        </div>
      </div>
    </article>
  );
}

/** `inSize` (" in size 42") names the size the stock is of, on pages that list by size. */
function StockLabel({ stock, inSize = "" }: { stock: number; inSize?: string }) {
  if (stock <= 0) return <p className="mt-1 text-xs font-semibold text-red-700">{`Out of stock${inSize}`}</p>;
  if (stock <= LOW_STOCK_LABEL_AT)
    return <p className="mt-1 text-xs font-semibold text-amber-800">{`Only ${stock} left${inSize}`}</p>;
  return <p className="mt-1 text-xs text-green-800">{`In stock${inSize}`}</p>;
}
