import { data } from "react-router";
import { categoryByPath } from "#shared/categories.ts";
import { ProductList } from "../components/listing/ProductList.tsx";
import { errorPageMeta } from "../components/RouteError.tsx";
import { services } from "../lib/context.server.ts";
import { loadListPage } from "../lib/list-page.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/category.ts";

export function meta({ loaderData, matches, location, error }: Route.MetaArgs) {
  if (!loaderData) return errorPageMeta(error);
  const { category } = loaderData;
  const who = category.gender === "men" ? "Men's" : "Women's";
  return pageMeta({
    title: `${who} ${category.name}`,
    description: `${who} ${category.name.toLowerCase()} in Karachi, priced in Rs. with free delivery and cash on delivery.`,
    publicUrl: publicUrlOf(matches),
    path: location.pathname,
  });
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const gender = new URL(request.url).pathname.toLowerCase().startsWith("/women") ? "women" : "men";
  const category = categoryByPath(`/${gender}/${params.category?.toLowerCase()}`);
  if (!category) throw data("Not found", { status: 404 });
  const list = await loadListPage(services(context), request, { category: category.slug });
  return data({ category, list: list.data }, list.init ?? undefined);
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, list } = loaderData;
  return (
    <div className="page">
      <h1 className="page-title">
        <span className="sr-only">{category.gender === "men" ? "Men's" : "Women's"} </span>
        {category.name}
      </h1>
      <ProductList
        list={list}
        path={category.path}
        empty={
          category.gender === "women" ? (
            <p className="rounded-lg bg-brand-50 p-10 text-center text-2xl font-bold text-brand-700">Coming Soon</p>
          ) : (
            <p className="rounded-lg bg-stone-50 p-10 text-center text-stone-700">No products here yet.</p>
          )
        }
      />
    </div>
  );
}
