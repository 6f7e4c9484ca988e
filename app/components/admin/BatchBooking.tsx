// Booking a pile of confirmed orders with one courier through its API (issue 49): the morning's
// parcels in one press, each its own booking, so a refusal of one leaves the others booked. The
// answer is shown order by order (booked with its tracking number, or the courier's reason), with the
// airway bills of the booked ones to print together. Each parcel goes at 1 kg a pair: one to weigh
// is booked from its own page.
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { AdminOrderSummary } from "#shared/admin.ts";
import { type BookingAnswer, batchBookInputSchema, MAX_BATCH_BOOKING } from "#shared/courier-api.ts";
import { orderNumber } from "#shared/orders.ts";
import { SLIPS_MAX } from "#shared/slips.ts";
import { summariseIssues } from "#shared/validation.ts";
import { adminCall } from "../../lib/admin-api.ts";
import { ModalDialog } from "../ModalDialog.tsx";
import { AdminError, AdminLoading } from "./AdminStatus.tsx";
import { CourierSelect, useActiveCouriers } from "./CourierPicker.tsx";
import { leftOutSentence } from "./OrderBatchTools.tsx";

export function BatchBooking({
  orders,
  leftOut,
  onBooked,
}: {
  /** The selected orders that are confirmed, as the list showed them. */
  orders: readonly AdminOrderSummary[];
  /** Selected orders that are not confirmed: they stay as they are. */
  leftOut: number;
  /** Closed after a booking: the orders booked (to untick), the list to read again. */
  onBooked: (bookedIds: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const [answer, setAnswer] = useState<{ courier: string; answer: BookingAnswer } | null>(null);
  const count = orders.length;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next && answer) {
      onBooked(answer.answer.results.filter((r) => r.ok).map((r) => r.orderId));
      setAnswer(null);
    }
  };

  return (
    <>
      {count === 0 ? (
        <span
          className="button-secondary cursor-not-allowed text-stone-600"
          aria-disabled="true"
          title="Tick confirmed orders to book them with a courier"
        >
          Book selected
        </span>
      ) : (
        <button
          ref={opener}
          type="button"
          className="button-secondary"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          Book selected ({count})
        </button>
      )}
      <ModalDialog
        open={open}
        onOpenChange={openChange}
        returnFocus={opener}
        title={answer ? "Booking done" : `Book ${count} ${count === 1 ? "order" : "orders"} with a courier`}
        titleClassName="text-lg font-bold"
        description={
          answer
            ? `${answer.answer.booked} booked with ${answer.courier}, ${answer.answer.failed} not.`
            : "One courier for all of them, each booked through its API at 1 kg a pair (to weigh one, book it from its page). One refused leaves the others booked." +
              leftOutSentence(leftOut)
        }
        descriptionClassName="mt-1 text-sm text-stone-700"
        className="max-h-[90dvh] w-[min(40rem,94vw)] overflow-y-auto"
        padding="p-4 sm:p-6"
      >
        {(close) =>
          !open ? null : answer ? (
            <Results orders={orders} answer={answer.answer} onDone={close} />
          ) : (
            <BookForm
              orders={orders}
              onCancel={close}
              onAnswer={(courier, body) => setAnswer({ courier, answer: body })}
            />
          )
        }
      </ModalDialog>
    </>
  );
}

function BookForm({
  orders,
  onCancel,
  onAnswer,
}: {
  orders: readonly AdminOrderSummary[];
  onCancel: () => void;
  onAnswer: (courier: string, answer: BookingAnswer) => void;
}) {
  const id = useId();
  const couriers = useActiveCouriers();
  const [chosen, setChosen] = useState("");
  const [courierError, setCourierError] = useState<string>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (couriers.state === "loading") return <AdminLoading what="the couriers" />;
  if (couriers.state === "failed") return <AdminError message={couriers.message} onRetry={couriers.reload} />;
  const withApi = couriers.couriers.filter((c) => !c.ownRider && c.api?.enabled);
  if (withApi.length === 0) {
    return (
      <div className="mt-4 space-y-4">
        <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
          No courier has its API set up and switched on.{" "}
          <Link to="/admin/couriers" className="font-semibold text-brand-700 underline">
            Set one up at Couriers
          </Link>
          , or use Dispatch selected with the courier's tracking numbers.
        </p>
        <div className="flex justify-end">
          <button type="button" className="button-secondary" onClick={onCancel}>
            Close
          </button>
        </div>
      </div>
    );
  }
  const courierId = chosen || (withApi.length === 1 ? (withApi[0]?._id ?? "") : "");
  const courier = withApi.find((c) => c._id === courierId);
  const tooMany = orders.length > MAX_BATCH_BOOKING;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = batchBookInputSchema.safeParse({ courierId, orders: orders.map((o) => ({ orderId: o._id })) });
    if (!parsed.success) {
      const summary = summariseIssues(parsed.error);
      setCourierError(summary.fields.courierId);
      return setProblem(summary.fields.courierId ? null : summary.message);
    }
    setCourierError(undefined);
    setProblem(null);
    setBusy(true);
    const answer = await adminCall<BookingAnswer>("/orders/book", { method: "POST", json: parsed.data });
    setBusy(false);
    if (!answer.ok) {
      setCourierError(answer.error.fields.courierId);
      return setProblem(answer.error.message);
    }
    onAnswer(courier?.name ?? "the courier", answer.body);
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <CourierSelect
        id={`${id}-courier`}
        couriers={withApi}
        value={courierId}
        onChange={(next) => {
          setChosen(next);
          setCourierError(undefined);
        }}
        error={courierError}
      />
      <fieldset>
        <legend className="text-sm font-semibold">Orders</legend>
        <ul className="mt-2 space-y-1">
          {orders.map((order) => (
            <li key={order._id} className="text-sm [overflow-wrap:anywhere]">
              <span className="font-mono font-semibold">{orderNumber(order._id)}</span> {order.customer.name} ·{" "}
              {order.itemCount} {order.itemCount === 1 ? "pair" : "pairs"}
            </li>
          ))}
        </ul>
      </fieldset>
      {tooMany ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          At most {MAX_BATCH_BOOKING} orders in one booking, please: untick {orders.length - MAX_BATCH_BOOKING}.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 [overflow-wrap:anywhere]">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={busy || tooMany}>
          {busy ? "Booking…" : `Book ${orders.length === 1 ? "the order" : `all ${orders.length}`}`}
        </button>
      </div>
    </form>
  );
}

function Results({
  orders,
  answer,
  onDone,
}: {
  orders: readonly AdminOrderSummary[];
  answer: BookingAnswer;
  onDone: () => void;
}) {
  const nameOf = (orderId: string) => orders.find((o) => o._id === orderId)?.customer.name ?? "";
  const booked = answer.results.filter((r) => r.ok).map((r) => r.orderId);
  return (
    <div className="mt-4 space-y-4">
      <ul aria-label="Booking results" className="divide-y divide-stone-100 rounded-xl border border-stone-200">
        {answer.results.map((result) => (
          <li key={result.orderId} className="p-3 text-sm [overflow-wrap:anywhere]">
            <span className="font-mono font-semibold">{orderNumber(result.orderId)}</span> {nameOf(result.orderId)}
            {result.ok ? (
              <span className="block text-green-800">
                Booked: tracking number <span className="font-mono font-bold">{result.trackingNumber}</span>
                {result.labelUrl ? (
                  <>
                    {" · "}
                    <a
                      href={result.labelUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-brand-700 underline"
                    >
                      Courier's airway bill
                      <span className="sr-only"> of {orderNumber(result.orderId)} (opens in a new tab)</span>
                    </a>
                  </>
                ) : null}
              </span>
            ) : (
              // The server names the order first ("#1A2B3C4D: …"): said once here, beside the number.
              <span className="block text-red-800">
                Not booked: {result.message.replace(`${orderNumber(result.orderId)}: `, "")}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="button-secondary" onClick={onDone}>
          Done
        </button>
        {booked.length > 0 && booked.length <= SLIPS_MAX ? (
          <Link to={`/admin/slips?ids=${booked.join(",")}`} className="button-primary">
            Print airway bills ({booked.length})
          </Link>
        ) : null}
      </div>
    </div>
  );
}
