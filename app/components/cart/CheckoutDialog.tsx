// The checkout details dialog (SPEC.md sections 2 and 5): the shipping address, cash on delivery in
// Karachi, then the order. One Idempotency-Key per checkout, so a retried click never orders twice.
// The address is checked with the server's own schema before it is sent, so every invalid field is
// marked at once, with its message under it; the server's answer is shown the same way.
import { forwardRef, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { orderSummary } from "#shared/cart.ts";
import { formatRs } from "#shared/money.ts";
import { DELIVERY_CITY, ORDER_MESSAGES, type Order, shippingAddressSchema } from "#shared/orders.ts";
import { type FieldMessages, summariseIssues } from "#shared/validation.ts";
import { useAuth } from "../../lib/auth-store.ts";
import { cartStore, type StoredCartLine } from "../../lib/cart-store.ts";
import { refreshCart } from "../../lib/cart-sync.ts";
import { TextField } from "../account/TextField.tsx";

/** The fields a customer types, in the order the form shows them (focus goes to the first invalid one). */
const FIELDS = ["fullName", "addressLine", "phoneNumber", "email", "postalCode"] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);
const fieldId = (field: Field) => `checkout-${field}`;

/**
 * Splits a refusal's `fields` (paths such as "shippingAddress.phoneNumber") into the messages shown
 * under the form's own fields and the rest (a line of the cart, say), which the form's box shows.
 */
function splitFieldMessages(fields: FieldMessages, prefix: string): { own: FieldErrors; other: string[] } {
  const own: FieldErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const name = path.startsWith(prefix) ? path.slice(prefix.length) : "";
    if (isField(name)) own[name] = message;
    else if (!other.includes(message)) other.push(message);
  }
  return { own, other };
}

export const CheckoutDialog = forwardRef<HTMLDialogElement, { lines: StoredCartLine[] }>(function CheckoutDialog(
  { lines },
  ref,
) {
  const { token, user } = useAuth();
  const navigate = useNavigate();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [idempotencyKey] = useState(() => (typeof crypto === "undefined" ? "" : crypto.randomUUID()));
  const total = orderSummary(lines).total;

  /** Marks every invalid field, then moves focus to the first, whose message is read with it. */
  function showFieldErrors(errors: FieldErrors) {
    flushSync(() => setFieldErrors(errors));
    const first = FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function placeOrder(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: Field) => String(form.get(name) ?? "").trim();
    const shippingAddress = {
      fullName: value("fullName"),
      addressLine: value("addressLine"),
      phoneNumber: value("phoneNumber"),
      email: value("email"),
      city: DELIVERY_CITY,
      ...(value("postalCode") ? { postalCode: value("postalCode") } : {}),
    };
    setFormError(null);
    const checked = shippingAddressSchema.safeParse(shippingAddress);
    if (!checked.success) {
      const { own, other } = splitFieldMessages(summariseIssues(checked.error).fields, "");
      if (other.length > 0) setFormError(other.join(" "));
      showFieldErrors(own);
      return;
    }
    setFieldErrors({});
    if (!token || !user) return;
    setSending(true);
    try {
      const response = await fetch("/api/orders/new-order", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          "Idempotency-Key": idempotencyKey,
        },
        body: JSON.stringify({
          userId: user._id,
          items: lines.map((line) => ({ productId: line.productId, size: line.size, quantity: line.quantity })),
          shippingAddress,
          totalAmount: total,
        }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string; fields?: FieldMessages };
        console.error(`Order failed with ${response.status}`, body);
        // A field the server refused is marked like one refused here; a changed price or a size
        // that sold out belongs to no field and goes in the form's box.
        const { own, other } = splitFieldMessages(body.fields ?? {}, "shippingAddress.");
        const unmarked = Object.keys(own).length === 0 ? body.message : other.join(" ");
        if (response.status < 500 && unmarked) setFormError(unmarked);
        showFieldErrors(own);
        if (response.status === 409) await refreshCart(token);
        return;
      }
      const order = (await response.json()) as Order;
      // SPEC.md section 4: the cart lines are removed one by one, then the success page.
      for (const line of lines) {
        cartStore.set(cartStore.get().filter((l) => !(l.productId === line.productId && l.size === line.size)));
      }
      navigate(`/checkout-success?order=${encodeURIComponent(order._id)}`);
    } catch (error) {
      console.error("Order failed", error);
      setFormError("We could not reach the shop. Check your connection and try again.");
    } finally {
      setSending(false);
    }
  }

  /** A field's message goes once the customer changes it; the others stay until the next try. */
  function clearFieldError(event: React.FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (isField(name) && fieldErrors[name]) setFieldErrors(({ [name]: _, ...rest }) => rest);
  }

  const field = (name: Field) => ({ id: fieldId(name), name, error: fieldErrors[name] });
  return (
    <dialog
      ref={ref}
      aria-labelledby="checkout-title"
      className="m-auto max-h-[92dvh] w-[min(32rem,94vw)] overflow-y-auto rounded-2xl bg-white p-5 shadow-xl backdrop:bg-black/50"
    >
      <form onSubmit={placeOrder} onInput={clearFieldError} noValidate className="space-y-4">
        <h2 id="checkout-title" className="text-xl font-bold">
          Checkout Details
        </h2>
        <p className="text-sm text-stone-700">Cash on delivery. Free delivery in {DELIVERY_CITY} only.</p>
        <TextField {...field("fullName")} label="Full Name" autoComplete="name" />
        <TextField
          {...field("addressLine")}
          label="Address"
          autoComplete="street-address"
          hint={ORDER_MESSAGES.addressHint}
        />
        <TextField {...field("phoneNumber")} label="Phone Number" type="tel" autoComplete="tel" />
        <TextField
          {...field("email")}
          label={
            <>
              Email <span aria-hidden="true">*</span>
            </>
          }
          type="email"
          required
          autoComplete="email"
          defaultValue={user?.email ?? ""}
        />
        {/* items-end: a label that wraps on a phone ('Postal Code (optional)') keeps both boxes level. */}
        <div className="grid grid-cols-2 items-end gap-3">
          <TextField id="checkout-city" name="city" label="City" value={DELIVERY_CITY} readOnly />
          <TextField
            {...field("postalCode")}
            label="Postal Code (optional)"
            inputMode="numeric"
            autoComplete="postal-code"
          />
        </div>
        {formError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            className="button-secondary"
            onClick={(e) => e.currentTarget.closest("dialog")?.close()}
          >
            Cancel
          </button>
          <button type="submit" className="button-primary" disabled={sending || lines.length === 0}>
            {sending ? "Placing order…" : `Place Order (${formatRs(total)})`}
          </button>
        </div>
      </form>
    </dialog>
  );
});
