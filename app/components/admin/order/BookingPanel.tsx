// Booking the order's parcel through a courier's API in one press (issue 49): for a confirmed order,
// the couriers with an API switched on, the parcel's weight (1 kg a pair unless the owner weighs it)
// and pieces, and Book; the courier answers with its tracking number and the order is dispatched with
// it. Once booked: the number, the courier, the airway bill to print (the slip, with the CN) and the
// courier's own when it gave one; while the parcel waits for pickup, Cancel booking (asked once
// more). A booking that failed or is not finished says why, in the courier's words. What the API
// refuses (a 409, a 502 from the courier) is shown here, by the form.
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { AdminOrder } from "#shared/admin.ts";
import { type BookingAnswer, bookInputSchema, DEFAULT_PARCEL_GRAMS, type OrderBooking } from "#shared/courier-api.ts";
import { statusIs } from "#shared/order-life.ts";
import { summariseIssues } from "#shared/validation.ts";
import { adminCall } from "../../../lib/admin-api.ts";
import type { Loaded } from "../../../lib/admin-loader.ts";
import { ConfirmDialog } from "../../ConfirmDialog.tsx";
import { AdminField } from "../AdminField.tsx";
import { AdminError } from "../AdminStatus.tsx";
import { CourierSelect, useActiveCouriers } from "../CourierPicker.tsx";

/** GET /api/admin/orders/:id/booking. */
export type BookingRead = Loaded<{ booking: OrderBooking | null }>;

const kilos = (grams: number) => `${(grams / 1000).toLocaleString("en-PK", { maximumFractionDigits: 2 })} kg`;

export function BookingPanel({
  order,
  booking: read,
  onChanged,
  onRetry,
}: {
  order: AdminOrder;
  booking: BookingRead;
  /** A booking made or cancelled: the page says `notice` and reads the order again. */
  onChanged: (notice: string) => void;
  onRetry: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const canBook = statusIs(order.status, "dispatchable");
  const booking = read.ok ? read.data.booking : null;
  // Nothing to show: an order that cannot be booked and never was.
  if (!canBook && read.ok && !booking) return null;
  const title = canBook ? "Book with a courier" : "Courier booking";
  return (
    <section aria-labelledby="order-booking" className="mt-4 rounded-xl border border-stone-200 p-3">
      <h3 id="order-booking" className="font-bold">
        {title}
      </h3>
      {read.ok ? null : <AdminError message={read.message} onRetry={onRetry} />}
      {booking ? <BookingFacts order={order} booking={booking} fresh={problem} onChanged={onChanged} /> : null}
      {canBook ? (
        <BookForm order={order} booking={booking} problem={problem} setProblem={setProblem} onChanged={onChanged} />
      ) : null}
    </section>
  );
}

function BookingFacts({
  order,
  booking,
  fresh,
  onChanged,
}: {
  order: AdminOrder;
  booking: OrderBooking;
  /** A refusal just said by the form: the booking's last error would say it twice. */
  fresh: string | null;
  onChanged: (notice: string) => void;
}) {
  if (booking.state === "booked") return <Booked order={order} booking={booking} onChanged={onChanged} />;
  if (booking.state === "cancelled") {
    return (
      <p className="mt-2 text-sm text-stone-700 [overflow-wrap:anywhere]">
        The booking with {booking.courier}
        {booking.trackingNumber ? (
          <>
            {" "}
            (<span className="font-mono">{booking.trackingNumber}</span>)
          </>
        ) : null}{" "}
        was cancelled.
      </p>
    );
  }
  if (fresh) return null;
  const why = booking.lastError ?? "the courier has not answered yet.";
  return (
    <p className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 [overflow-wrap:anywhere]">
      {booking.state === "failed"
        ? `The booking with ${booking.courier} failed: ${why}`
        : `The booking with ${booking.courier} is not finished: ${why}`}
    </p>
  );
}

function Booked({
  order,
  booking,
  onChanged,
}: {
  order: AdminOrder;
  booking: OrderBooking;
  onChanged: (notice: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);

  async function cancel() {
    setBusy(true);
    const answer = await adminCall<{ booking: OrderBooking | null }>(`/orders/${order._id}/booking/cancel`, {
      method: "POST",
    });
    setBusy(false);
    setAsking(false);
    if (!answer.ok) return setProblem(answer.error.message);
    setProblem(null);
    onChanged(`Cancelled the booking with ${booking.courier}: the order is confirmed again.`);
  }

  return (
    <div className="mt-2 text-sm">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-stone-600">Courier</dt>
        <dd className="font-semibold">{booking.courier}</dd>
        <dt className="text-stone-600">Tracking number</dt>
        <dd className="font-mono text-base font-bold [overflow-wrap:anywhere]">{booking.trackingNumber}</dd>
        <dt className="text-stone-600">Parcel</dt>
        <dd>
          {kilos(booking.weightGrams)}, {booking.pieces} {booking.pieces === 1 ? "piece" : "pieces"}
        </dd>
      </dl>
      {booking.lastError ? (
        <p className="mt-2 rounded-lg bg-amber-50 p-2 text-amber-900 [overflow-wrap:anywhere]">{booking.lastError}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`/admin/slips?ids=${order._id}`} className="button-primary">
          Print airway bill
        </Link>
        {booking.labelUrl ? (
          <a href={booking.labelUrl} target="_blank" rel="noopener noreferrer" className="button-secondary">
            Courier's airway bill
            <span className="sr-only"> (opens {booking.courier}'s airway bill in a new tab)</span>
          </a>
        ) : null}
        {order.status === "dispatched" ? (
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title={`Cancel the booking with ${booking.courier}?`}
            description="The order goes back to confirmed."
            keepLabel="Keep it"
            actLabel={busy ? "Cancelling…" : "Yes, cancel it"}
            busy={busy}
            onAct={() => void cancel()}
            returnFocus={opener}
          >
            <button
              ref={opener}
              type="button"
              className="button-secondary text-red-800"
              onClick={() => setAsking(true)}
            >
              Cancel booking
            </button>
          </ConfirmDialog>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-red-800 [overflow-wrap:anywhere]">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function BookForm({
  order,
  booking,
  problem,
  setProblem,
  onChanged,
}: {
  order: AdminOrder;
  booking: OrderBooking | null;
  problem: string | null;
  setProblem: (problem: string | null) => void;
  onChanged: (notice: string) => void;
}) {
  const id = useId();
  const couriers = useActiveCouriers();
  const pairs = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const [chosen, setChosen] = useState("");
  const [weight, setWeight] = useState(String((DEFAULT_PARCEL_GRAMS * Math.max(1, pairs)) / 1000));
  const [pieces, setPieces] = useState("1");
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);

  if (couriers.state === "loading") {
    return (
      <p role="status" className="mt-2 text-sm text-stone-600">
        Loading the couriers…
      </p>
    );
  }
  if (couriers.state === "failed") return <AdminError message={couriers.message} onRetry={couriers.reload} />;
  const withApi = couriers.couriers.filter((c) => !c.ownRider && c.api?.enabled);
  if (withApi.length === 0) {
    return (
      <p className="mt-2 text-sm text-stone-700">
        No courier has its API set up and switched on.{" "}
        <Link to="/admin/couriers" className="font-semibold text-brand-700 underline">
          Set one up at Couriers
        </Link>
        , or dispatch by hand below.
      </p>
    );
  }
  // One courier with an API, or the one tried last: chosen until the owner picks another.
  const fallback = withApi.length === 1 ? withApi[0]?._id : withApi.find((c) => c._id === booking?.courierId)?._id;
  const courierId = chosen || fallback || "";
  const courier = withApi.find((c) => c._id === courierId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const kg = Number(weight.trim().replace(",", "."));
    const body = {
      courierId,
      weightGrams: weight.trim() === "" || Number.isNaN(kg) ? Number.NaN : Math.round(kg * 1000),
      pieces: pieces.trim() === "" ? Number.NaN : Number(pieces),
    };
    const parsed = bookInputSchema.safeParse(body);
    if (!parsed.success) {
      const summary = summariseIssues(parsed.error);
      setErrors(summary.fields);
      return setProblem(null);
    }
    setErrors({});
    setProblem(null);
    setBusy(true);
    const answer = await adminCall<BookingAnswer>(`/orders/${order._id}/book`, { method: "POST", json: parsed.data });
    setBusy(false);
    const result = answer.ok ? answer.body.results[0] : undefined;
    if (!answer.ok || !result?.ok) {
      const message = answer.ok
        ? result && !result.ok
          ? result.message
          : "The courier gave no answer."
        : answer.error.message;
      setErrors(answer.ok ? {} : answer.error.fields);
      return setProblem(message);
    }
    onChanged(
      `Booked with ${courier?.name ?? "the courier"}: tracking number ${result.trackingNumber}. The customer has been e-mailed.`,
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Book the parcel"
      className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <p className="col-span-2 text-sm text-stone-700 sm:col-span-4">
        The courier books the parcel and sends its tracking number back; the order is dispatched with it.
      </p>
      {/* On a phone the courier takes the row, and the weight and pieces share the next. */}
      <div className="col-span-2 sm:col-span-1">
        <CourierSelect
          id={`${id}-courier`}
          couriers={withApi}
          value={courierId}
          onChange={(next) => {
            setChosen(next);
            setErrors({});
          }}
          error={errors.courierId}
        />
      </div>
      <AdminField id={`${id}-weight`} label="Weight (kg)" error={errors.weightGrams}>
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            maxLength={6}
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
          />
        )}
      </AdminField>
      <AdminField id={`${id}-pieces`} label="Pieces" error={errors.pieces}>
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            value={pieces}
            onChange={(e) => setPieces(e.target.value)}
          />
        )}
      </AdminField>
      <button type="submit" className="button-primary col-span-2 sm:col-span-1 sm:mt-6" disabled={busy}>
        {busy ? "Booking…" : "Book"}
      </button>
      {problem ? (
        <p
          role="alert"
          className="col-span-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 [overflow-wrap:anywhere] sm:col-span-4"
        >
          {problem}
        </p>
      ) : null}
    </form>
  );
}
