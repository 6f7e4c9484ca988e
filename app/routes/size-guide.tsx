import { SitePicture } from "../components/SitePicture.tsx";
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
      <section aria-labelledby="men-chart" className="mt-8">
        <h2 id="men-chart" className="text-xl font-bold">
          Men
        </h2>
        <SitePicture
          name="size-chart-men"
          sizes="(min-width: 900px) 860px, 100vw"
          className="mt-3 h-auto w-full rounded-xl border border-stone-200"
          priority
        />
      </section>
      <section aria-labelledby="women-chart" className="mt-8">
        <h2 id="women-chart" className="text-xl font-bold">
          Women
        </h2>
        <SitePicture
          name="size-chart-women"
          sizes="(min-width: 900px) 860px, 100vw"
          className="mt-3 h-auto w-full rounded-xl border border-stone-200"
        />
      </section>
    </div>
  );
}
