import type { ProductSummary } from "#shared/catalog.ts";
import { ProductCard } from "./ProductCard.tsx";

/** 2 columns on small screens, 3 on medium, 4 on larger (SPEC.md section 2). */
export function ProductGrid({
  products,
  priorityCount = 0,
  heading = "h3",
}: {
  products: ProductSummary[];
  priorityCount?: number;
  heading?: "h2" | "h3";
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-5 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product._id} className="flex">
          <ProductCard product={product} priority={index < priorityCount} heading={heading} />
        </li>
      ))}
    </ul>
  );
}
