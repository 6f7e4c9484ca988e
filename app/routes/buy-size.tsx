import { data, Link } from "react-router";
import { sizeQuerySchema } from "#shared/catalog-schemas.ts";
import { GENDER_LABEL, GENDERS, type Gender } from "#shared/categories.ts";
import { type ListQuery, listHref } from "#shared/listing.ts";
import type { FixedFilter } from "../components/listing/list-links.ts";
import { ProductList } from "../components/listing/ProductList.tsx";
import { errorPageMeta, RouteError } from "../components/RouteError.tsx";
import { services } from "../lib/context.server.ts";
import { loadListPage } from "../lib/list-page.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/buy-size.ts";

/** "Men's Shoes in Size 42", or "Shoes in Size 42" for both genders. */
function titleOf(size: number, gender: Gender | null): string {
  return gender ? `${GENDER_LABEL[gender]}'s Shoes in Size ${size}` : `Shoes in Size ${size}`;
}

export function meta({ loaderData, matches, location, error }: Route.MetaArgs) {
  if (!loaderData) return errorPageMeta(error);
  const { size, gender } = loaderData;
  const who = gender ? `${GENDER_LABEL[gender]}'s` : "Men's and women's";
  return pageMeta({
    title: titleOf(size, gender),
    description: `${who} shoes available in EU size ${size}, delivered free across Karachi.`,
    publicUrl: publicUrlOf(matches),
    path: location.pathname,
    search: gender ? `?gender=${gender}` : undefined,
  });
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const gender = new URL(request.url).searchParams.get("gender") ?? undefined;
  // An unknown size or gender is no page of the shop, like any other wrong address.
  const parsed = sizeQuerySchema.safeParse({ size: params.size, gender });
  if (!parsed.success) throw data("Not found", { status: 404 });
  const { size } = parsed.data;
  try {
    // The size is the page's own; the gender is an ordinary filter of the list, in the address.
    const list = await loadListPage(services(context), request, "catalogue", { sizes: [size] });
    return data({ size, gender: parsed.data.gender ?? null, list: list.data }, list.init ?? undefined);
  } catch {
    // docs/product.md section 8: a failed size listing says so, whatever the cause.
    throw data("Error fetching products", { status: 500 });
  }
}

export default function BuySize({ loaderData }: Route.ComponentProps) {
  const { size, gender, list } = loaderData;
  return (
    <div className="page">
      <h1 className="page-title">{titleOf(size, gender)}</h1>
      <GenderChoice size={size} gender={gender} list={list.query} />
      <ProductList
        list={list}
        path={`/buy/${size}`}
        size={size}
        hide={BUY_FIXES}
        empty={
          <p className="rounded-lg bg-stone-50 p-10 text-center text-lg text-stone-700">
            {gender
              ? `Sorry, ${GENDER_LABEL[gender].toLowerCase()}'s shoes of size ${size} are currently out of stock.`
              : `Sorry, shoes of size ${size} are currently out of stock.`}
          </p>
        }
      />
    </div>
  );
}

/** The page fixes the size; Men/Women is chosen by the links above the list, not in the form. */
const BUY_FIXES: FixedFilter[] = ["size", "gender"];

/**
 * All / Men / Women: plain links, so the choice is in the address and works without JavaScript.
 * They keep the shopper's other filters and sort, and start again at the first page.
 */
function GenderChoice({ size, gender, list }: { size: number; gender: Gender | null; list: ListQuery }) {
  const choices: { value: Gender | null; label: string }[] = [
    { value: null, label: "All" },
    ...GENDERS.map((value) => ({ value, label: GENDER_LABEL[value] })),
  ];
  return (
    <nav aria-label={`Shoes in size ${size} for`} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {choices.map(({ value, label }) => (
          <li key={label}>
            <Link
              to={listHref(`/buy/${size}`, { ...list, sizes: [], gender: value, page: 1 })}
              preventScrollReset
              aria-current={value === gender ? "page" : undefined}
              className="inline-flex min-h-11 min-w-16 items-center justify-center rounded-full border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:border-brand-700 hover:text-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
