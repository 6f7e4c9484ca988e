import { SizeCharts } from "../components/SizeCharts.tsx";
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
  return (
    <div className="page max-w-4xl">
      <h1 className="page-title">Size Guide</h1>
      <p className="mt-2 text-stone-700">Measure your foot from heel to longest toe and pick the size that matches.</p>
      <div className="mt-8">
        <SizeCharts />
      </div>
    </div>
  );
}
