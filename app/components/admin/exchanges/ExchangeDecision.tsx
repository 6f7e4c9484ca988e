// The owner's answer to a waiting exchange request: approve it, with what the customer pays on the
// new pair's delivery or what the shop owes them (said in words as it is typed) and an optional
// message, or refuse it with the reason the customer reads. Each opens its form in place; focus
// goes to its first field, and back to the button when it is cancelled.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type AdminExchange, EXCHANGE_DIFFERENCE_MAX, EXCHANGE_MESSAGE_MAX } from "#shared/exchanges.ts";
import { formatRs } from "#shared/money.ts";
import type { FieldMessages } from "#shared/validation.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";
import { AdminField } from "../AdminField.tsx";

export type ExchangeDone = (result: AdminResult<AdminExchange>, what: string) => void;

type Direction = "none" | "pays" | "owed";
const DIRECTIONS: { value: Direction; label: string }[] = [
  { value: "none", label: "No difference" },
  { value: "pays", label: "The customer pays the shop" },
  { value: "owed", label: "The shop owes the customer" },
];

/** The approved difference as the owner reads it. */
export function ownerDifferenceLine(priceDifference: number): string {
  if (priceDifference > 0) return `The customer pays ${formatRs(priceDifference)} when the new pair is delivered.`;
  if (priceDifference < 0) return `The shop owes the customer ${formatRs(-priceDifference)}.`;
  return "No difference to pay.";
}

const amountError = `Enter the amount as whole rupees from 1 to ${EXCHANGE_DIFFERENCE_MAX}.`;

export function ExchangeDecision({ exchange, onDone }: { exchange: AdminExchange; onDone: ExchangeDone }) {
  const [mode, setMode] = useState<"approve" | "refuse" | null>(null);
  const approveButton = useRef<HTMLButtonElement>(null);
  const refuseButton = useRef<HTMLButtonElement>(null);
  const closed = useRef<"approve" | "refuse" | null>(null);
  useEffect(() => {
    if (mode !== null || !closed.current) return;
    (closed.current === "approve" ? approveButton : refuseButton).current?.focus();
    closed.current = null;
  }, [mode]);
  const close = () => {
    closed.current = mode;
    setMode(null);
  };

  if (mode === "approve") return <ApproveForm exchange={exchange} onDone={onDone} onClose={close} />;
  if (mode === "refuse") return <RefuseForm exchange={exchange} onDone={onDone} onClose={close} />;
  return (
    <div className="flex flex-wrap gap-2">
      <button ref={approveButton} type="button" className="button-primary" onClick={() => setMode("approve")}>
        Approve
      </button>
      <button
        ref={refuseButton}
        type="button"
        className="button-secondary text-red-800"
        onClick={() => setMode("refuse")}
      >
        Refuse
      </button>
    </div>
  );
}

interface FormProps {
  exchange: AdminExchange;
  onDone: ExchangeDone;
  onClose: () => void;
}

function ApproveForm({ exchange, onDone, onClose }: FormProps) {
  const [direction, setDirection] = useState<Direction>("none");
  const [amount, setAmount] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => first.current?.focus(), []);

  const rupees = Number(amount.trim());
  const amountOk =
    direction === "none" || (/^\d+$/.test(amount.trim()) && rupees >= 1 && rupees <= EXCHANGE_DIFFERENCE_MAX);
  const priceDifference = direction === "pays" ? rupees : direction === "owed" ? -rupees : 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!amountOk) {
      setErrors({ priceDifference: amountError });
      return;
    }
    setBusy(true);
    const result = await adminCall<AdminExchange>(`/exchanges/${exchange._id}/approve`, {
      method: "POST",
      json: { priceDifference, message },
    });
    setBusy(false);
    if (!result.ok) setErrors({ form: result.error.message, ...result.error.fields });
    onDone(result, `Exchange approved: its new order is ready to dispatch. ${ownerDifferenceLine(priceDifference)}`);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-stone-300 bg-stone-50 p-3 text-sm">
      <h4 className="font-bold">Approve the exchange</h4>
      <p className="text-stone-700">
        Size {exchange.wantedSize} is already kept for this customer. Approving makes it an order of its own, confirmed,
        to dispatch like any other; the rider brings the old pair back.
      </p>
      <fieldset>
        <legend className="font-semibold">Price difference</legend>
        <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-4">
          {DIRECTIONS.map((option, index) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2">
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name={`${id}-direction`}
                className="size-5 accent-brand-700"
                checked={direction === option.value}
                onChange={() => setDirection(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {direction !== "none" ? (
        <AdminField
          id={`${id}-amount`}
          label={direction === "pays" ? "Amount the customer pays (Rs.)" : "Amount the shop owes (Rs.)"}
          error={errors.priceDifference}
          hint={amountOk && rupees > 0 ? ownerDifferenceLine(priceDifference) : undefined}
          className="max-w-xs"
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setErrors(({ priceDifference: _fixed, ...rest }) => rest);
              }}
            />
          )}
        </AdminField>
      ) : null}
      <AdminField id={`${id}-message`} label="Message to the customer (optional)" error={errors.message}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={EXCHANGE_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </AdminField>
      <DecisionFooter
        error={errors.form}
        busy={busy}
        label="Approve exchange"
        busyLabel="Approving…"
        onClose={onClose}
      />
    </form>
  );
}

function RefuseForm({ exchange, onDone, onClose }: FormProps) {
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => first.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) {
      setErrors({ message: "Please tell the customer why." });
      first.current?.focus();
      return;
    }
    setBusy(true);
    const result = await adminCall<AdminExchange>(`/exchanges/${exchange._id}/refuse`, {
      method: "POST",
      json: { message },
    });
    setBusy(false);
    if (!result.ok) setErrors({ form: result.error.message, ...result.error.fields });
    onDone(result, `Exchange refused. Size ${exchange.wantedSize} is back on sale; the customer has been e-mailed.`);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-stone-300 bg-stone-50 p-3 text-sm">
      <h4 className="font-bold">Refuse the exchange</h4>
      <AdminField
        id={`${id}-message`}
        label="Why? (the customer reads this)"
        error={errors.message}
        hint={`Size ${exchange.wantedSize} kept for them goes back on sale.`}
      >
        {(control) => (
          <textarea
            {...control}
            ref={first}
            required
            rows={3}
            maxLength={EXCHANGE_MESSAGE_MAX}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              setErrors(({ message: _fixed, ...rest }) => rest);
            }}
          />
        )}
      </AdminField>
      <DecisionFooter error={errors.form} busy={busy} label="Refuse exchange" busyLabel="Refusing…" onClose={onClose} />
    </form>
  );
}

/** Under both answers: the server's refusal, the press and the way back. */
function DecisionFooter(props: {
  error: string | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
  onClose: () => void;
}) {
  const { error, busy, label, busyLabel, onClose } = props;
  return (
    <>
      {error ? (
        <p role="alert" className="font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : label}
        </button>
        <button type="button" className="button-secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
    </>
  );
}
