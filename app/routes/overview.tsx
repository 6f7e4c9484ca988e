import { SlidersHorizontal } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { toSummary } from "#shared/catalog.ts";
import { categoryBySlug, GENDER_LABEL, type Gender, OVERVIEW_SECTIONS } from "#shared/categories.ts";
import { DEFAULT_LIST_QUERY } from "#shared/listing.ts";
import { CategoryCarousel, categorySlides } from "../components/home/CategoryCarousel.tsx";
import { GenderBanner } from "../components/home/GenderBanner.tsx";
import { ShopBySize } from "../components/home/ShopBySize.tsx";
import type { FixedFilter } from "../components/listing/list-links.ts";
import { ProductList } from "../components/listing/ProductList.tsx";
import { ProductGrid } from "../components/product/ProductGrid.tsx";
import { services } from "../lib/context.server.ts";
import { loadListPage } from "../lib/list-page.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/overview.ts";

/** The page is one gender's: its list offers no Men/Women. */
const OVERVIEW_FIXES: FixedFilter[] = ["gender"];

/** Products shown per section; the category page has the rest. */
const SECTION_LENGTH = 4;

function genderOf(pathname: string): Gender {
  return pathname.toLowerCase().startsWith("/women") ? "women" : "men";
}

/** Parameters that make the page the filterable list of all the gender's shoes (decision 010). */
const LIST_PARAMS = ["size", "colour", "minPrice", "maxPrice", "sale", "sort", "page"];

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const label = GENDER_LABEL[loaderData?.gender ?? "men"];
  const sections = loaderData?.mode === "overview" ? loaderData.sections.map((s) => s.name).join(", ") : "every style";
  return pageMeta({
    title: `${label}'s Shoes`,
    description: `${label}'s shoes in Karachi: ${sections}. Free delivery, cash on delivery.`,
    publicUrl: publicUrlOf(matches),
    path: location.pathname,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const gender = genderOf(url.pathname);
  if (LIST_PARAMS.some((name) => url.searchParams.has(name))) {
    const list = await loadListPage(services(context), request, "catalogue", { gender });
    // The path says the gender: the state the links and the form build on leaves it out.
    const state = { ...list.data, query: { ...list.data.query, gender: null } };
    return data({ mode: "list" as const, gender, list: state }, list.init ?? undefined);
  }
  const { catalog } = services(context);
  const [covers, sizesInStock, ...lists] = await Promise.all([
    catalog.categoryCovers(),
    catalog.sizesInStock(gender),
    ...OVERVIEW_SECTIONS[gender].map((slug) => catalog.list({ category: slug }, DEFAULT_LIST_QUERY)),
  ]);
  return {
    mode: "overview" as const,
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
  const { pathname } = useLocation();
  if (loaderData.mode === "list") {
    const { gender, list } = loaderData;
    return (
      <div className="page">
        <h1 className="page-title">All {GENDER_LABEL[gender].toLowerCase()}'s shoes</h1>
        <p className="mt-1 text-sm">
          <Link to={pathname} className="font-semibold text-brand-700 underline underline-offset-4">
            Back to the {GENDER_LABEL[gender].toLowerCase()}'s overview
          </Link>
        </p>
        <ProductList
          list={list}
          path={pathname}
          hide={OVERVIEW_FIXES}
          listOnly
          empty={
            <p className="rounded-lg bg-stone-50 p-10 text-center text-stone-700">No shoes match these filters.</p>
          }
        />
      </div>
    );
  }
  const { gender, sections, slides, sizesInStock } = loaderData;
  return (
    <>
      <div className="page flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2 pb-0">
        <h1 className="page-title">{GENDER_LABEL[gender]}</h1>
        <Link to={`${pathname}?page=1#filters`} className="button-secondary min-h-11 px-4">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filter &amp; sort all {GENDER_LABEL[gender].toLowerCase()}'s shoes
        </Link>
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
