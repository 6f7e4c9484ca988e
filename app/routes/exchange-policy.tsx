import { Link } from "react-router";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/exchange-policy.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Exchange & Return Policy",
    description: "No cash refunds, exchange only. How to report a problem with your delivery.",
    publicUrl: publicUrlOf(matches),
    path: "/exchange-policy",
  });
}

export default function ExchangePolicy() {
  return (
    <article className="page max-w-3xl">
      <h1 className="page-title">Exchange &amp; Return Policy</h1>
      <ul className="mt-6 list-disc space-y-3 pl-5 text-stone-800">
        <li>
          <strong>No cash refunds.</strong> We offer exchanges only.
        </li>
        <li>Returns are sent back to us at the customer's own cost.</li>
        <li>
          Please inspect the package when it is delivered. If something is wrong, message us on chat with photos of the
          product and the package.
        </li>
        <li>Do not accept a badly damaged package: refuse it at the door and let us know.</li>
        <li>Faulty products are exchanged for the same product or another of the same price.</li>
      </ul>
      <p className="mt-8 text-stone-700">
        Questions?{" "}
        <Link to="/contact" className="font-semibold text-brand-700 underline">
          Contact us
        </Link>
        .
      </p>
    </article>
  );
}
