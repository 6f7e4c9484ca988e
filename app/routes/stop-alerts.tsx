// /stop-alerts?token=… [Ours]: the page the back-in-stock mail's 'stop' link opens. No sign-in: the
// signed token is the permission. Opening it changes nothing (mail scanners open links); the button
// stops every size still waited for at that e-mail. It works before hydration too: a press made
// then is replayed once React runs (early taps). A mail program's own 'Unsubscribe' posts to the
// API instead (RFC 8058), with no page at all.
import { useState } from "react";
import { data, Link } from "react-router";
import { STOCK_ALERTS_UNSUBSCRIBE_PATH, type StopAlertsAnswer } from "#shared/stock-alerts.ts";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { api } from "../lib/api-client.ts";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { loadStopAlerts } from "../lib/stop-alerts.server.ts";
import type { Route } from "./+types/stop-alerts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Stop back-in-stock mails",
    description: "Stop the mails that tell you when a sold-out size is back.",
    publicUrl: publicUrlOf(matches),
    path: "/stop-alerts",
    noindex: true,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadStopAlerts(services(context), request);
  return data(page, { status: page.status });
}

export default function StopAlerts({ loaderData }: Route.ComponentProps) {
  const { token, view, problem } = loaderData;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string>();

  async function stop() {
    if (busy || token === null) return;
    setBusy(true);
    setError(undefined);
    const result = await api<StopAlertsAnswer>(STOCK_ALERTS_UNSUBSCRIBE_PATH, { method: "POST", json: { token } });
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
            You asked us to write to <strong className="break-all">{view.email}</strong> when size {view.size} of{" "}
            <strong>{view.productName}</strong> was back.{" "}
            {/* What is watched as the page was read; once stopped, the message below says the rest. */}
            {done
              ? null
              : view.waiting > 0
                ? `We are still watching ${view.waiting === 1 ? "1 size" : `${view.waiting} sizes`} for you.`
                : "Nothing else is waiting for you."}
          </p>
          <div className="mt-6">
            {/* Both live regions are in the page from the start, so the outcome is announced. */}
            <FormAlert id="stop-alerts-done" tone="success" message={done} />
            <FormAlert id="stop-alerts-error" message={error} />
            {done ? null : (
              <button
                type="button"
                className="button-primary mt-3 w-full sm:w-auto"
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={() => void stop()}
              >
                {busy ? "Stopping…" : "Stop back-in-stock mails"}
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
