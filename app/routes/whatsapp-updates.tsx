// /whatsapp-updates?token=… [issue 53]: the page a parcel mail's or WhatsApp message's 'stop WhatsApp
// updates' link opens. No sign-in: the signed token is the permission. Opening it changes nothing (mail
// scanners open links); the button stops WhatsApp parcel updates to the order's number, and the page
// says the mails still come. Read in the browser from GET /api/whatsapp-updates; without scripts the
// page says to reply STOP on WhatsApp instead, which does the same.
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  WHATSAPP_UPDATES_PATH,
  WHATSAPP_UPDATES_STOP_PATH,
  type WhatsAppUpdatesView,
} from "#shared/whatsapp-updates.ts";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { api } from "../lib/api-client.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/whatsapp-updates.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "WhatsApp updates",
    description: "Stop WhatsApp updates about your parcels.",
    publicUrl: publicUrlOf(matches),
    path: "/whatsapp-updates",
    noindex: true,
  });
}

export default function WhatsAppUpdates() {
  const token = useSearchParams()[0].get("token") ?? "";
  const [view, setView] = useState<WhatsAppUpdatesView>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    void api<WhatsAppUpdatesView>(`${WHATSAPP_UPDATES_PATH}?token=${encodeURIComponent(token)}`).then((result) => {
      if (!live) return;
      if (result.ok) setView(result.body);
      else setError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [token]);

  async function stop() {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const result = await api<WhatsAppUpdatesView>(WHATSAPP_UPDATES_STOP_PATH, { method: "POST", json: { token } });
    setBusy(false);
    if (result.ok) setView(result.body);
    else setError(result.error.message);
  }

  return (
    <div className="page max-w-2xl">
      <h1 className="page-title">WhatsApp updates</h1>
      <noscript>
        <p className="mt-4 text-stone-700">
          To stop WhatsApp updates about your parcels, reply STOP to our WhatsApp number. Our e-mails still come.
        </p>
      </noscript>
      {view ? (
        <p className="mt-4 text-stone-700">
          {view.stopped
            ? `WhatsApp updates about your parcels are off for the number ending ${view.phoneEnding}. Our e-mails still come.`
            : `We send WhatsApp updates about order ${view.order} and your other parcels to the number ending ${view.phoneEnding}: on its way, out for delivery, delivered. Our e-mails come either way.`}
        </p>
      ) : null}
      <div className="mt-6">
        <FormAlert id="whatsapp-updates-done" tone="success" message={view?.message ?? undefined} />
        <FormAlert id="whatsapp-updates-error" message={error} />
        {view && !view.stopped ? (
          <button
            type="button"
            className="button-primary mt-3 w-full sm:w-auto"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void stop()}
          >
            {busy ? "Stopping…" : "Stop WhatsApp updates"}
          </button>
        ) : null}
      </div>
      <div className="mt-8">
        <Link to="/" className="button-secondary">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}
