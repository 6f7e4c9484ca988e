// The loader half of the back-in-stock mails' link pages: /stop-alerts?token=… (the stop link) and
// /confirm-alerts?token=… (the confirm link of an ask for an address that had stopped the mails).
// What the link names is read on the server so the page shows it at once; reading changes nothing
// (mail scanners open links). A link that is incomplete, forged or names an alert that is gone is
// the page's own 4xx with the message.
import { DomainError } from "#server/domain-errors.ts";
import { statusOfDomainError } from "#server/http/domain-status.ts";
import {
  STOCK_ALERT_MESSAGES,
  type StockAlertConfirmView,
  type StockAlertLinkView,
  stockAlertTokenSchema,
} from "#shared/stock-alerts.ts";
import type { AppContext } from "./context.server.ts";

export type AlertLinkPage<View> =
  | { token: string; view: View; problem: null; status: 200 }
  | { token: null; view: null; problem: string; status: number };

export type StopAlertsPage = AlertLinkPage<StockAlertLinkView>;
export type ConfirmAlertsPage = AlertLinkPage<StockAlertConfirmView>;

async function loadAlertLink<View>(request: Request, read: (token: string) => Promise<View>) {
  const parsed = stockAlertTokenSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  const refused = (problem: string, status: number): AlertLinkPage<View> => ({
    token: null,
    view: null,
    problem,
    status,
  });
  if (!parsed.success) return refused(STOCK_ALERT_MESSAGES.tokenInvalid, 400);
  try {
    const view = await read(parsed.data.token);
    const page: AlertLinkPage<View> = { token: parsed.data.token, view, problem: null, status: 200 };
    return page;
  } catch (error) {
    if (error instanceof DomainError && statusOfDomainError(error) < 500)
      return refused(error.message, statusOfDomainError(error));
    throw error;
  }
}

export function loadStopAlerts(context: AppContext, request: Request): Promise<StopAlertsPage> {
  return loadAlertLink(request, (token) => context.stockAlerts.view(token));
}

export function loadConfirmAlerts(context: AppContext, request: Request): Promise<ConfirmAlertsPage> {
  return loadAlertLink(request, (token) => context.stockAlerts.confirmView(token));
}
