// /confirm-alerts?token=… [Ours]: the page the 'press to confirm' mail links to. Someone asked to be
// told about a size for an address that had stopped the back-in-stock mails; nothing is sent to it
// until its owner presses here (docs/decisions/021-back-in-stock.md). No sign-in: the signed token is
// the permission. Opening it changes nothing (mail scanners open links); the button starts every ask
// made for the address since it stopped. A press made before hydration is replayed once React runs.
import { useState } from "react";
import { data, Link } from "react-router";
import { STOCK_ALERTS_CONFIRM_PATH } from "#shared/stock-alert-path.ts";
import type { ConfirmAlertsAnswer } from "#shared/stock-alerts.ts";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { api } from "../lib/api-client.ts";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { loadConfirmAlerts } from "../lib/stop-alerts.server.ts";
import type { Route } from "./+types/confirm-alerts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Start back-in-stock mails",
    description: "Confirm that you want to be told when a sold-out size is back.",
    publicUrl: publicUrlOf(matches),
    path: "/confirm-alerts",
    noindex: true,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadConfirmAlerts(services(context), request);
  return data(page, { status: page.status });
}

const sizes = (n: number) => (n === 1 ? "1 size waits" : `${n} sizes wait`);

export default function ConfirmAlerts({ loaderData }: Route.ComponentProps) {
  const { token, view, problem } = loaderData;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string>();

  async function confirm() {
    if (busy || token === null) return;
    setBusy(true);
    setError(undefined);
    const result = await api<ConfirmAlertsAnswer>(STOCK_ALERTS_CONFIRM_PATH, { method: "POST", json: { token } });
    setBusy(false);
    if (result.ok) setDone(result.body.message);
    else setError(result.error.message);
  }

  return (
    <div className="page max-w-2xl">
      <h1 className="page-title">Back-in-stock mails</h1>
      {view ? (
        <>
          <p className="mt-4 text-stone-700">
            Someone, perhaps you, asked us to write to <strong className="break-all">{view.email}</strong> when size{" "}
            {view.size} of <strong>{view.productName}</strong> is back.
          </p>
          {/* What waits as the page was read; once pressed, the message below says the rest. */}
          {done ? null : (
            <p className="mt-2 text-stone-700">
              {view.pending > 0
                ? `You had stopped these mails, so we send none until you confirm: ${sizes(view.pending)} for your press. If it was not you, close this page.`
                : "Nothing is waiting for your confirmation."}
            </p>
          )}
          <div className="mt-6">
            {/* Both live regions are in the page from the start, so the outcome is announced. */}
            <FormAlert id="confirm-alerts-done" tone="success" message={done} />
            <FormAlert id="confirm-alerts-error" message={error} />
            {done || view.pending === 0 ? null : (
              <button
                type="button"
                className="button-primary mt-3 w-full sm:w-auto"
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={() => void confirm()}
              >
                {busy ? "Starting…" : "Start back-in-stock mails"}
              </button>
            )}
          </div>
        </>
      ) : (
        <p role="alert" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          {problem}
        </p>
      )}
      <div className="mt-8">
        <Link to="/" className="button-secondary">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}
