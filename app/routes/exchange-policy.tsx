import { Link } from "react-router";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/exchange-policy.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Exchange & Return Policy",
    description: "No cash refunds, exchange only. How to ask for an exchange and report a problem with your delivery.",
    publicUrl: publicUrlOf(matches),
    path: "/exchange-policy",
  });
}

/** [Ours] The owner's numbers (issue 33): how long after delivery, and how long the shop takes to answer. */
export async function loader({ context }: Route.LoaderArgs) {
  return services(context).exchanges.settings();
}

export default function ExchangePolicy({ loaderData }: Route.ComponentProps) {
  const { windowDays, answerWithinDays } = loaderData;
  return (
    <article className="page max-w-3xl">
      <h1 className="page-title">Exchange &amp; Return Policy</h1>
      <ul className="mt-6 list-disc space-y-3 pl-5 text-stone-800">
        <li>
          <strong>No cash refunds.</strong> We offer exchanges only.
        </li>
        <li>
          <strong>
            You can ask for an exchange within {windowDays} day{windowDays === 1 ? "" : "s"} of delivery
          </strong>
          : open{" "}
          <Link to="/TrackOrder" className="font-semibold text-brand-700 underline">
            Track Your Order
          </Link>
          , choose the pair, say why and which size you want. We keep that size for you while we look at it and answer
          within {answerWithinDays} day{answerWithinDays === 1 ? "" : "s"}.
        </li>
        <li>
          <strong>Who pays the courier:</strong> for a faulty pair, we do, both ways. For another size or a change of
          mind, the courier's charges are yours; we tell you the amount when we approve the exchange, and you pay it
          when the new pair arrives.
        </li>
        <li>Returns are sent back to us at the customer's own cost.</li>
        <li>
          Please inspect the package when it is delivered. If something is wrong, message us on chat with photos of the
          product and the package; for a faulty pair, add the photos to your exchange request.
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
