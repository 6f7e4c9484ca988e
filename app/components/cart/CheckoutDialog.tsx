// The checkout details dialog (docs/product.md sections 2 and 5): the shipping address, cash on delivery in
// Karachi, then the order. The Idempotency-Key is the cart's (app/lib/checkout-key.ts), kept across
// tries, presses and reloads, so neither a retry nor a checkout after a lost answer orders twice.
// The address is checked with the server's own schema before it is sent, so every invalid field is
// marked at once, with its message under it; the server's answer is shown the same way. The schema
// comes in a chunk of its own, off the cart's first load (app/lib/checkout-checks.ts). The
// customer's saved addresses (issue 29) are offered above the form, the most recent one filled in.
import { forwardRef, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import type { SavedAddress } from "#shared/addresses.ts";
import type { KarachiArea } from "#shared/areas.ts";
import { CHECKOUT_TEXTS } from "#shared/checkout-texts.ts";
import { codeLabel } from "#shared/code-label.ts";
import { formatRs } from "#shared/money.ts";
import { orderCharges } from "#shared/order-charges.ts";
import { orderSummary } from "#shared/order-summary.ts";
import { DELIVERY_CITY } from "#shared/order-words.ts";
import type { Order } from "#shared/orders.ts";
import type { DiscountLine } from "#shared/promotions.ts";
import { type FieldMessages, summariseIssues } from "#shared/validation.ts";
import { fetchAddresses } from "../../lib/address-book.ts";
import { api, messageOf, OFFLINE_MESSAGE } from "../../lib/api-client.ts";
import { useAuth } from "../../lib/auth-store.ts";
import { cartStore, type StoredCartLine } from "../../lib/cart-store.ts";
import { refreshCart } from "../../lib/cart-sync.ts";
import { checkoutSchemas } from "../../lib/checkout-checks.ts";
import { checkoutKeyFor, keyPlacedOrder, markKeySent, orderPlacedWith, orderSeen } from "../../lib/checkout-key.ts";
import { isNotNow, retryWhileBusy } from "../../lib/retry-busy.ts";
import { AreaOptions } from "../AreaOptions.tsx";
import {
  AddressFields,
  AREA_LIST_ID,
  addressFieldId,
  addressFromForm,
  ADDRESS_FIELDS as FIELDS,
  type AddressFieldErrors as FieldErrors,
  isAddressField as isField,
} from "./AddressFields.tsx";
import { DiscountCodeField } from "./DiscountCodeField.tsx";
import { OrderRuleNotice, useOrderCheck } from "./OrderRuleNotice.tsx";
import { CartTotals } from "./OrderSummaryBox.tsx";
import { NEW_ADDRESS, SavedAddresses } from "./SavedAddresses.tsx";
import { UnseenOrderNotice } from "./UnseenOrderNotice.tsx";

const FORM = "checkout";

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

interface CheckoutDialogProps {
  lines: StoredCartLine[];
  /** The cart's automatic offer (issue 51), shown until the checkout's own check answers. */
  offer: DiscountLine | null;
  /** The Karachi areas the Area field offers (the page's loader reads them, so they are in its HTML). */
  areas: readonly KarachiArea[];
}

export const CheckoutDialog = forwardRef<HTMLDialogElement, CheckoutDialogProps>(function CheckoutDialog(
  { lines, offer, areas },
  ref,
) {
  const { token, user } = useAuth();
  const navigate = useNavigate();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Between the tries of a checkout the shop answered "not now" (app/lib/retry-busy.ts).
  const [stillTrying, setStillTrying] = useState(false);
  // An order this cart's key placed whose answer never arrived: named instead of ordering again.
  const [placedOrderId, setPlacedOrderId] = useState<string | null>(null);
  // Ends the tries when the page is left.
  const leaving = useRef<AbortController | null>(null);
  const [addresses, setAddresses] = useState<SavedAddress[]>([]);
  const [selected, setSelected] = useState(NEW_ADDRESS);
  // Picking an address fills the form anew (a new key). The address book's answer fills it only
  // while the customer has typed nothing (`typed`), so a late answer never overwrites their words.
  const [filling, setFilling] = useState(0);
  const typed = useRef(false);
  const picked = addresses.find((a) => a.id === selected);
  // The owner's rules, told before the order is placed: asked when the form is filled or typed in.
  const formRef = useRef<HTMLFormElement>(null);
  // The discount code applied (issue 51): checked with the address, sent only while it applies.
  const [discountCode, setDiscountCode] = useState<string | undefined>(undefined);
  const rules = useOrderCheck(token, lines, discountCode);
  const { ask, askNow } = rules;
  // The discount the server reckoned: the check's (offer or code) once it answers, the cart's offer before.
  const discount = rules.check ? rules.check.discount : offer;
  const codeApplies = discountCode !== undefined && rules.check?.discount?.label === codeLabel(discountCode);
  // The total less the discount, with the fee a rule adds for this address (issue 50): the one shown, and the one sent.
  const total = orderCharges(orderSummary(lines).total, {
    codFee: rules.check?.codFee ?? 0,
    advance: rules.check?.advance ?? 0,
    discount,
  }).total;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filling is a new address to ask about.
  useEffect(() => ask(formRef.current), [ask, filling]);
  // A code applied or removed is checked at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the code changes.
  useEffect(() => void askNow(formRef.current), [discountCode]);

  useEffect(() => () => leaving.current?.abort(), []);

  // The address book is read when the cart opens, so the dialog opens filled.
  useEffect(() => {
    if (!token) return;
    let open = true;
    void fetchAddresses(token).then((result) => {
      if (!open || !result.ok) return;
      setAddresses(result.value);
      const [latest] = result.value;
      if (!latest || typed.current) return;
      setSelected(latest.id);
      setFilling((n) => n + 1);
    });
    return () => {
      open = false;
    };
  }, [token]);

  function pick(id: string) {
    setSelected(id);
    setFieldErrors({});
    setFilling((n) => n + 1);
  }

  /** After an edit or a removal: the form follows the picked address, or the next most recent one. */
  function addressesChanged(next: SavedAddress[]) {
    setAddresses(next);
    if (selected === NEW_ADDRESS) return;
    pick(next.some((a) => a.id === selected) ? selected : (next[0]?.id ?? NEW_ADDRESS));
  }

  /** Marks every invalid field, then moves focus to the first, whose message is read with it. */
  function showFieldErrors(errors: FieldErrors) {
    flushSync(() => setFieldErrors(errors));
    const first = FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(addressFieldId(FORM, first))?.focus();
  }

  async function placeOrder(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { postalCode, ...required } = addressFromForm(new FormData(event.currentTarget));
    const shippingAddress = { ...required, ...(postalCode ? { postalCode } : {}) };
    setFormError(null);
    setPlacedOrderId(null);
    // The first check may wait for the schema's chunk: the button waits with it, so a second press
    // sends nothing meanwhile; the address is never sent unchecked.
    setSending(true);
    const schemas = await checkoutSchemas();
    setSending(false);
    if (!schemas) {
      setFormError(OFFLINE_MESSAGE);
      return;
    }
    // Our form asks for the area (the API alone does not); the server checks it is in the list.
    const checked = schemas.checkoutAddressSchema.safeParse(shippingAddress);
    if (!checked.success) {
      const { own, other } = splitFieldMessages(summariseIssues(checked.error).fields, "");
      if (other.length > 0) setFormError(other.join(" "));
      showFieldErrors(own);
      return;
    }
    setFieldErrors({});
    if (!token || !user) return;
    setSending(true);
    const checkout = await checkoutKeyFor(lines, token);
    if ("placed" in checkout) {
      await showPlaced(checkout.placed, token);
      return;
    }
    const order = {
      userId: user._id,
      items: lines.map((line) => ({ productId: line.productId, size: line.size, quantity: line.quantity })),
      shippingAddress,
      totalAmount: total,
      ...(codeApplies ? { discountCode } : {}),
    };
    // "Not now" (many people ordering the same shoes, the database away for a moment, no answer at
    // all) is sent again for about 30 s with the same key: at most one order whatever the tries.
    const stop = new AbortController();
    leaving.current = stop;
    markKeySent(checkout.key);
    const response = await retryWhileBusy(
      () =>
        api<Order>("/api/orders/new-order", {
          method: "POST",
          auth: token,
          headers: { "Idempotency-Key": checkout.key },
          json: order,
        }),
      { signal: stop.signal, onRetry: () => setStillTrying(true) },
    );
    if (stop.signal.aborted) return;
    setStillTrying(false);
    if (!response.ok) {
      setSending(false);
      const { fields } = response.error;
      console.error(`Order failed with ${response.status}`, response.body);
      if (isNotNow(response)) {
        setFormError(CHECKOUT_TEXTS.gaveUp);
        return;
      }
      // The key placed an order with other details (an earlier try whose answer was lost, then the
      // address changed): that order is the answer.
      if (response.status === 422) {
        const placed = await orderPlacedWith(token, checkout.key);
        if (placed) {
          keyPlacedOrder(placed);
          await showPlaced(placed, token);
        } else setFormError(CHECKOUT_TEXTS.gaveUp);
        return;
      }
      // A field the server refused is marked like one refused here; a changed price or a size
      // that sold out belongs to no field and goes in the form's box.
      const { own, other } = splitFieldMessages(fields, "shippingAddress.");
      const unmarked = Object.keys(own).length === 0 ? messageOf(response.body) : other.join(" ");
      if (response.status < 500 && unmarked) setFormError(unmarked);
      showFieldErrors(own);
      // A price that changed, or a fee a rule added since the check (issue 50): the message says the
      // new total; the cart's prices and the rules' fee are read again, so the next press sends it.
      if (response.status === 409) {
        await refreshCart(token);
        await rules.askNow(formRef.current);
      }
      return;
    }
    orderSeen();
    // docs/product.md section 4: the cart lines are removed one by one, then the success page.
    for (const line of lines) {
      cartStore.set(cartStore.get().filter((l) => !(l.productId === line.productId && l.size === line.size)));
    }
    setSending(false);
    navigate(`/checkout-success?order=${encodeURIComponent(response.body._id)}`);
  }

  /** Names the order the cart's key placed, and reads the cart again (that order emptied it on the server). */
  async function showPlaced(orderId: string, signedIn: string) {
    setSending(false);
    setPlacedOrderId(orderId);
    await refreshCart(signedIn);
  }

  /** A field's message goes once the customer changes it; the others stay until the next try. */
  function clearFieldError(event: React.FormEvent<HTMLFormElement>) {
    typed.current = true;
    const name = (event.target as HTMLInputElement).name;
    if (isField(name) && fieldErrors[name]) setFieldErrors(({ [name]: _, ...rest }) => rest);
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby="checkout-title"
      className="m-auto max-h-[92dvh] w-[min(32rem,94vw)] overflow-y-auto rounded-2xl bg-white p-5 shadow-xl backdrop:bg-black/50"
    >
      <div className="space-y-4">
        <h2 id="checkout-title" className="text-xl font-bold">
          Checkout Details
        </h2>
        <p className="text-sm text-stone-700">Cash on delivery. Free delivery in {DELIVERY_CITY} only.</p>
        {/* One list for the checkout's and the address book's Area fields. */}
        <AreaOptions id={AREA_LIST_ID} areas={areas} />
        {token && addresses.length > 0 && (
          <SavedAddresses
            token={token}
            addresses={addresses}
            selected={selected}
            onSelect={pick}
            onChange={addressesChanged}
          />
        )}
        <form
          key={filling}
          ref={formRef}
          onSubmit={placeOrder}
          onInput={(event) => {
            clearFieldError(event);
            ask(event.currentTarget);
          }}
          noValidate
          className="space-y-4"
        >
          {/* The Email field is the account's, read-only: order mails go there (AddressFields). */}
          <AddressFields idPrefix={FORM} errors={fieldErrors} values={picked} accountEmail={user?.email} />
          {formError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {formError}
            </p>
          )}
          {placedOrderId && <UnseenOrderNotice orderId={placedOrderId} />}
          {/* Always there, so what it comes to say is read out. */}
          <p role="status" className={stillTrying ? "rounded-lg bg-amber-50 p-3 text-sm text-amber-950" : "sr-only"}>
            {stillTrying ? CHECKOUT_TEXTS.stillTrying : ""}
          </p>
          <DiscountCodeField
            applied={discountCode}
            onApply={setDiscountCode}
            discount={rules.check?.discount ?? null}
            refusal={rules.check?.codeRefusal ?? null}
            canCheck={rules.check !== null}
          />
          <OrderRuleNotice check={rules.check} />
          <CartTotals lines={lines} check={rules.check} discount={discount} />
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
      </div>
    </dialog>
  );
});
