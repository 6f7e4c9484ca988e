// [Ours] The owner's reviews (issue 53): the reviews waiting, oldest first, each published or kept off
// with a reason, and answered publicly; the published and the kept-off ones, newest first, where the
// owner may change their mind. Above the list, the styles whose buyers say another fit than the
// owner's note, each taken with one press; under it, the owner's rules: when buyers are asked, and what
// goes on the page unread.
import { Link, useRevalidator } from "react-router";
import { type AdminReviewList, REVIEW_STATUSES, type ReviewStatus } from "#shared/reviews.ts";
import { AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { ListResults, listQuery, useListParams } from "../../components/admin/ListControls.tsx";
import { FitHints } from "../../components/admin/reviews/FitHints.tsx";
import { ReviewCard } from "../../components/admin/reviews/ReviewCard.tsx";
import { ReviewRules } from "../../components/admin/reviews/ReviewRules.tsx";
import { queryString } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/reviews.ts";

const VIEWS: Record<ReviewStatus, { label: string; about: string; empty: string }> = {
  pending: {
    label: "Waiting",
    about: "New reviews, the oldest first. Publish them, or keep one off the shoe's page with a reason.",
    empty: "No reviews are waiting.",
  },
  approved: {
    label: "Published",
    about: "Reviews on the shoes' pages, the newest first. Answer one publicly, or take it off.",
    empty: "No reviews are published yet.",
  },
  rejected: {
    label: "Kept off",
    about: "Reviews kept off the pages, with the reason you gave. You can still publish one.",
    empty: "No reviews were kept off.",
  },
};
const TAB =
  "inline-flex min-h-11 items-center gap-1 rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white";

const statusOf = (asked: string | null): ReviewStatus =>
  (REVIEW_STATUSES as readonly (string | null)[]).includes(asked) ? (asked as ReviewStatus) : "pending";

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = statusOf(new URL(request.url).searchParams.get("status"));
  return loadAdmin<AdminReviewList>(request, `/reviews${listQuery(request.url, [])}&status=${status}`);
}

export const HydrateFallback = () => <AdminLoading what="reviews" />;

export default function AdminReviews({ loaderData: list }: Route.ComponentProps) {
  const { get, update } = useListParams();
  const status = statusOf(get("status"));
  const { revalidate } = useRevalidator();
  const counts = list.ok ? list.data.counts : null;

  return (
    <div>
      <h2 className="text-xl font-bold">Reviews</h2>
      <FitHints />
      <nav aria-label="Review views" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {REVIEW_STATUSES.map((value) => (
            <li key={value}>
              <Link
                to={`/admin/reviews${queryString({ status: value === "pending" ? undefined : value })}`}
                aria-current={value === status ? "page" : undefined}
                className={TAB}
              >
                {VIEWS[value].label}
                {counts ? <span className="tabular-nums">({counts[value]})</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-2 max-w-2xl text-sm text-stone-700">{VIEWS[status].about}</p>
      <ListResults
        list={list}
        what="reviews"
        rows={(data) => data.reviews}
        empty={VIEWS[status].empty}
        onPage={(next) => update({ page: String(next) })}
      >
        {(review) => (
          <li key={review.id}>
            <ReviewCard review={review} onChanged={() => void revalidate()} />
          </li>
        )}
      </ListResults>
      <ReviewRules />
    </div>
  );
}
