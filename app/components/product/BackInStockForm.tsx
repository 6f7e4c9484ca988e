// The 'tell me when it is back' form, loaded when the shopper asks for it (BackInStock.tsx). A
// signed-in customer's one tap is the ask itself: with the size known, it is sent as the form opens,
// to the account's e-mail (and WhatsApp, when the shop has it; the server decides). A visitor types
// an e-mail, kept in this browser once an ask succeeds (`alertEmail`), so a second ask starts filled
// in (issue 46); with several sizes sold out, the shopper picks one. The server's refusals show by
// their field; its answer ('We will tell you at …') replaces the form.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { STOCK_ALERTS_PATH } from "#shared/stock-alert-path.ts";
import type { StockAlertAnswer } from "#shared/stock-alerts.ts";
import { alertEmailStore } from "../../lib/alert-email.ts";
import { api } from "../../lib/api-client.ts";
import { useAuth } from "../../lib/auth-store.ts";
import { FormAlert } from "../account/FormAlert.tsx";
import { TextField } from "../account/TextField.tsx";

const CHOOSE_SIZE = "Choose the size you want.";

export function BackInStockForm({
  productId,
  sizes,
  initialSize,
}: {
  productId: string;
  sizes: number[];
  initialSize: number | null;
}) {
  const { isAuthenticated, user } = useAuth();
  const [size, setSize] = useState(initialSize);
  // Loaded only once the shopper asks for it (BackInStock.tsx), so never rendered on the server.
  const [email, setEmail] = useState(() => alertEmailStore.get());
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<StockAlertAnswer>();
  const [error, setError] = useState<{ message: string; fields: string[] }>();
  const heading = useRef<HTMLHeadingElement>(null);
  const done = useRef<HTMLDivElement>(null);
  const tapped = useRef(false);

  async function send() {
    if (size === null) return setError({ message: CHOOSE_SIZE, fields: ["size"] });
    setBusy(true);
    setError(undefined);
    const result = await api<StockAlertAnswer>(STOCK_ALERTS_PATH, {
      method: "POST",
      auth: isAuthenticated,
      // An empty field is no e-mail at all: the server then asks for one.
      json: isAuthenticated || email.trim() === "" ? { productId, size } : { productId, size, email },
    });
    setBusy(false);
    if (result.ok) {
      if (!isAuthenticated) alertEmailStore.set(result.body.email);
      return setAnswer(result.body);
    }
    setError({ message: result.error.message, fields: Object.keys(result.error.fields) });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form opens
  useEffect(() => {
    // The customer's tap on 'Tell me when size 42 is back' was the ask: send it, once.
    if (isAuthenticated && initialSize !== null && !tapped.current) {
      tapped.current = true;
      void send();
    } else heading.current?.focus();
  }, []);

  useEffect(() => {
    if (answer) done.current?.focus();
  }, [answer]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) void send();
  }

  const invalid = (field: string) => error?.fields.includes(field) ?? false;
  return (
    <section aria-labelledby="back-in-stock-title" className="rounded-lg border border-stone-300 p-4">
      <h2 id="back-in-stock-title" ref={heading} tabIndex={-1} className="font-semibold text-stone-900">
        Tell me when it is back
      </h2>
      {answer ? (
        <div ref={done} tabIndex={-1} className="mt-3">
          <FormAlert id="back-in-stock-done" tone="success" message={answer.message} />
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-4">
          {sizes.length > 1 ? (
            <fieldset aria-describedby={invalid("size") ? "back-in-stock-error" : undefined}>
              <legend className="text-sm font-semibold text-stone-800">Which size?</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {sizes.map((s) => (
                  <label key={s} className="cursor-pointer">
                    <input
                      type="radio"
                      name="back-in-stock-size"
                      value={s}
                      checked={size === s}
                      onChange={() => setSize(s)}
                      className="peer sr-only"
                    />
                    <span className="grid size-11 place-items-center rounded-lg border-2 border-stone-300 font-semibold text-stone-800 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600">
                      {s}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {isAuthenticated ? (
            <p className="text-sm text-stone-700">
              We will write to <strong className="break-all">{user?.email}</strong>, once, when the size is back.
            </p>
          ) : (
            <TextField
              id="back-in-stock-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              label="Your e-mail"
              hint="We write once, when the size is back. No account needed."
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              invalid={invalid("email")}
              errorId="back-in-stock-error"
            />
          )}
          <div>
            <FormAlert id="back-in-stock-error" message={error?.message} />
            <button
              type="submit"
              className={`button-primary w-full sm:w-auto ${error ? "mt-3" : ""}`}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? "Saving…" : size === null ? "Tell me when it is back" : `Tell me when size ${size} is back`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
