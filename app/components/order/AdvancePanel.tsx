// [Ours] "Advance due" on Track Your Order (issue 50): an order whose rules asked an advance waits
// for it. The panel says how much, what is left on delivery and until when it can be paid (the order
// lapses then, like an unconfirmed one), shows the shop's accounts with a copy button for each
// number, and takes the receipt: how it was paid, the transaction ID, a photo of the app's screen.
// A photo is made small on the phone first (decision 030) and sent as the receipt's body with its
// progress shown, so a slow link still gets it there. Once sent it says so; a receipt the owner did
// not accept brings the form back; a paid advance is one line.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { AdvanceReceipt, CustomerAdvance } from "#shared/advance-receipts.ts";
import { formatRs } from "#shared/money.ts";
import type { Order } from "#shared/orders.ts";
import type { PaymentAccount } from "#shared/payment-accounts.ts";
import { PAYMENT_KIND_WORDS, PAYMENT_KINDS, type PaymentKind } from "#shared/payment-kinds.ts";
import { advanceReceivedLine, methodName, RECEIPT_MESSAGES } from "#shared/receipt-words.ts";
import { customerAdvance, sendReceipt } from "../../lib/advance.ts";
import { karachiTime } from "../../lib/dates.ts";
import { photoSizeProblem, photoTypeProblem } from "../../lib/exchanges.ts";
import { PayOnlineButton } from "./PayOnlineButton.tsx";

/** The shrinking code, loaded only where a photo may be chosen (decision 030). */
const loadShrinker = () => import("../../lib/photo-shrinker.ts");

const TRANSACTION_ID = /^[A-Za-z0-9]{6,40}$/;
const INPUT =
  "w-full rounded-lg border border-stone-400 bg-white px-3.5 py-2 text-base text-stone-900 aria-invalid:border-red-700";

type Fields = Partial<Record<"method" | "transactionId" | "photo", string>>;

export function AdvancePanel({
  order,
  onSent,
}: {
  order: Order;
  /** The receipt was taken: the order list is read again (receiptWaiting, the deadline). */
  onSent: () => void;
}) {
  const advance = order.advance;
  if (!advance) return null;
  if (advance.paidAt) {
    return (
      <p className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
        {advanceReceivedLine(advance.amount)}
      </p>
    );
  }
  // Lapsed or cancelled: the status says so, and nothing can be paid any more.
  if (order.status !== "pending") return null;
  return <AdvanceDue order={order} amount={advance.amount} waiting={advance.receiptWaiting} onSent={onSent} />;
}

function AdvanceDue(props: { order: Order; amount: number; waiting: boolean; onSent: () => void }) {
  const { order, amount, waiting } = props;
  const headingId = useId();
  const [view, setView] = useState<CustomerAdvance | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    customerAdvance(order._id).then((res) => {
      if (!live) return;
      if (res.ok) setView(res.body);
      else setLoadError(res.error.message);
    });
    return () => {
      live = false;
    };
  }, [order._id]);

  const last = view?.receipts[0];
  const cancelsAt = order.confirmation.cancelsAt;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <h3 id={headingId} className="text-lg font-bold text-stone-900">
        {waiting ? "Advance: receipt sent" : "Advance due"}
      </h3>
      <p className="text-stone-800">
        Pay an advance of <strong>{formatRs(amount)}</strong> to prepare this order;{" "}
        <strong>{formatRs(order.dueOnDelivery)}</strong> on delivery.
      </p>
      {waiting ? (
        <p role="status" className="rounded-lg bg-white px-3 py-2 text-stone-800">
          {RECEIPT_MESSAGES.sent}
          {last && last.decision === null ? (
            <span className="block text-sm text-stone-600">{receiptLine(last)}</span>
          ) : null}
        </p>
      ) : (
        <>
          {cancelsAt ? (
            <p className="text-sm text-stone-800">
              Send it by <strong>{karachiTime(cancelsAt)}</strong>, or the order is cancelled.
            </p>
          ) : null}
          {last?.decision === "rejected" ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              We could not find the payment of your last receipt ({receiptLine(last)})
              {last.rejectedReason ? <>: “{last.rejectedReason}”</> : null}. Please check it and send another receipt.
            </p>
          ) : null}
          {loadError ? (
            <p role="alert" className="text-sm text-red-800">
              {loadError}
            </p>
          ) : view === null ? (
            <p role="status" className="text-sm text-stone-600">
              Loading the shop's accounts…
            </p>
          ) : (
            <>
              {view.payOnline === "jazzcash" ? <PayOnlineButton orderId={order._id} amount={amount} /> : null}
              <Accounts accounts={view.accounts} />
              <ReceiptForm
                order={order}
                accounts={view.accounts}
                onSent={(now) => {
                  // The answer is the view as it now is (the receipt waiting); the order list is read again.
                  setView(now);
                  props.onSent();
                }}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

const receiptLine = (receipt: AdvanceReceipt) =>
  `${methodName(receipt.method)}${receipt.transactionId ? `, ${receipt.transactionId}` : ""}, sent ${karachiTime(receipt.sentAt)}`;

function Accounts({ accounts }: { accounts: PaymentAccount[] }) {
  if (accounts.length === 0) {
    return <p className="text-sm text-stone-700">Please call the shop for the account to send it to.</p>;
  }
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {accounts.map((account) => (
        <li key={account._id} className="min-w-0 rounded-lg border border-stone-300 bg-white p-3">
          <p className="text-sm font-semibold text-stone-900">
            {PAYMENT_KIND_WORDS[account.kind].name}
            {account.provider !== PAYMENT_KIND_WORDS[account.kind].name ? ` · ${account.provider}` : ""}
          </p>
          <p className="text-sm text-stone-700">{account.accountTitle}</p>
          <div className="mt-1 flex items-center gap-2">
            <span className="min-w-0 font-mono text-sm [overflow-wrap:anywhere]">
              <span className="sr-only">{PAYMENT_KIND_WORDS[account.kind].number}: </span>
              {account.accountNumber}
            </span>
            <CopyButton text={account.accountNumber} label={PAYMENT_KIND_WORDS[account.kind].number} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an old browser, an insecure page): the number is there to select by hand.
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      className="shrink-0 rounded-md border border-stone-400 px-2 py-1 text-xs font-semibold text-stone-800 hover:bg-stone-100"
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
    >
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </button>
  );
}

function ReceiptForm({
  order,
  accounts,
  onSent,
}: {
  order: Order;
  accounts: PaymentAccount[];
  onSent: (now: CustomerAdvance) => void;
}) {
  const id = useId();
  // The ways the shop's accounts take first, then the others: an Easypaisa wallet can send to a bank
  // account (and the other way), so how the customer paid need not be one of the shop's kinds.
  const kinds: PaymentKind[] = [...new Set([...accounts.map((a) => a.kind), ...PAYMENT_KINDS])];
  const [method, setMethod] = useState<PaymentKind | "">("");
  const [transactionId, setTransactionId] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | "preparing" | number>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    loadShrinker().catch(() => {});
    return () => controller.current?.abort();
  }, []);

  function check(): Fields {
    const found: Fields = {};
    if (method === "") found.method = RECEIPT_MESSAGES.method;
    const cleaned = transactionId.replace(/[\s-]/g, "");
    if (cleaned !== "" && !TRANSACTION_ID.test(cleaned)) found.transactionId = RECEIPT_MESSAGES.transactionId;
    if (cleaned === "" && !photo) found.transactionId = RECEIPT_MESSAGES.proof;
    if (photo) {
      const problem = photoTypeProblem(photo);
      if (problem) found.photo = problem;
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setFields(found);
    setError(null);
    if (method === "" || Object.keys(found).length > 0) return;
    let upload: Blob | null = null;
    if (photo) {
      setBusy("preparing");
      // The code not loaded (the connection dropped): the photo as chosen, within the server's budget.
      upload = await loadShrinker().then(
        (shrinker) => shrinker.shrinkForUpload(photo),
        () => photo,
      );
      const tooBig = photoSizeProblem(photo.name, upload);
      if (tooBig) {
        setFields({ photo: tooBig });
        setBusy(null);
        return;
      }
    }
    setBusy(0);
    controller.current = new AbortController();
    const res = await sendReceipt(order._id, { method, transactionId: transactionId.replace(/[\s-]/g, "") }, upload, {
      onProgress: (sent) => setBusy(sent),
      signal: controller.current.signal,
    });
    setBusy(null);
    if (res.ok) {
      onSent(res.body);
      return;
    }
    const serverFields = res.error.fields;
    const byField: Fields = {
      ...(serverFields.method ? { method: serverFields.method } : {}),
      ...(serverFields.transactionId ? { transactionId: serverFields.transactionId } : {}),
    };
    // A refused photo (its type, its size, its pixels) is said by the photo's field.
    if (res.status === 413 || res.status === 415 || (upload && res.status === 400 && !serverFields.transactionId)) {
      byField.photo = res.error.message;
    }
    setFields(byField);
    if (Object.keys(byField).length === 0) setError(res.error.message);
  }

  const sending = busy !== null;
  const described = (field: keyof Fields, hint?: string) =>
    [fields[field] ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean).join(" ") || undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-stone-300 bg-white p-3">
      <p className="text-sm font-semibold text-stone-900">Sent it? Tell us here.</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-method`} className="text-sm font-semibold text-stone-800">
          How you paid
        </label>
        <select
          id={`${id}-method`}
          value={method}
          onChange={(e) => {
            setMethod(PAYMENT_KINDS.find((k) => k === e.target.value) ?? "");
            setFields((f) => ({ ...f, method: undefined }));
          }}
          aria-invalid={fields.method ? true : undefined}
          aria-describedby={described("method")}
          disabled={sending}
          className={`${INPUT} sm:w-64`}
        >
          <option value="">Choose…</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {PAYMENT_KIND_WORDS[kind].name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-method-error`} message={fields.method} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-txn`} className="text-sm font-semibold text-stone-800">
          Transaction ID
        </label>
        <input
          id={`${id}-txn`}
          value={transactionId}
          onChange={(e) => {
            setTransactionId(e.target.value);
            setFields((f) => ({ ...f, transactionId: undefined }));
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={60}
          aria-invalid={fields.transactionId ? true : undefined}
          aria-describedby={described("transactionId", `${id}-txn-hint`)}
          disabled={sending}
          className={`${INPUT} sm:w-80`}
        />
        <p id={`${id}-txn-hint`} className="text-xs text-stone-600">
          As your app or bank shows it (6 to 40 letters and digits).
        </p>
        <FieldError id={`${id}-transactionId-error`} message={fields.transactionId} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-photo`} className="text-sm font-semibold text-stone-800">
          Receipt photo or screenshot <span className="font-normal text-stone-600">(optional with the ID)</span>
        </label>
        {/* No `capture`: a receipt is most often a screenshot already in the gallery; the phone still offers the camera. */}
        <input
          id={`${id}-photo`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => {
            setPhoto(e.target.files?.[0] ?? null);
            setFields((f) => ({ ...f, photo: undefined, transactionId: undefined }));
          }}
          aria-invalid={fields.photo ? true : undefined}
          aria-describedby={described("photo")}
          disabled={sending}
          className="block w-full text-sm text-stone-800 file:mr-3 file:rounded-md file:border file:border-stone-400 file:bg-stone-50 file:px-3 file:py-1.5 file:font-semibold"
        />
        <FieldError id={`${id}-photo-error`} message={fields.photo} />
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button-primary" disabled={sending} aria-busy={sending || undefined}>
        {busy === "preparing"
          ? "Preparing the photo…"
          : typeof busy === "number"
            ? photo
              ? `Sending… ${Math.round(busy * 100)}%`
              : "Sending…"
            : "Send receipt"}
      </button>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
