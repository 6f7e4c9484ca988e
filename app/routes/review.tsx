// /review?token=… [Ours] (issue 53): the page the review request's mail and WhatsApp message link to,
// a few days after delivery. No sign-in: the signed token is the permission, and names one order.
// Read on the server, so it shows the order's pairs at once; opening it changes nothing (mail
// scanners open links). Each pair has its own short form (stars, fit, a few words, up to three
// photos shrunk on the phone); a pair already reviewed says thanks instead. A dead link says why.
// Without JavaScript each form posts itself (server/web/no-script/forms.ts), without photos, and
// comes back here with `sent` naming the pair, which the page thanks for the review just sent.
import { data, useSearchParams } from "react-router";
import { REVIEW_MESSAGES } from "#shared/reviews.ts";
import { DeadLink, LinkWayOn } from "../components/order/LinkWayOn.tsx";
import { PairReviewForm } from "../components/review/PairReviewForm.tsx";
import { services } from "../lib/context.server.ts";
import { loadReviewForm } from "../lib/review-form.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/review.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Review your shoes",
    description: "Tell other buyers how your shoes fit and feel.",
    publicUrl: publicUrlOf(matches),
    path: "/review",
    noindex: true,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadReviewForm(services(context), request);
  return data(page, { status: page.status });
}

export default function Review({ loaderData }: Route.ComponentProps) {
  const { token, form, problem } = loaderData;
  const [search] = useSearchParams();
  const sentPair = search.get("sent");
  const sentMessage = search.get("live") === "1" ? REVIEW_MESSAGES.thanksLive : REVIEW_MESSAGES.thanks;
  if (!form || token === null) return <DeadLink title="Review your shoes" message={problem ?? ""} />;
  const many = form.pairs.length > 1;
  return (
    <div className="page max-w-2xl">
      <h1 className="page-title">
        {form.firstName ? `${form.firstName}, how are your shoes?` : "How are your shoes?"}
      </h1>
      <p className="mt-2 text-stone-700">
        {many
          ? "Tell other buyers how each pair fits and feels. Only your first name and initial are shown."
          : "Tell other buyers how the pair fits and feels. Only your first name and initial are shown."}
      </p>
      <ul className="mt-6 space-y-6">
        {form.pairs.map((pair) => (
          <li key={`${pair.productId}/${pair.size}`}>
            <PairReviewForm
              token={token}
              pair={pair}
              sentMessage={sentPair === `${pair.productId}/${pair.size}` ? sentMessage : undefined}
            />
          </li>
        ))}
      </ul>
      <LinkWayOn />
    </div>
  );
}
