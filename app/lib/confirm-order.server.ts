// The loader half of /confirm-order?token=…: the order the mailed link names, read on the server so
// the page shows it at once (and a mail scanner that opens the link only reads). A link that is
// incomplete, forged, expired or names no order is the page's own 4xx, as the API answers it: the
// page still renders, with the message and the way on.
import { DomainError } from "#server/domain-errors.ts";
import { statusOfDomainError } from "#server/http/domain-status.ts";
import { CONFIRMATION_MESSAGES, type ConfirmationLinkView, confirmationQuerySchema } from "#shared/confirmation.ts";
import type { AppContext } from "./context.server.ts";

export type ConfirmOrderPage =
  | { token: string; view: ConfirmationLinkView; problem: null; status: 200 }
  | { token: null; view: null; problem: string; status: number };

export async function loadConfirmOrder(context: AppContext, request: Request): Promise<ConfirmOrderPage> {
  const parsed = confirmationQuerySchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  if (!parsed.success) return { token: null, view: null, problem: CONFIRMATION_MESSAGES.tokenInvalid, status: 400 };
  try {
    const view = await context.confirmation.view(parsed.data.token);
    return { token: parsed.data.token, view, problem: null, status: 200 };
  } catch (error) {
    if (error instanceof DomainError && statusOfDomainError(error) < 500)
      return { token: null, view: null, problem: error.message, status: statusOfDomainError(error) };
    throw error;
  }
}
