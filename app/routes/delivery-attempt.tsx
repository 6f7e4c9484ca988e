// /delivery-attempt?token=… [Ours] (issue 49): the page the mail (and WhatsApp) links to when the
// courier could not deliver. No sign-in: the signed token is the permission. Read on the server, so
// it shows at once and works without JavaScript; opening it changes nothing (mail scanners open
// links), only a press does: try again tomorrow, correct the address or phone, or cancel
// (AttemptChoices). After a press it says thanks; a dead, answered or closed link says why and where
// to go instead.
import { useEffect, useRef, useState } from "react";
import { data, useRevalidator } from "react-router";
import {
  ATTEMPT_CHOICE_LABELS,
  ATTEMPT_MESSAGES,
  ATTEMPT_PAGE_TEXTS,
  type AttemptPage,
} from "#shared/delivery-attempts.ts";
import { formatRs } from "#shared/money.ts";
import { ORDER_VIEW_TEXTS } from "#shared/order-view.ts";
import { orderNumber } from "#shared/order-words.ts";
import { AttemptChoices } from "../components/order/AttemptChoices.tsx";
import { DeadLink, LinkWayOn } from "../components/order/LinkWayOn.tsx";
import { services } from "../lib/context.server.ts";
import { karachiTime } from "../lib/dates.ts";
import { loadDeliveryAttempt } from "../lib/delivery-attempt.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/delivery-attempt.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Your parcel",
    description: "Tell us what to do with the parcel the courier could not deliver.",
    publicUrl: publicUrlOf(matches),
    path: "/delivery-attempt",
    noindex: true,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadDeliveryAttempt(services(context), request);
  return data(page, { status: page.status });
}

export default function DeliveryAttempt({ loaderData }: Route.ComponentProps) {
  const { token, view, areas, problem } = loaderData;
  const revalidator = useRevalidator();
  // The page as the last press left it, until the loader reads it again (after a refusal).
  const [pressed, setPressed] = useState<{ on: typeof loaderData; page: AttemptPage } | null>(null);
  const answeredHere = pressed?.on === loaderData ? pressed.page : null;

  if (!view || token === null) return <DeadLink title={ATTEMPT_PAGE_TEXTS.deadLinkTitle} message={problem ?? ""} />;
  const page = answeredHere ?? view;
  return (
    <div className="page max-w-2xl">
      <h1 className="page-title">
        {ORDER_VIEW_TEXTS.linkTitle} <span className="font-mono">{orderNumber(page.order)}</span>
      </h1>
      <div className="mt-4 space-y-2 rounded-2xl border-2 border-amber-500 bg-amber-50 p-4 text-stone-900">
        <p className="text-lg font-semibold [overflow-wrap:anywhere]">
          {ATTEMPT_PAGE_TEXTS.couldNotDeliver(page.courier, page.reason)}
        </p>
        <p>
          {ATTEMPT_PAGE_TEXTS.toPay}: <strong>{formatRs(page.dueOnDelivery)}</strong>
        </p>
        {page.canAnswer ? <p>{ATTEMPT_PAGE_TEXTS.tellUsBefore(karachiTime(page.returnBy))}</p> : null}
      </div>
      <div className="mt-6">
        {page.canAnswer ? (
          <AttemptChoices
            token={token}
            page={page}
            areas={areas}
            onAnswered={(now) => setPressed({ on: loaderData, page: now })}
            onRefused={() => void revalidator.revalidate()}
          />
        ) : (
          <Answered page={page} fresh={answeredHere !== null || loaderData.answered} />
        )}
      </div>
      {page.canAnswer ? null : <LinkWayOn />}
    </div>
  );
}

/**
 * The choice made (thanks, and what was chosen), or why nothing can be chosen here any more. Just
 * after a press it says thanks alone, and takes the focus from the button that is gone.
 */
function Answered({ page, fresh }: { page: AttemptPage; fresh: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the thanks replace the buttons
  useEffect(() => {
    if (fresh) box.current?.focus();
  }, []);
  const { choice, notice } = page;
  return (
    <div ref={box} tabIndex={-1} className="space-y-3 outline-none">
      {choice ? (
        <div role="status" className="rounded-2xl border-l-4 border-green-700 bg-green-50 p-4 text-green-950">
          <p className="text-lg font-semibold">{ATTEMPT_MESSAGES.thanks[choice]}</p>
          <p className="mt-1">
            {ATTEMPT_PAGE_TEXTS.yourChoice}: {ATTEMPT_CHOICE_LABELS[choice]}
          </p>
        </div>
      ) : null}
      {notice && !(fresh && choice) ? <p className="rounded-lg bg-stone-100 p-3 text-stone-800">{notice}</p> : null}
    </div>
  );
}
