import { useEffect } from "react";
import { data, useLocation, useSearchParams } from "react-router";
import { toSummary } from "#shared/catalog.ts";
import { productIdSchema } from "#shared/catalog-schemas.ts";
import { categoryBySlug } from "#shared/categories.ts";
import { type FitNote, suggestSize } from "#shared/fit-note.ts";
import { DEFAULT_LIST_QUERY } from "#shared/listing.ts";
import { buyersFit, type PublicReview, type ReviewSummary } from "#shared/review-words.ts";
import { reviewFitSchema } from "#shared/reviews.ts";
import { LightLink } from "../components/LightLink.tsx";
import { BackInStock } from "../components/product/BackInStock.tsx";
import { FitAdvice } from "../components/product/FitAdvice.tsx";
import { ImageCarousel } from "../components/product/ImageCarousel.tsx";
import { Price } from "../components/product/Price.tsx";
import { ProductGrid } from "../components/product/ProductGrid.tsx";
import { ProductOffers } from "../components/product/ProductOffers.tsx";
import { PurchaseControls } from "../components/product/PurchaseControls.tsx";
import { Reviews } from "../components/product/Reviews.tsx";
import { SaleEndsIn } from "../components/product/SaleEndsIn.tsx";
import { errorPageMeta, RouteError } from "../components/RouteError.tsx";
import { services } from "../lib/context.server.ts";
import { isShoeSize, mySizeStore } from "../lib/my-size.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/product.ts";

export const NO_PRODUCT_FOUND = "No product found.";
const YOU_MAY_ALSO_LIKE = 8;

export function meta({ loaderData, matches, location, error }: Route.MetaArgs) {
  if (!loaderData) return errorPageMeta(error, NO_PRODUCT_FOUND);
  const { product } = loaderData;
  const publicUrl = publicUrlOf(matches);
  const category = categoryBySlug(product.category);
  const inStock = product.sizes.some((s) => s.stock > 0);
  return [
    ...pageMeta({
      title: product.name,
      description: product.description,
      publicUrl,
      path: location.pathname,
      image: product.imageUrl[0],
      type: "product",
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        ...reviewsLd(product.reviews, loaderData.reviews),
        name: product.name,
        description: product.description,
        image: product.imageUrl.map((src) => `${publicUrl ?? ""}${src}`),
        sku: product._id,
        category: category.name,
        offers: {
          "@type": "Offer",
          price: product.discountPrice,
          priceCurrency: "PKR",
          availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          url: `${publicUrl ?? ""}${location.pathname}`,
        },
      },
    },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${publicUrl ?? ""}/` },
          {
            "@type": "ListItem",
            position: 2,
            name: category.gender === "men" ? "Men" : "Women",
            item: `${publicUrl ?? ""}/${category.gender}`,
          },
          {
            "@type": "ListItem",
            position: 3,
            name: category.name,
            item: `${publicUrl ?? ""}${encodeURI(category.path)}`,
          },
          { "@type": "ListItem", position: 4, name: product.name },
        ],
      },
    },
  ];
}

/**
 * The Product's stars for search engines (issue 53): the sums over every published review and the
 * reviews the page shows, only when there are some (an empty rating is not a rating).
 */
function reviewsLd(summary: ReviewSummary, reviews: readonly PublicReview[]) {
  if (summary.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.author },
      datePublished: review.createdAt,
      ...(review.body ? { reviewBody: review.body } : {}),
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5 },
    })),
  };
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = productIdSchema.safeParse(params.productId);
  const { catalog, reviews } = services(context);
  const product = id.success ? await catalog.getProduct(id.data) : undefined;
  if (!product) throw data(NO_PRODUCT_FOUND, { status: 404 });
  // `?fit=runs-small` narrows the reviews; any other value shows them all.
  const asked = reviewFitSchema.safeParse(new URL(request.url).searchParams.get("fit"));
  const fit = asked.success ? asked.data : null;
  const [related, shown] = await Promise.all([
    catalog.list({ category: "men-sneakers-casual-shoes" }, DEFAULT_LIST_QUERY),
    // The product's sums say whether it has any: without reviews, no query.
    product.reviews.count > 0 ? reviews.published(product._id, { fit: fit ?? undefined }) : [],
  ]);
  return {
    product,
    reviews: shown,
    fit,
    alsoLike: related.products
      .filter((p) => p._id !== product._id)
      .slice(0, YOU_MAY_ALSO_LIKE)
      .map(toSummary),
  };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, alsoLike } = loaderData;
  // The buyers' fit once their reviews speak for the style (issue 53), else the owner's note.
  const buyers = buyersFit(product.reviews);
  const fitNote: FitNote | null = buyers ?? product.fitNote;
  const category = categoryBySlug(product.category);
  const firstInStock = product.sizes.find((s) => s.stock > 0)?.size ?? null;
  const hasInStock = (wanted: number | null) => product.sizes.some((s) => s.size === wanted && s.stock > 0);
  // The size of the list the shoe was opened from (/buy/38, a list filtered by 38: `?size=38`).
  // It is in the address, so the server's HTML already marks it.
  const [search] = useSearchParams();
  const listSize = Number(search.get("size"));
  const fromList = isShoeSize(listSize) && hasInStock(listSize) ? listSize : null;
  const location = useLocation();

  // The list's size, else the size for the shopper's own (kept in this browser, so known once
  // hydrated; one up or down when the style runs small or large), else docs/product.md section 4's
  // first size in stock, each only when this shoe has it in stock; again for another product (e.g.
  // from 'You may also like') or a newly set size. With the shopper's own size sold out (or not
  // made) none is chosen: a quick tap must not order a pair in a size they did not pick (issue 46).
  const mySize = mySizeStore.use();
  const forMySize = mySize !== null && fitNote ? suggestSize(fitNote, mySize, product.sizes).size : mySize;
  const preferred = fromList ?? (forMySize === null ? firstInStock : hasInStock(forMySize) ? forMySize : null);
  // A sold-out size offers to tell the shopper when it is back: by name, the size they came for.
  const soldOutSizes = product.sizes.filter((s) => s.stock <= 0).map((s) => s.size);
  const cameFor = isShoeSize(listSize) ? listSize : mySize;

  useEffect(() => {
    if ((location.state as { fromCard?: boolean } | null)?.fromCard) window.scrollTo({ top: 0, behavior: "smooth" });
  }, [location.state]);

  return (
    <div className="page">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-stone-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <LightLink to="/" className="hover:underline">
              Home
            </LightLink>{" "}
            /
          </li>
          <li>
            <LightLink to={`/${category.gender}`} className="hover:underline">
              {category.gender === "men" ? "Men" : "Women"}
            </LightLink>{" "}
            /
          </li>
          <li>
            <LightLink to={category.path} className="hover:underline">
              {category.name}
            </LightLink>
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <ImageCarousel images={product.images} name={product.name} />
        <div className="flex flex-col gap-4">
          <h1 className="page-title">{product.name}</h1>
          <p className="text-stone-700">{product.description}</p>
          <Price
            price={product.price}
            discountPrice={product.discountPrice}
            discountPercentage={product.discountPercentage}
            size="large"
          />
          {product.saleEndsAt && <SaleEndsIn endsAt={product.saleEndsAt} />}
          {fitNote && <FitAdvice fitNote={fitNote} byBuyers={buyers !== null} sizes={product.sizes} mySize={mySize} />}
          <PurchaseControls
            product={product}
            gender={category.gender}
            initialSize={fromList ?? firstInStock}
            preferredSize={preferred}
          />
          <ProductOffers productId={product._id} />
          <BackInStock key={product._id} productId={product._id} soldOut={soldOutSizes} wanted={cameFor} />
          <section aria-labelledby="features">
            <h2 id="features" className="font-semibold">
              Features
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
              {product.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </section>
          <p className="text-sm text-stone-700">
            Free delivery in Karachi, cash on delivery. Faulty pair? See our{" "}
            <LightLink to="/exchange-policy" className="font-semibold text-brand-700 underline">
              Exchange &amp; Return Policy
            </LightLink>
            .
          </p>
        </div>
      </div>
      {product.reviews.count > 0 && (
        <Reviews
          summary={product.reviews}
          reviews={loaderData.reviews}
          fit={loaderData.fit}
          hrefFor={(fit) => fitHref(location.pathname, search, fit)}
        />
      )}
      {alsoLike.length > 0 && (
        <section aria-labelledby="also-like" className="mt-14">
          <h2 id="also-like" className="page-title">
            You may also like
          </h2>
          <div className="mt-5">
            <ProductGrid products={alsoLike} />
          </div>
        </section>
      )}
    </div>
  );
}

/** This page's address showing the reviews of one fit (null: all), its other parameters kept. */
function fitHref(pathname: string, search: URLSearchParams, fit: FitNote | null): string {
  const params = new URLSearchParams(search);
  if (fit) params.set("fit", fit);
  else params.delete("fit");
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}#reviews`;
}

export function ErrorBoundary() {
  return (
    <RouteError
      notFound={
        <div className="page text-center">
          <h1 className="page-title">{NO_PRODUCT_FOUND}</h1>
          <p className="mt-3 text-stone-600">It may have sold out for good, or the address may be mistyped.</p>
          <LightLink to="/search" className="button-secondary mt-6 mr-3">
            Search the shop
          </LightLink>
          <LightLink to="/" className="button-primary mt-6">
            Back to Home
          </LightLink>
        </div>
      }
    />
  );
}
