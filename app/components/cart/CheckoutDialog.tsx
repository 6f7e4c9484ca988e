// The checkout details dialog (SPEC.md sections 2 and 5): the shipping address, cash on delivery in
// Karachi, then the order. One Idempotency-Key per checkout, so a retried click never orders twice.
import { forwardRef, useState } from "react";
import { useNavigate } from "react-router";
import { orderSummary } from "#shared/cart.ts";
import { formatRs } from "#shared/money.ts";
import { DELIVERY_CITY, EMAIL_PATTERN, ORDER_MESSAGES } from "#shared/orders.ts";
import { useAuth } from "../../lib/auth-store.ts";
import { cartStore, type StoredCartLine } from "../../lib/cart-store.ts";
import { refreshCart } from "../../lib/cart-sync.ts";

type Field = "fullName" | "addressLine" | "phoneNumber" | "email" | "postalCode";

export const CheckoutDialog = forwardRef<HTMLDialogElement, { lines: StoredCartLine[] }>(function CheckoutDialog(
  { lines },
  ref,
) {
  const { token, user } = useAuth();
  const navigate = useNavigate();
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [idempotencyKey] = useState(() => (typeof crypto === "undefined" ? "" : crypto.randomUUID()));
  const total = orderSummary(lines).total;

  async function placeOrder(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: Field) => String(form.get(name) ?? "").trim();
    if (!EMAIL_PATTERN.test(value("email"))) {
      setEmailError(ORDER_MESSAGES.invalidEmail);
      return;
    }
    setEmailError(null);
    setFormError(null);
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
          shippingAddress: {
            fullName: value("fullName"),
            addressLine: value("addressLine"),
            phoneNumber: value("phoneNumber"),
            email: value("email"),
            city: DELIVERY_CITY,
            ...(value("postalCode") ? { postalCode: value("postalCode") } : {}),
          },
          totalAmount: total,
        }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        console.error(`Order failed with ${response.status}`, body);
        // A changed price or a size that sold out is something the customer can act on.
        if (response.status < 500 && body.message) setFormError(body.message);
        if (response.status === 409) await refreshCart(token);
        return;
      }
      // SPEC.md section 4: the cart lines are removed one by one, then the success page.
      for (const line of lines) {
        cartStore.set(cartStore.get().filter((l) => !(l.productId === line.productId && l.size === line.size)));
      }
      navigate("/checkout-success");
    } catch (error) {
      console.error("Order failed", error);
      setFormError("We could not reach the shop. Check your connection and try again.");
    } finally {
      setSending(false);
    }
  }

  const input = "mt-1 block min-h-11 w-full rounded-lg border border-stone-400 px-3 text-base";
  return (
    <dialog
      ref={ref}
      aria-labelledby="checkout-title"
      className="m-auto max-h-[92dvh] w-[min(32rem,94vw)] overflow-y-auto rounded-2xl bg-white p-5 shadow-xl backdrop:bg-black/50"
    >
      <form onSubmit={placeOrder} noValidate className="space-y-4">
        <h2 id="checkout-title" className="text-xl font-bold">
          Checkout Details
        </h2>
        <p className="text-sm text-stone-700">Cash on delivery. Free delivery in {DELIVERY_CITY} only.</p>
        <label className="block text-sm font-medium">
          Full Name
          <input name="fullName" autoComplete="name" className={input} />
        </label>
        <label className="block text-sm font-medium">
          Address
          <input name="addressLine" autoComplete="street-address" aria-describedby="address-hint" className={input} />
          <span id="address-hint" className="mt-1 block text-xs text-stone-600">
            {ORDER_MESSAGES.addressHint}
          </span>
        </label>
        <label className="block text-sm font-medium">
          Phone Number
          <input name="phoneNumber" type="tel" inputMode="numeric" autoComplete="tel" className={input} />
        </label>
        <label className="block text-sm font-medium">
          Email <span aria-hidden="true">*</span>
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? "checkout-email-error" : undefined}
            defaultValue={user?.email ?? ""}
            className={input}
          />
          {emailError && (
            <span id="checkout-email-error" role="alert" className="mt-1 block text-sm text-red-700">
              {emailError}
            </span>
          )}
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="block text-sm font-medium">
            City
            <input name="city" value={DELIVERY_CITY} readOnly className={`${input} bg-stone-100`} />
          </label>
          <label className="block text-sm font-medium">
            Postal Code (optional)
            <input name="postalCode" inputMode="numeric" autoComplete="postal-code" className={input} />
          </label>
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
