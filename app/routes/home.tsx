import { Link } from "react-router";
import { type Product, type ProductSummary, toSummary } from "#shared/catalog.ts";
import type { CategorySlug } from "#shared/categories.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import { CategoryCarousel, categorySlides } from "../components/home/CategoryCarousel.tsx";
import { GenderBanner } from "../components/home/GenderBanner.tsx";
import { ShopBySize } from "../components/home/ShopBySize.tsx";
import { ShopClaims } from "../components/home/ShopClaims.tsx";
import { ProductGrid } from "../components/product/ProductGrid.tsx";
import { SitePicture } from "../components/SitePicture.tsx";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/home.ts";

/** docs/product.md section 2, 'Home composition': products picked by category and position, in order. */
const BEST_SELLERS: [CategorySlug, number][] = [
  ["men-sneakers-casual-shoes", 0],
  ["men-sneakers-casual-shoes", 1],
  ["men-sneakers-casual-shoes", 5],
  ["men-formal-shoes", 0],
  ["men-formal-shoes", 1],
  ["women-slippers-chappal", 0],
];
const NEW_ARRIVALS: [CategorySlug, number][] = [
  ["men-sneakers-casual-shoes", 0],
  ["men-sneakers-casual-shoes", 1],
  ["men-sneakers-casual-shoes", 2],
  ["men-formal-shoes", 0],
  ["women-heels-sandals", 0],
  ["women-pumps-khusa", 0],
];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: SHOP_NAME,
    description:
      "Men's and women's shoes in Karachi: Peshawari chappal, khussa, sneakers, formal shoes, heels and more. Free delivery across Karachi, cash on delivery.",
    publicUrl: publicUrlOf(matches),
    path: "/",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = services(context);
  const picks = [...BEST_SELLERS, ...NEW_ARRIVALS];
  const wanted = new Map<CategorySlug, Set<number>>();
  for (const [slug, position] of picks) wanted.set(slug, (wanted.get(slug) ?? new Set()).add(position));
  const slugs = [...wanted.keys()];
  const [covers, ...lists] = await Promise.all([
    catalog.categoryCovers(),
    ...slugs.map((slug) => catalog.pickByPositions(slug, [...(wanted.get(slug) ?? [])])),
  ]);
  const bySlug = new Map(slugs.map((slug, index) => [slug, lists[index]]));
  // One summary object per product: a product in both grids is then sent to the browser once.
  const summaries = new Map<string, ProductSummary>();
  const summaryOf = (product: Product) => {
    const summary = summaries.get(product._id) ?? toSummary(product);
    summaries.set(product._id, summary);
    return summary;
  };
  const pick = (list: [CategorySlug, number][]) =>
    list
      .map(([slug, position]) => bySlug.get(slug)?.get(position))
      .filter((p): p is Product => p !== undefined)
      .map(summaryOf);
  return {
    bestSellers: pick(BEST_SELLERS),
    newArrivals: pick(NEW_ARRIVALS),
    slides: categorySlides(covers),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { bestSellers, newArrivals, slides } = loaderData;
  return (
    <>
      <h1 className="sr-only">{SHOP_NAME}: men's and women's shoes in Karachi</h1>
      <div className="relative">
        <SitePicture
          name="cover"
          sizes="100vw"
          priority
          className="h-72 w-full object-cover sm:h-auto sm:max-h-[70vh]"
        />
        <div className="absolute inset-x-0 bottom-4 flex justify-center gap-3 md:bottom-10">
          <Link to="/men" className="button-primary shadow-lg">
            Shop Men
          </Link>
          <Link to="/women" className="button-secondary shadow-lg">
            Shop Women
          </Link>
        </div>
      </div>
      <ShopClaims />
      <ProductSection id="best-sellers" title="Best Sellers" products={bestSellers} />
      <CategoryCarousel slides={slides} />
      <ProductSection id="new-arrivals" title="New Arrivals" products={newArrivals} />
      <ShopBySize />
      <GenderBanner />
    </>
  );
}

function ProductSection({ id, title, products }: { id: string; title: string; products: ProductSummary[] }) {
  return (
    <section aria-labelledby={id} className="page">
      <h2 id={id} className="page-title">
        {title}
      </h2>
      <div className="mt-5">
        <ProductGrid products={products} sixUp={products.length === 6} />
      </div>
    </section>
  );
}
