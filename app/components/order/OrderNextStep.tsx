// What the customer does next with an order: a pending one asks to be confirmed or cancelled (the
// panel), a confirmed one says to have the cash ready, a dispatched one who brings it and its
// tracking link; a parcel lost or damaged on the way says so; delivered and cancelled ones need nothing.
// After a press it shows the server's message, or its refusal, in a live region; the page holding
// the order replaces it with the answer's, so the status shown is the server's.
import { useState } from "react";
import type { ConfirmAction, ConfirmationAnswer } from "#shared/confirmation.ts";
import { statusIs } from "#shared/order-life.ts";
import { cashReadyLine, ORDER_VIEW_TEXTS, riderLine } from "#shared/order-view.ts";
import type { Order } from "#shared/orders.ts";
import type { ApiResult } from "../../lib/api-client.ts";
import { FormAlert } from "../account/FormAlert.tsx";
import { ConfirmationPanel } from "./ConfirmationPanel.tsx";
import { ParcelLine } from "./ParcelLine.tsx";

export interface OrderNextStepProps {
  order: Order;
  /** Whether a press still counts (the link's page is told); otherwise while the order is pending. */
  canAnswer?: boolean | undefined;
  /** Sends the press: signed in (POST /api/orders/{id}/answer) or with the mailed link's token. */
  send: (action: ConfirmAction) => Promise<ApiResult<ConfirmationAnswer>>;
  onAnswered: (order: Order) => void;
  /** The press was refused (too late, gone): the page reads the order again. */
  onRefused: () => void;
  headingLevel: 2 | 3;
  /** What to say instead of the question when the server already said it (the link's page). */
  notice?: string | undefined;
}

type Outcome = { tone: "success" | "error"; message: string };

export function OrderNextStep(props: OrderNextStepProps) {
  const { order, send, onAnswered, onRefused, headingLevel, notice } = props;
  const [busy, setBusy] = useState<ConfirmAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  const alertId = `answer-${order._id}`;

  async function answer(action: ConfirmAction) {
    setBusy(action);
    setOutcome(undefined);
    const result = await send(action);
    setBusy(null);
    if (result.ok) {
      setOutcome({ tone: "success", message: result.body.message });
      onAnswered(result.body.order);
      return;
    }
    setOutcome({ tone: "error", message: result.error.message });
    // 409: the order is no longer pending (the owner or the job moved it); 404: it is gone.
    if (result.status === 409 || result.status === 404) onRefused();
  }

  const next =
    (props.canAnswer ?? order.confirmation.awaiting) ? (
      <ConfirmationPanel
        order={order}
        busy={busy}
        onAnswer={(action) => void answer(action)}
        headingLevel={headingLevel}
      />
    ) : outcome || notice ? null : statusIs(order.status, "dispatchable") ? (
      <p className="font-medium text-blue-950">{riderLine(order.dueOnDelivery)}</p>
    ) : order.status === "dispatched" && order.parcel ? (
      <div className="space-y-1">
        <ParcelLine parcel={order.parcel} status={order.status} />
        <p className="text-sm font-medium text-stone-800">{cashReadyLine(order.dueOnDelivery)}</p>
      </div>
    ) : order.status === "lost" || order.status === "damaged" ? (
      <p className="rounded-lg bg-red-50 p-3 text-red-900">{ORDER_VIEW_TEXTS[order.status]}</p>
    ) : order.parcel?.trackingNumber ? (
      <ParcelLine parcel={order.parcel} status={order.status} />
    ) : null;

  return (
    <div className="space-y-3">
      <FormAlert id={alertId} tone={outcome?.tone} message={outcome?.message} />
      {!outcome && notice && <p className="rounded-lg bg-stone-100 p-3 text-stone-800">{notice}</p>}
      {next}
    </div>
  );
}
