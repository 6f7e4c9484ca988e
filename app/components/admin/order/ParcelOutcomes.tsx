// What became of a parcel on the road, as the courier reports it: delivered, refused at the door
// (the return flow: its pairs back in stock once), lost or damaged in transit. Each is asked once
// more in a dialog: none of them can be undone.
import { useRef, useState } from "react";
import type { AdminOrder } from "#shared/admin.ts";
import { formatRs } from "#shared/money.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";
import { ConfirmDialog } from "../../ConfirmDialog.tsx";

type Outcome = "delivered" | "refused" | "lost" | "damaged";

interface OutcomeText {
  button: string;
  title: string;
  description: (order: AdminOrder, courier: string) => string;
  done: string;
}

const OUTCOMES: Record<Outcome, OutcomeText> = {
  delivered: {
    button: "Delivered",
    title: "Mark as delivered?",
    description: (order, courier) =>
      `The customer has the parcel and paid ${formatRs(order.dueOnDelivery)} to ${courier}. The customer is e-mailed.`,
    done: "Order delivered. The customer has been e-mailed.",
  },
  refused: {
    button: "Refused at the door",
    title: "Refused at the door?",
    description: (_order, courier) =>
      `The customer would not take the parcel and ${courier} brings it back. Its pairs go back into stock; the customer sees the order as cancelled.`,
    done: "Recorded as refused at the door. Its pairs are back in stock.",
  },
  lost: {
    button: "Lost in transit",
    title: "Lost in transit?",
    description: (_order, courier) =>
      `${courier} lost the parcel. Its pairs do not come back into stock, and the customer is told by e-mail.`,
    done: "Recorded as lost in transit. The customer has been e-mailed.",
  },
  damaged: {
    button: "Damaged in transit",
    title: "Damaged in transit?",
    description: (_order, courier) =>
      `${courier} damaged the parcel on the way. Its pairs do not come back into stock, and the customer is told by e-mail.`,
    done: "Recorded as damaged in transit. The customer has been e-mailed.",
  },
};

/** The call that records each outcome: a refusal is a return, the others a move. */
const record = (order: AdminOrder, outcome: Outcome) =>
  outcome === "refused"
    ? adminCall<AdminOrder>(`/orders/${order._id}/return`, { method: "POST", json: { as: "refused" } })
    : adminCall<AdminOrder>(`/orders/${order._id}/status`, { method: "POST", json: { status: outcome } });

/** The outcomes the order's status allows now (ORDER_TRANSITIONS, and a return for a refusal). */
function allowed(order: AdminOrder): Outcome[] {
  return (Object.keys(OUTCOMES) as Outcome[]).filter((outcome) =>
    outcome === "refused" ? order.canReturn : order.allowedMoves.includes(outcome),
  );
}

export function ParcelOutcomes({
  order,
  courier,
  onDone,
}: {
  order: AdminOrder;
  courier: string;
  onDone: (result: AdminResult<AdminOrder>, what: string) => void;
}) {
  const [asking, setAsking] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const outcomes = allowed(order);
  if (outcomes.length === 0) return null;

  async function act(outcome: Outcome) {
    setBusy(true);
    const result = await record(order, outcome);
    setBusy(false);
    setAsking(null);
    onDone(result, OUTCOMES[outcome].done);
  }

  const text = asking ? OUTCOMES[asking] : null;
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold">What happened to it?</h4>
      <div className="mt-2 flex flex-wrap gap-2">
        {outcomes.map((outcome) => (
          <button
            key={outcome}
            type="button"
            className={outcome === "delivered" ? "button-primary" : "button-secondary text-red-800"}
            onClick={(event) => {
              opener.current = event.currentTarget;
              setAsking(outcome);
            }}
          >
            {OUTCOMES[outcome].button}
          </button>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={text?.title ?? ""}
        description={text ? text.description(order, courier) : ""}
        keepLabel="Not yet"
        actLabel={busy ? "Recording…" : `Yes, ${text?.button.toLowerCase() ?? ""}`}
        busy={busy}
        onAct={() => {
          if (asking) void act(asking);
        }}
        returnFocus={opener}
      />
    </div>
  );
}
