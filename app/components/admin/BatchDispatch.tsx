// Handing a pile of confirmed orders to one courier at once (the morning's pickup): one courier,
// one tracking number per order, sent as one request that dispatches all or none. A refusal names
// the order, and its number field is marked.
import { type FormEvent, useId, useRef, useState } from "react";
import type { AdminOrderSummary } from "#shared/admin.ts";
import { batchDispatchInputSchema, COURIER_MESSAGES, type Courier, TRACKING_NUMBER_MAX } from "#shared/couriers.ts";
import { orderNumber } from "#shared/orders.ts";
import { summariseIssues } from "#shared/validation.ts";
import { adminCall } from "../../lib/admin-api.ts";
import { toast } from "../../lib/toast.ts";
import { ModalDialog } from "../ModalDialog.tsx";
import { AdminField } from "./AdminField.tsx";
import { AdminError, AdminLoading } from "./AdminStatus.tsx";
import { CourierSelect, useActiveCouriers } from "./CourierPicker.tsx";
import { leftOutSentence } from "./OrderBatchTools.tsx";

type NumberErrors = Partial<Record<string, string>>;

/**
 * Which order's field a refusal belongs to: a field error of parcels.<i> (400), or the order the
 * message names first (409, "#1A2B3C4D: This tracking number is already …").
 */
function errorsByOrder(orders: readonly AdminOrderSummary[], fields: Record<string, string>, message: string) {
  const marked: NumberErrors = {};
  for (const [path, text] of Object.entries(fields)) {
    const index = /^parcels\.(\d+)/.exec(path)?.[1];
    const order = index === undefined ? undefined : orders[Number(index)];
    if (order) marked[order._id] = text;
  }
  const named = orders.find((order) => message.startsWith(`${orderNumber(order._id)}:`));
  if (named) marked[named._id] = message.slice(orderNumber(named._id).length + 1).trim();
  return marked;
}

export function BatchDispatch({
  orders,
  leftOut,
  onDispatched,
}: {
  /** The selected orders that are confirmed, as the list showed them. */
  orders: readonly AdminOrderSummary[];
  /** Selected orders that are not confirmed: they stay as they are. */
  leftOut: number;
  onDispatched: () => void;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const count = orders.length;
  return (
    <>
      {count === 0 ? (
        <span
          className="button-secondary cursor-not-allowed text-stone-600"
          aria-disabled="true"
          title="Tick confirmed orders to dispatch them"
        >
          Dispatch selected
        </span>
      ) : (
        <button
          ref={opener}
          type="button"
          className="button-primary"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          Dispatch selected ({count})
        </button>
      )}
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        returnFocus={opener}
        title={`Dispatch ${count} ${count === 1 ? "order" : "orders"}`}
        titleClassName="text-lg font-bold"
        description={
          "One courier for all of them, and the tracking number of each parcel. All are dispatched, or none." +
          leftOutSentence(leftOut)
        }
        descriptionClassName="mt-1 text-sm text-stone-700"
        className="max-h-[90dvh] w-[min(40rem,94vw)] overflow-y-auto"
        padding="p-4 sm:p-6"
      >
        {(close) =>
          open ? (
            <BatchForm
              orders={orders}
              onCancel={close}
              onDone={() => {
                setOpen(false);
                onDispatched();
              }}
            />
          ) : null
        }
      </ModalDialog>
    </>
  );
}

function BatchForm({
  orders,
  onCancel,
  onDone,
}: {
  orders: readonly AdminOrderSummary[];
  onCancel: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const couriers = useActiveCouriers();
  const [courierId, setCourierId] = useState("");
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [courierError, setCourierError] = useState<string>();
  const [numberErrors, setNumberErrors] = useState<NumberErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (couriers.state === "loading") return <AdminLoading what="the couriers" />;
  if (couriers.state === "failed") return <AdminError message={couriers.message} onRetry={couriers.reload} />;
  const courier: Courier | undefined = couriers.couriers.find((c) => c._id === courierId);
  const needsNumbers = courier !== undefined && !courier.ownRider;

  function refuse(fields: Record<string, string>, message: string) {
    setCourierError(fields.courierId);
    setNumberErrors(errorsByOrder(orders, fields, message));
    setProblem(message);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      courierId,
      parcels: orders.map((o) => ({ orderId: o._id, trackingNumber: needsNumbers ? numbers[o._id] : undefined })),
    };
    const parsed = batchDispatchInputSchema.safeParse(body);
    if (!parsed.success) {
      const summary = summariseIssues(parsed.error);
      return refuse(summary.fields, summary.message);
    }
    const missing = needsNumbers ? parsed.data.parcels.filter((p) => !p.trackingNumber) : [];
    if (missing.length > 0) {
      setCourierError(undefined);
      setNumberErrors(Object.fromEntries(missing.map((p) => [p.orderId, COURIER_MESSAGES.numberNeeded])));
      return setProblem(
        `Please enter the tracking number of ${missing.map((p) => orderNumber(p.orderId)).join(", ")}.`,
      );
    }
    setBusy(true);
    const answer = await adminCall<{ orders: unknown[] }>("/orders/dispatch", { method: "POST", json: parsed.data });
    setBusy(false);
    if (!answer.ok) return refuse(answer.error.fields, answer.error.message);
    toast.success(`Dispatched ${orders.length} ${orders.length === 1 ? "order" : "orders"} with ${courier?.name}.`);
    onDone();
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <CourierSelect
        id={`${id}-courier`}
        couriers={couriers.couriers}
        value={courierId}
        onChange={setCourierId}
        error={courierError}
      />
      <fieldset>
        <legend className="text-sm font-semibold">{needsNumbers ? "Tracking numbers" : "Orders"}</legend>
        <ul className="mt-2 space-y-2">
          {orders.map((order) => {
            const label = `${orderNumber(order._id)} ${order.customer.name}`;
            return (
              <li key={order._id}>
                {needsNumbers ? (
                  <AdminField id={`${id}-${order._id}`} label={label} error={numberErrors[order._id]}>
                    {(control) => (
                      <input
                        {...control}
                        value={numbers[order._id] ?? ""}
                        maxLength={TRACKING_NUMBER_MAX}
                        autoCapitalize="characters"
                        autoComplete="off"
                        spellCheck={false}
                        onChange={(e) => setNumbers((current) => ({ ...current, [order._id]: e.target.value }))}
                      />
                    )}
                  </AdminField>
                ) : (
                  <p className="text-sm [overflow-wrap:anywhere]">
                    <span className="font-mono font-semibold">{orderNumber(order._id)}</span> {order.customer.name}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {problem ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Dispatching…" : `Dispatch ${orders.length === 1 ? "the order" : `all ${orders.length}`}`}
        </button>
      </div>
    </form>
  );
}
