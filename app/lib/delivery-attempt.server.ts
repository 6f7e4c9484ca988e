// The loader half of /delivery-attempt?token=… (issue 49): the failed delivery the mailed link names,
// read on the server so the page shows it at once, works without JavaScript, and a mail scanner that
// opens the link only reads. A link that is incomplete, forged or names nothing is the page's own 4xx,
// as the API answers it: the page still renders, with the message and the way on. The Karachi areas
// come only while the customer can still send a corrected address (its Area field offers them).
import { DomainError } from "#server/domain-errors.ts";
import { statusOfDomainError } from "#server/http/domain-status.ts";
import type { KarachiArea } from "#shared/areas.ts";
import { ATTEMPT_MESSAGES, type AttemptPage, attemptTokenQuerySchema } from "#shared/delivery-attempts.ts";
import type { AppContext } from "./context.server.ts";

export type DeliveryAttemptPage =
  | {
      token: string;
      view: AttemptPage;
      areas: KarachiArea[];
      /** Back from a plain form post that was answered (server/web/no-script/forms.ts): say thanks only. */
      answered: boolean;
      problem: null;
      status: 200;
    }
  | { token: null; view: null; areas: []; answered: false; problem: string; status: number };

export async function loadDeliveryAttempt(context: AppContext, request: Request): Promise<DeliveryAttemptPage> {
  const query = new URL(request.url).searchParams;
  const parsed = attemptTokenQuerySchema.safeParse({ token: query.get("token") ?? "" });
  const dead = (problem: string, status: number): DeliveryAttemptPage => ({
    token: null,
    view: null,
    areas: [],
    answered: false,
    problem,
    status,
  });
  if (!parsed.success) return dead(ATTEMPT_MESSAGES.deadLink, 400);
  try {
    const view = await context.attempts.page(parsed.data.token);
    const areas = view.canAnswer ? await context.areas.active() : [];
    const answered = query.get("answered") === "1" && view.choice !== null;
    return { token: parsed.data.token, view, areas, answered, problem: null, status: 200 };
  } catch (error) {
    if (error instanceof DomainError && statusOfDomainError(error) < 500)
      return dead(error.message, statusOfDomainError(error));
    throw error;
  }
}
