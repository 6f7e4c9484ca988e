// /stop-alerts?token=… [Ours]: the page the back-in-stock mail's 'stop' link opens. No sign-in: the
// signed token is the permission. Opening it changes nothing (mail scanners open links). It names
// the size the mail was about and every size still watched at that e-mail (issue 46: a shopper
// told about one shoe stopped, with one press, the other size he still waited for): each watched
// size stops on its own button, and 'Stop all back-in-stock mails' stops every one and keeps the
// address stopped until its owner confirms an ask (docs/decisions/021-back-in-stock.md). Presses
// made before hydration are replayed once React runs (early taps). A mail program's own
// 'Unsubscribe' posts to the API instead (RFC 8058), with no page at all, and stops them all.
import { useState } from "react";
import { data, Link } from "react-router";
import { STOCK_ALERTS_UNSUBSCRIBE_PATH } from "#shared/stock-alert-path.ts";
import type { StockAlertLinkView, StopAlertsAnswer, WatchedSize } from "#shared/stock-alerts.ts";
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

const sizeOf = (watched: Pick<WatchedSize, "size" | "productName">) => `size ${watched.size} of ${watched.productName}`;
const isLinks = (view: StockAlertLinkView, watched: WatchedSize) =>
  watched.productId === view.productId && watched.size === view.size;

/** What became of the size the mail was about, said after the sentence that names it. */
const LINK_STATE: Record<StockAlertLinkView["state"], string> = {
  waiting: "We are still watching it for you.",
  told: "We wrote when it came back: we write once, so nothing more comes about it unless you ask again.",
  stopped: "You stopped the mails about it.",
};

export default function StopAlerts({ loaderData }: Route.ComponentProps) {
  const { token, view, problem } = loaderData;
  const [watching, setWatching] = useState(view?.watching ?? []);
  // What the press being sent stops: a size's key, or "all".
  const [busy, setBusy] = useState<string>();
  const [done, setDone] = useState<string>();
  const [allStopped, setAllStopped] = useState(false);
  const [error, setError] = useState<string>();

  async function stop(which: WatchedSize | "all") {
    if (busy || token === null) return;
    setBusy(which === "all" ? "all" : keyOf(which));
    setError(undefined);
    const only = which === "all" ? {} : { productId: which.productId, size: which.size };
    const result = await api<StopAlertsAnswer>(STOCK_ALERTS_UNSUBSCRIBE_PATH, {
      method: "POST",
      json: { token, ...only },
    });
    setBusy(undefined);
    if (!result.ok) return setError(result.error.message);
    setDone(result.body.message);
    setWatching(result.body.watching);
    if (which === "all") setAllStopped(true);
  }

  if (!view) {
    return (
      <div className="page max-w-2xl">
        <h1 className="page-title">Back-in-stock mails</h1>
        <p role="alert" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          {problem}
        </p>
        <BackToShop />
      </div>
    );
  }

  const linkWaits = watching.some((w) => isLinks(view, w));
  const others = watching.filter((w) => !isLinks(view, w));
  const linkState = linkWaits ? "waiting" : view.state === "waiting" ? "stopped" : view.state;
  return (
    <div className="page max-w-2xl">
      <h1 className="page-title">Back-in-stock mails</h1>
      <p className="mt-4 text-stone-700">
        You asked us to write to <strong className="break-all">{view.email}</strong> when size {view.size} of{" "}
        <strong>{view.productName}</strong> was back. {allStopped ? null : LINK_STATE[linkState]}
      </p>
      {linkWaits ? (
        <StopButton
          label={`Stop mails about ${sizeOf(view)}`}
          busy={busy === keyOf(view)}
          onPress={() => void stop({ productId: view.productId, productName: view.productName, size: view.size })}
          primary
        />
      ) : null}

      <div className="mt-6">
        {/* Both live regions are in the page from the start, so the outcome is announced. */}
        <FormAlert id="stop-alerts-done" tone="success" message={done} />
        <FormAlert id="stop-alerts-error" message={error} />
      </div>

      {allStopped ? null : (
        <section aria-labelledby="still-watching" className="mt-6">
          <h2 id="still-watching" className="text-lg font-bold text-stone-900">
            Still watching for you
          </h2>
          {others.length === 0 ? (
            <p className="mt-2 text-stone-700">Nothing else is waiting for you.</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
              {others.map((watched) => (
                <li key={keyOf(watched)} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                  <span className="min-w-0 break-words text-stone-800">
                    Size {watched.size} of <strong>{watched.productName}</strong>
                  </span>
                  <button
                    type="button"
                    className="min-h-11 px-2 text-sm font-semibold text-red-700 underline underline-offset-4"
                    aria-label={`Stop mails about ${sizeOf(watched)}`}
                    disabled={busy !== undefined}
                    aria-busy={busy === keyOf(watched) || undefined}
                    onClick={() => void stop(watched)}
                  >
                    {busy === keyOf(watched) ? "Stopping…" : "Stop"}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {allStopped ? null : (
        <section aria-labelledby="stop-all" className="mt-8 rounded-lg bg-stone-50 p-4">
          <h2 id="stop-all" className="font-bold text-stone-900">
            Stop them all
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            Every size above stops, and we will not write to <span className="break-all">{view.email}</span> when sizes
            come back until you confirm a new ask from this mailbox.
          </p>
          <StopButton label="Stop all back-in-stock mails" busy={busy === "all"} onPress={() => void stop("all")} />
        </section>
      )}
      <BackToShop />
    </div>
  );
}

const keyOf = (watched: Pick<WatchedSize, "productId" | "size">) => `${watched.productId}/${watched.size}`;

function StopButton({
  label,
  busy,
  onPress,
  primary = false,
}: {
  label: string;
  busy: boolean;
  onPress: () => void;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      className={`${primary ? "button-primary" : "button-secondary"} mt-3 w-full sm:w-auto`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onPress}
    >
      {busy ? "Stopping…" : label}
    </button>
  );
}

function BackToShop() {
  return (
    <div className="mt-8">
      <Link to="/" className="button-secondary">
        Back to the shop
      </Link>
    </div>
  );
}
