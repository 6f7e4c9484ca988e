import { useSearchParams } from "react-router";
import { SizeCharts } from "../components/SizeCharts.tsx";
import { SizeFinder } from "../components/SizeFinder.tsx";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/size-guide.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Size Guide",
    description: "Men's and women's shoe size charts: EU, UK and US sizes with foot length in centimetres.",
    publicUrl: publicUrlOf(matches),
    path: "/size-guide",
  });
}

export default function SizeGuide() {
  // 'Find my size' sent before the page was hydrated comes back as ?for=women&foot=24.5.
  const [search] = useSearchParams();
  const foot = search.get("foot") ?? undefined;
  const gender = search.get("for") === "women" ? "women" : "men";
  return (
    <div className="page max-w-4xl">
      <h1 className="page-title">Size Guide</h1>
      <p className="mt-2 text-stone-700">Measure your foot from heel to longest toe and pick the size that matches.</p>
      <div className="mt-6 max-w-xl">
        <SizeFinder key={search.toString()} start={{ gender, foot }} heading="h2" />
      </div>
      <div className="mt-8">
        <SizeCharts />
      </div>
    </div>
  );
}
