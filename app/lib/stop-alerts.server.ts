// The loader half of /stop-alerts?token=…: what the back-in-stock mail's stop link names, read on the
// server so the page shows it at once; reading changes nothing (mail scanners open links). A link
// that is incomplete, forged or names an alert that is gone is the page's own 4xx with the message.
import { DomainError } from "#server/domain-errors.ts";
import { statusOfDomainError } from "#server/plugins/errors.ts";
import { STOCK_ALERT_MESSAGES, type StockAlertLinkView, stockAlertTokenSchema } from "#shared/stock-alerts.ts";
import type { AppContext } from "./context.server.ts";

export type StopAlertsPage =
  | { token: string; view: StockAlertLinkView; problem: null; status: 200 }
  | { token: null; view: null; problem: string; status: number };

export async function loadStopAlerts(context: AppContext, request: Request): Promise<StopAlertsPage> {
  const parsed = stockAlertTokenSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  if (!parsed.success) return { token: null, view: null, problem: STOCK_ALERT_MESSAGES.tokenInvalid, status: 400 };
  try {
    const view = await context.stockAlerts.view(parsed.data.token);
    return { token: parsed.data.token, view, problem: null, status: 200 };
  } catch (error) {
    if (error instanceof DomainError && statusOfDomainError(error) < 500)
      return { token: null, view: null, problem: error.message, status: statusOfDomainError(error) };
    throw error;
  }
}
