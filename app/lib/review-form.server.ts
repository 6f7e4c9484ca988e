// The loader half of /review?token=… (issue 53): the order's delivered pairs the request's signed link
// names, read on the server so the page shows them at once; reading changes nothing (mail scanners
// open links). A link that is incomplete, forged or names an order not delivered is the page's own
// 4xx with the message, as the API answers it.
import { DomainError } from "#server/domain-errors.ts";
import { statusOfDomainError } from "#server/http/domain-status.ts";
import { REVIEW_MESSAGES, type ReviewForm } from "#shared/reviews.ts";
import type { AppContext } from "./context.server.ts";

export type ReviewFormPage =
  | { token: string; form: ReviewForm; problem: null; status: 200 }
  | { token: null; form: null; problem: string; status: number };

export async function loadReviewForm(context: AppContext, request: Request): Promise<ReviewFormPage> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const dead = (problem: string, status: number): ReviewFormPage => ({ token: null, form: null, problem, status });
  if (token === "" || token.length > 200) return dead(REVIEW_MESSAGES.badLink, 400);
  try {
    return { token, form: await context.reviewForm.form(token), problem: null, status: 200 };
  } catch (error) {
    if (error instanceof DomainError && statusOfDomainError(error) < 500)
      return dead(error.message, statusOfDomainError(error));
    throw error;
  }
}
