import { Link } from "react-router";
import { toSummary } from "#shared/catalog.ts";
import { categoryBySlug, GENDER_LABEL, type Gender, OVERVIEW_SECTIONS } from "#shared/categories.ts";
import { CategoryCarousel, categorySlides } from "../components/home/CategoryCarousel.tsx";
import { GenderBanner } from "../components/home/GenderBanner.tsx";
import { ShopBySize } from "../components/home/ShopBySize.tsx";
import { ProductGrid } from "../components/product/ProductGrid.tsx";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/overview.ts";

/** Products shown per section; the category page has the rest. */
const SECTION_LENGTH = 4;

function genderOf(pathname: string): Gender {
  return pathname.toLowerCase().startsWith("/women") ? "women" : "men";
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const label = GENDER_LABEL[loaderData?.gender ?? "men"];
  return pageMeta({
    title: `${label}'s Shoes`,
    description: `${label}'s shoes in Karachi: ${loaderData?.sections.map((s) => s.name).join(", ")}. Free delivery, cash on delivery.`,
    publicUrl: publicUrlOf(matches),
    path: location.pathname,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const gender = genderOf(new URL(request.url).pathname);
  const { catalog } = services(context);
  const [covers, sizesInStock, ...lists] = await Promise.all([
    catalog.categoryCovers(),
    catalog.sizesInStock(gender),
    ...OVERVIEW_SECTIONS[gender].map((slug) => catalog.listCategory(slug)),
  ]);
  return {
    gender,
    sizesInStock,
    sections: OVERVIEW_SECTIONS[gender].map((slug, index) => ({
      ...categoryBySlug(slug),
      products: (lists[index]?.products.slice(0, SECTION_LENGTH) ?? []).map(toSummary),
    })),
    slides: categorySlides(covers, gender),
  };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { gender, sections, slides, sizesInStock } = loaderData;
  return (
    <>
      <div className="page pb-0">
        <h1 className="page-title">{GENDER_LABEL[gender]}</h1>
      </div>
      {sections.map((section, index) => (
        <section key={section.slug} aria-labelledby={section.slug} className="page">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id={section.slug} className="text-xl font-bold md:text-2xl">
              {section.name}
            </h2>
            <Link to={section.path} className="shrink-0 text-sm font-semibold text-brand-700 hover:underline">
              View all<span className="sr-only"> {section.name}</span>
            </Link>
          </div>
          <div className="mt-4">
            {section.products.length > 0 ? (
              <ProductGrid products={section.products} priorityCount={index === 0 ? 2 : 0} />
            ) : (
              <p className="rounded-lg bg-stone-50 p-6 text-center text-lg font-semibold text-stone-700">Coming Soon</p>
            )}
          </div>
        </section>
      ))}
      <CategoryCarousel slides={slides} />
      <GenderBanner />
      <ShopBySize shop={{ gender, sizesInStock }} />
    </>
  );
}
