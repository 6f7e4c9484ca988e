// "Pay Rs.1,000 with JazzCash" (issue 50, docs/decisions/039-jazzcash-hosted-checkout.md): asks the shop
// for the signed form, then posts it to JazzCash's page as a plain form, so the customer types their
// wallet or card there and never on the shop's page. JazzCash sends them back to Track Your Order.
import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { HOSTED_PAYMENT_WORDS, type HostedPaymentStart } from "#shared/hosted-payments.ts";
import { startJazzCash } from "../../lib/advance.ts";

export function PayOnlineButton({ orderId, amount }: { orderId: string; amount: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [start, setStart] = useState<HostedPaymentStart>();
  const form = useRef<HTMLFormElement>(null);

  // Rendered with JazzCash's fields, the form is posted at once: a navigation away from the shop.
  useEffect(() => {
    if (start) form.current?.submit();
  }, [start]);

  async function pay() {
    setBusy(true);
    setError(undefined);
    const res = await startJazzCash(orderId);
    if (res.ok) setStart(res.body);
    else {
      setBusy(false);
      setError(res.error.message);
    }
  }

  return (
    <div className="space-y-2">
      <button type="button" className="button-primary w-full sm:w-auto" disabled={busy} onClick={() => void pay()}>
        {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />}
        {busy ? HOSTED_PAYMENT_WORDS.starting : HOSTED_PAYMENT_WORDS.payButton(amount)}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {start ? (
        <form ref={form} method="post" action={start.action} hidden>
          {Object.entries(start.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      ) : null}
    </div>
  );
}
