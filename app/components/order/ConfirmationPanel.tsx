// The question a pending cash-on-delivery order asks its customer: confirm it (primary), or cancel
// it after a second question in a dialog, and by when an unanswered order is cancelled. The buttons
// are a POST form's submit buttons, so a press before the page has hydrated is held and replayed
// once React has it (app/lib/early-taps.ts, docs/decisions/015-forms-before-hydration.md).
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ADVANCE_DUE_LINK, ADVANCE_DUE_TITLE, advanceDueMessage } from "#shared/advance-due.ts";
import { CONFIRMATION_MESSAGES, type ConfirmAction } from "#shared/confirmation-words.ts";
import { cancelsByLine, ORDER_VIEW_TEXTS } from "#shared/order-view.ts";
import { orderAnchor, orderNumber } from "#shared/order-words.ts";
import type { Order } from "#shared/orders.ts";
import { karachiTime } from "../../lib/dates.ts";
import { FormAlert } from "../account/FormAlert.tsx";
import { usePostedForm } from "../account/posted-form.ts";
import { ConfirmDialog, prefetchConfirmDialog } from "../ConfirmDialog.tsx";

export interface ConfirmationPanelProps {
  order: Order;
  /** The answer being sent, if any: both buttons wait for it. */
  busy: ConfirmAction | null;
  onAnswer: (action: ConfirmAction) => void;
  headingLevel: 2 | 3;
}

export function ConfirmationPanel({ order, busy, onAnswer, headingLevel }: ConfirmationPanelProps) {
  const [asking, setAsking] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // The form reached the server as a plain post: the app's scripts never came, nothing was sent.
  const posted = usePostedForm();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { cancelsAt } = order.confirmation;
  // An unpaid advance (issue 50): the advance is the customer's confirmation, so no Confirm button
  // that the server would refuse; the way on is the advance panel on Track Your Order.
  const advanceDue = order.advance !== null && order.advance.paidAt === null ? order.advance.amount : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const pressed = (event.nativeEvent as SubmitEvent).submitter;
    const action = pressed instanceof HTMLButtonElement ? pressed.value : "";
    if (action === "cancel") setAsking(true);
    else if (action === "confirm") onAnswer("confirm");
  }

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border-2 border-brand-500 bg-brand-50 p-4 text-left">
      <Heading id={titleId} className="text-lg font-bold text-stone-900">
        {advanceDue === null ? CONFIRMATION_MESSAGES.askTitle : ADVANCE_DUE_TITLE}
      </Heading>
      {advanceDue === null ? (
        <p className="mt-1 text-stone-800">{CONFIRMATION_MESSAGES.ask}</p>
      ) : (
        <p className="mt-1 text-stone-800">
          {advanceDueMessage(advanceDue)}{" "}
          <Link to={`/TrackOrder#${orderAnchor(order._id)}`} className="font-semibold text-brand-700 underline">
            {ADVANCE_DUE_LINK}
          </Link>
        </p>
      )}
      {cancelsAt && <p className="mt-2 text-sm text-stone-700">{cancelsByLine(karachiTime(cancelsAt))}</p>}
      {posted && (
        <div className="mt-3">
          <FormAlert id={`${titleId}-posted`} message={ORDER_VIEW_TEXTS.notLoaded} />
        </div>
      )}
      <form method="post" onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row">
        {advanceDue === null && (
          <button
            type="submit"
            name="action"
            value="confirm"
            className="button-primary"
            disabled={busy !== null}
            aria-busy={busy === "confirm" || undefined}
          >
            {busy === "confirm" && <Spinner />}
            {CONFIRMATION_MESSAGES.confirmButton}
          </button>
        )}
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          title={ORDER_VIEW_TEXTS.cancelQuestion}
          description={`Order ${orderNumber(order._id)}. ${ORDER_VIEW_TEXTS.cancelWarning}`}
          keepLabel={ORDER_VIEW_TEXTS.keepOrder}
          actLabel={ORDER_VIEW_TEXTS.cancelYes}
          onAct={() => {
            setAsking(false);
            onAnswer("cancel");
          }}
          returnFocus={cancelButton}
        >
          <button
            ref={cancelButton}
            onPointerEnter={prefetchConfirmDialog}
            onFocus={prefetchConfirmDialog}
            type="submit"
            name="action"
            value="cancel"
            className="button-secondary"
            disabled={busy !== null}
            aria-haspopup="dialog"
            aria-busy={busy === "cancel" || undefined}
          >
            {busy === "cancel" && <Spinner />}
            {CONFIRMATION_MESSAGES.cancelButton}
          </button>
        </ConfirmDialog>
      </form>
    </section>
  );
}

function Spinner() {
  return <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />;
}
