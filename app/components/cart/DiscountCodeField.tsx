// The checkout's discount code (issue 51): typed, applied with its button (or Enter, which here
// applies the code rather than placing the order), and checked by the server with the cart and the
// phone number (/api/orders/check), which answers the discount or exactly why the code does not apply.
// The order is sent with the code only while the server says it applies. The code's form is checked
// with the server's schema, fetched at the first check (app/lib/checkout-checks.ts).
import { useId, useState } from "react";
import { codeLabel } from "#shared/code-label.ts";
import { formatRs } from "#shared/money.ts";
import type { DiscountLine } from "#shared/promotions.ts";
import { OFFLINE_MESSAGE } from "../../lib/api-client.ts";
import { checkoutSchemas } from "../../lib/checkout-checks.ts";

export interface DiscountCodeFieldProps {
  /** The code applied (upper case), or undefined. */
  applied: string | undefined;
  onApply(code: string | undefined): void;
  /** What the server's check answered for the cart with this code; null before it answers. */
  discount: DiscountLine | null;
  refusal: string | null;
  /** False until the address is complete: the code is checked for the phone number too. */
  canCheck: boolean;
}

export function DiscountCodeField({ applied, onApply, discount, refusal, canCheck }: DiscountCodeFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState(applied ?? "");
  const [formatError, setFormatError] = useState<string | null>(null);
  const works = applied !== undefined && discount?.label === codeLabel(applied);

  async function apply() {
    const schemas = await checkoutSchemas();
    if (!schemas) {
      setFormatError(OFFLINE_MESSAGE);
      return;
    }
    const parsed = schemas.discountCodeSchema.safeParse(typed);
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message ?? "Check the code.");
      return;
    }
    setFormatError(null);
    onApply(parsed.data);
  }

  const message = formatError ?? (applied === undefined ? null : refusal);
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={`${id}-code`} className="block text-sm font-semibold text-stone-800">
        Discount code <span className="font-normal text-stone-600">(optional)</span>
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
          name="discountCode"
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          aria-invalid={message ? true : undefined}
          aria-describedby={messageId}
          onChange={(e) => {
            setTyped(e.target.value);
            setFormatError(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            void apply();
          }}
          className={`min-h-11 min-w-0 flex-1 rounded-lg border px-3.5 py-2 text-base uppercase text-stone-900 placeholder:normal-case placeholder:text-stone-500 ${
            message ? "border-red-700" : "border-stone-400"
          }`}
          placeholder="e.g. EID500"
        />
        {applied === undefined ? (
          <button
            type="button"
            className="button-secondary shrink-0"
            onClick={() => void apply()}
            disabled={typed.trim() === ""}
          >
            Apply
          </button>
        ) : (
          <button
            type="button"
            className="button-secondary shrink-0"
            onClick={() => {
              setTyped("");
              onApply(undefined);
            }}
          >
            Remove
          </button>
        )}
      </div>
      <p id={messageId} aria-live="polite" className="mt-1 text-sm">
        {message ? <span className="text-red-800">{message}</span> : null}
        {!message && works && discount ? (
          <span className="text-green-800">
            {discount.label} applied: -{formatRs(discount.amount)}
          </span>
        ) : null}
        {!message && applied !== undefined && !works && !canCheck ? (
          <span className="text-stone-700">Fill in your address: the code is checked with your phone number.</span>
        ) : null}
      </p>
    </div>
  );
}
