// Asking to exchange a pair of a delivered order (issue 33): which pair, why, the size wanted (the
// shoe's sizes with their stock now; one up for too small, one down for too large, the same for a
// fault), photos (required for a fault) and a note. What is missing is said by its field before
// anything is sent; the server's refusals by their field or above the form. Focus moves to the form
// when it opens; the page moves it on when the form closes.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  EXCHANGE_MESSAGES,
  EXCHANGE_NOTE_MAX,
  EXCHANGE_REASON_LABELS,
  EXCHANGE_REASONS,
  type ExchangeReason,
} from "#shared/exchange-words.ts";
import type { Order } from "#shared/orders.ts";
import type { FieldMessages } from "#shared/validation.ts";
import { karachiTime } from "../../lib/dates.ts";
import { pairsOf, requestExchange, suggestedSize, useProductSizes } from "../../lib/exchanges.ts";
import { FormAlert } from "../account/FormAlert.tsx";
import { SubmitButton } from "../account/SubmitButton.tsx";
import { type ChosenPhoto, ExchangePhotoPicker } from "./ExchangePhotoPicker.tsx";
import { SizeChoice } from "./ExchangeSizeChoice.tsx";

const CHOICE =
  "flex min-h-11 items-center gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:bg-stone-100 has-disabled:text-stone-500";
const RADIO = "size-5 shrink-0 accent-brand-700";

const EXCHANGE_FORM_TEXTS = {
  title: "Exchange a pair",
  choosePair: "Choose the pair to exchange.",
  chooseReason: "Choose why you want to exchange it.",
  chooseSize: "Choose the size you want.",
  checkFields: "Please check the fields marked in red.",
  stillUploading: "Please wait: a photo is still uploading.",
  photoNotSent: "A photo was not sent: press Retry on it, or remove it.",
  submit: "Ask for the exchange",
} as const;

export function ExchangeForm({
  order,
  onDone,
  onClose,
}: {
  order: Order & { exchanges: { until: string } };
  onDone: (order: Order, message: string) => void;
  onClose: () => void;
}) {
  const pairs = pairsOf(order);
  const open = pairs.filter((p) => !p.asked);
  const [lineNo, setLineNo] = useState<number | null>(open.length === 1 ? (open[0]?.lineNo ?? null) : null);
  const [reason, setReason] = useState<ExchangeReason | null>(null);
  const [wantedSize, setWantedSize] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sizeReads, setSizeReads] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  const chosen = open.find((p) => p.lineNo === lineNo);
  const sizes = useProductSizes(chosen?.item.productId ?? null, sizeReads);

  useEffect(() => heading.current?.focus(), []);

  // A new pair or reason suggests its size once the shoe's sizes are known; a size read again (after
  // one sold out) keeps the customer's choice unless it is gone.
  const suggestedFor = useRef("");
  const pairLine = chosen?.lineNo ?? null;
  const pairSize = chosen?.item.size ?? null;
  useEffect(() => {
    if (pairLine === null || pairSize === null || sizes.state !== "ready") return;
    const key = `${pairLine}:${reason}`;
    if (key !== suggestedFor.current) {
      suggestedFor.current = key;
      setWantedSize(suggestedSize(pairSize, reason, sizes.sizes));
    } else {
      setWantedSize((now) => (sizes.sizes.some((s) => s.size === now && s.stock > 0) ? now : null));
    }
  }, [pairLine, pairSize, reason, sizes]);

  // After a refusal, the first field marked takes the focus (the alert above says why).
  const focusInvalid = useRef(false);
  useEffect(() => {
    if (!focusInvalid.current || Object.keys(errors).length === 0) return;
    focusInvalid.current = false;
    form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [errors]);

  /** A field changed: its message goes, and the alert with the last one. */
  function fixed(name: string) {
    if (!errors[name]) return;
    const { [name]: _gone, ...rest } = errors;
    setErrors(rest);
    if (Object.keys(rest).length === 0) setAlert(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const missing: FieldMessages = {};
    if (!chosen) missing.lineNo = EXCHANGE_FORM_TEXTS.choosePair;
    if (!reason) missing.reason = EXCHANGE_FORM_TEXTS.chooseReason;
    if (wantedSize === null) missing.wantedSize = EXCHANGE_FORM_TEXTS.chooseSize;
    const photoIds = photos.flatMap((p) => (p.id ? [p.id] : []));
    if (reason === "faulty" && photos.length === 0) missing.photoIds = EXCHANGE_MESSAGES.photoNeeded;
    if (Object.keys(missing).length > 0 || !chosen || !reason || wantedSize === null) {
      setAlert(EXCHANGE_FORM_TEXTS.checkFields);
      focusInvalid.current = true;
      setErrors(missing);
      return;
    }
    if (photos.some((p) => p.state.step === "failed")) {
      setAlert(EXCHANGE_FORM_TEXTS.photoNotSent);
      // Its card, which says why and holds Retry and Remove.
      form.current?.querySelector<HTMLElement>("[data-photo-failed]")?.focus();
      return;
    }
    if (photoIds.length < photos.length) {
      setAlert(EXCHANGE_FORM_TEXTS.stillUploading);
      return;
    }
    setBusy(true);
    setAlert(undefined);
    const answer = await requestExchange(order._id, {
      lineNo: chosen.lineNo,
      reason,
      wantedSize,
      note,
      photoIds,
    });
    setBusy(false);
    if (answer.ok) {
      onDone(answer.body.order, answer.body.message);
      return;
    }
    setAlert(answer.error.message);
    focusInvalid.current = true;
    setErrors(answer.error.fields);
    // The size sold out meanwhile (409): show the sizes as they are now.
    if (answer.status === 409) setSizeReads((n) => n + 1);
  }

  const alertId = `${id}-alert`;
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const describedBy = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  const invalid = (name: string) => (errors[name] ? true : undefined);

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-2xl border border-stone-300 bg-stone-50 p-4"
    >
      <div>
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold text-stone-900">
          {EXCHANGE_FORM_TEXTS.title}
        </h3>
        <p className="mt-1 text-sm text-stone-700">
          You can ask until {karachiTime(order.exchanges.until)}. We keep the size you want for you while we look at
          your request.{" "}
          <Link to="/exchange-policy" className="font-semibold text-brand-700 underline">
            Exchange policy
          </Link>
        </p>
      </div>
      <FormAlert id={alertId} message={alert} />

      <fieldset className="space-y-2" aria-describedby={describedBy("lineNo")}>
        <legend className="text-sm font-semibold text-stone-900">Which pair?</legend>
        {fieldError("lineNo")}
        {pairs.map(({ lineNo: no, item, asked }) => (
          <label key={no} className={CHOICE}>
            <input
              type="radio"
              name={`${id}-pair`}
              className={RADIO}
              checked={lineNo === no}
              disabled={asked || busy}
              aria-invalid={invalid("lineNo")}
              onChange={() => {
                setLineNo(no);
                fixed("lineNo");
              }}
            />
            <img
              src={item.imageUrl[0]}
              alt=""
              width={40}
              height={40}
              className="size-10 rounded bg-stone-100 object-cover"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-semibold">{item.name}</span>, size {item.size}
              {asked ? " (already asked)" : ""}
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="space-y-2" aria-describedby={describedBy("reason")}>
        <legend className="text-sm font-semibold text-stone-900">Why?</legend>
        {fieldError("reason")}
        <div className="grid gap-2 sm:grid-cols-2">
          {EXCHANGE_REASONS.map((value) => (
            <label key={value} className={CHOICE}>
              <input
                type="radio"
                name={`${id}-reason`}
                className={RADIO}
                checked={reason === value}
                disabled={busy}
                aria-invalid={invalid("reason")}
                onChange={() => {
                  setReason(value);
                  fixed("reason");
                }}
              />
              {EXCHANGE_REASON_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>

      <SizeChoice
        name={`${id}-size`}
        pairSize={pairSize}
        sizes={chosen ? sizes : null}
        selected={wantedSize}
        onSelect={(size) => {
          setWantedSize(size);
          fixed("wantedSize");
        }}
        error={errors.wantedSize}
        errorId={`${id}-wantedSize-error`}
        disabled={busy}
      />

      <ExchangePhotoPicker
        id={`${id}-photos`}
        orderId={order._id}
        photos={photos}
        onPhotos={setPhotos}
        onChosen={() => fixed("photoIds")}
        required={reason === "faulty"}
        error={errors.photoIds}
        disabled={busy}
      />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-semibold text-stone-800">
          Anything we should know? (optional)
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={EXCHANGE_NOTE_MAX}
          rows={3}
          disabled={busy}
          onChange={(event) => {
            setNote(event.target.value);
            fixed("note");
          }}
          aria-invalid={invalid("note")}
          aria-describedby={describedBy("note")}
          className="w-full rounded-lg border border-stone-400 bg-white px-3.5 py-2 text-base text-stone-900 aria-invalid:border-red-700"
        />
        {fieldError("note")}
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="sm:w-64">
          <SubmitButton busy={busy} label={EXCHANGE_FORM_TEXTS.submit} busyLabel="Sending…" />
        </div>
        <button type="button" className="button-secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
