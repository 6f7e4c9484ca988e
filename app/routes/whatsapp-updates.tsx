// /whatsapp-updates?token=… [issue 53]: the page a parcel mail's or WhatsApp message's 'stop WhatsApp
// updates' link opens. No sign-in: the signed token is the permission. Read on the server, so it
// shows at once and works without JavaScript; opening it changes nothing (mail scanners open links).
// It says exactly what a stop stops (on its way, out for delivery, delivered, the ask to review) and
// what still comes (the failed-delivery question, the confirmation of a new order, the mails:
// docs/decisions/043-parcel-messages.md, "Gaps closed"). The Stop button is a real POST form: with
// JavaScript it posts POST /api/whatsapp-updates/stop (a press before hydration is held and replayed,
// app/lib/early-taps.ts); without, the server posts it and comes back saying so
// (server/web/no-script/forms.ts).
import { type FormEvent, useState } from "react";
import { data, Link } from "react-router";
import {
  WHATSAPP_UPDATES_STOP_PATH,
  WHATSAPP_UPDATES_TEXTS,
  type WhatsAppUpdatesView,
} from "#shared/whatsapp-updates.ts";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { usePostedForm } from "../components/account/posted-form.ts";
import { DeadLink } from "../components/order/LinkWayOn.tsx";
import { api } from "../lib/api-client.ts";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { loadWhatsAppUpdates } from "../lib/whatsapp-updates.server.ts";
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

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadWhatsAppUpdates(services(context), request);
  return data(page, { status: page.status });
}

export default function WhatsAppUpdates({ loaderData }: Route.ComponentProps) {
  const { token, problem } = loaderData;
  // The page as the last press left it, until the loader reads it again.
  const [pressed, setPressed] = useState<{ on: typeof loaderData; view: WhatsAppUpdatesView } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // A plain post the server could not send (the API's refusal), said over the button.
  const notice = usePostedForm()?.notice;

  if (!loaderData.view || token === null)
    return <DeadLink title={WHATSAPP_UPDATES_TEXTS.deadLinkTitle} message={problem ?? ""} />;
  const view = pressed?.on === loaderData ? pressed.view : loaderData.view;
  // What the updates are and what still comes, unless the message of a press just said it.
  const explain = !view.stopped || view.message === null;

  async function stop(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || token === null) return;
    setBusy(true);
    setError(undefined);
    const result = await api<WhatsAppUpdatesView>(WHATSAPP_UPDATES_STOP_PATH, { method: "POST", json: { token } });
    setBusy(false);
    if (result.ok) setPressed({ on: loaderData, view: result.body });
    else setError(result.error.message);
  }

  return (
    <div className="page max-w-2xl">
      <h1 className="page-title">WhatsApp updates</h1>
      <div className="mt-4 space-y-2 text-stone-700">
        <p>
          {view.stopped
            ? WHATSAPP_UPDATES_TEXTS.off(view.phoneEnding)
            : WHATSAPP_UPDATES_TEXTS.sending(view.order, view.phoneEnding)}
        </p>
        {explain ? <p>{WHATSAPP_UPDATES_TEXTS.whatStops}</p> : null}
        {explain ? <p>{WHATSAPP_UPDATES_TEXTS.stillAsked}</p> : null}
        {explain ? <p>{WHATSAPP_UPDATES_TEXTS.mailsStill}</p> : null}
      </div>
      <div className="mt-6">
        {/* Both live regions are in the page from the start, so the outcome is announced. */}
        <FormAlert id="whatsapp-updates-done" tone="success" message={view.message ?? undefined} />
        <FormAlert id="whatsapp-updates-error" message={error ?? (view.stopped ? undefined : notice)} />
        {view.stopped ? null : (
          <form method="post" onSubmit={(event) => void stop(event)}>
            <button
              type="submit"
              className="button-primary mt-3 w-full sm:w-auto"
              disabled={busy}
              aria-busy={busy || undefined}
              data-busy-label={WHATSAPP_UPDATES_TEXTS.stopping}
            >
              {busy ? WHATSAPP_UPDATES_TEXTS.stopping : WHATSAPP_UPDATES_TEXTS.stopButton}
            </button>
          </form>
        )}
      </div>
      <div className="mt-8">
        <Link to="/" className="button-secondary">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}
