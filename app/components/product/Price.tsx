import { formatRs } from "#shared/money.ts";

/** Price struck through beside the discount price and the percent off. */
export function Price({
  price,
  discountPrice,
  discountPercentage,
  size = "base",
}: {
  price: number;
  discountPrice: number;
  discountPercentage: number;
  size?: "base" | "large";
}) {
  const big = size === "large";
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${big ? "text-2xl" : "text-sm"}`}>
      <span className="sr-only">Price:</span>
      {discountPercentage > 0 && (
        <del className={`text-stone-600 ${big ? "text-lg" : "text-xs"}`}>
          <span className="sr-only">was </span>
          {formatRs(price)}
        </del>
      )}
      <span className="font-bold text-stone-900">
        {discountPercentage > 0 && <span className="sr-only">now </span>}
        {formatRs(discountPrice)}
      </span>
      {discountPercentage > 0 && (
        <span className={`rounded bg-red-700 px-1.5 py-0.5 font-semibold text-white ${big ? "text-sm" : "text-xs"}`}>
          {discountPercentage}% off
        </span>
      )}
    </p>
  );
}
