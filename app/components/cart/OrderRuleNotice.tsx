// What the owner's rules (issue 50) would do with this cart and address, told above the Place order
// button before the order is placed: a cap's refusal ("Orders to this area can be at most …"), a
// cash-on-delivery fee or an advance and why (the checkout's totals show their amounts), or that the
// order waits for the customer's own confirmation. Asked again a moment after the address, the cart or
// the discount code changes; the answer also holds the discount (issue 51).
import { useCallback, useEffect, useRef, useState } from "react";
import type { OrderCheck } from "#shared/risk-rules.ts";
import { api } from "../../lib/api-client.ts";
import type { StoredCartLine } from "../../lib/cart-store.ts";
import { checkoutSchemas } from "../../lib/checkout-checks.ts";
import { addressFromForm } from "./AddressFields.tsx";

const WAIT_MS = 400;

/**
 * The last answer, `ask(form)` to read the form's address again (debounced; a bad address asks
 * nothing), and `askNow(form)` to read it at once, for a checkout the server just refused with a new
 * total (a fee rule turned on meanwhile): its answer is in `check` before the customer presses again.
 */
export function useOrderCheck(token: string | null, lines: readonly StoredCartLine[], discountCode?: string) {
  const [check, setCheck] = useState<OrderCheck | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Only the latest question's answer is kept: an earlier one may arrive after it, for another address.
  const asked = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const askNow = useCallback(
    async (form: HTMLFormElement | null) => {
      clearTimeout(timer.current);
      if (!form || !token || lines.length === 0) return;
      const { postalCode, ...required } = addressFromForm(new FormData(form));
      const shippingAddress = { ...required, ...(postalCode ? { postalCode } : {}) };
      // The address schema's chunk is fetched at the first check (app/lib/checkout-checks.ts); unfetched
      // (offline), nothing is asked, as for a bad address: the checkout itself checks it again.
      const schemas = await checkoutSchemas();
      if (!schemas?.checkoutAddressSchema.safeParse(shippingAddress).success) return;
      const items = lines.map((line) => ({ productId: line.productId, size: line.size, quantity: line.quantity }));
      const question = ++asked.current;
      const answer = await api<OrderCheck>("/api/orders/check", {
        method: "POST",
        auth: token,
        json: { items, shippingAddress, ...(discountCode ? { discountCode } : {}) },
      });
      // Unanswered, the checkout itself still refuses what a rule refuses: nothing is said here.
      if (question === asked.current) setCheck(answer.ok ? answer.body : null);
    },
    [token, lines, discountCode],
  );
  const ask = useCallback(
    (form: HTMLFormElement | null) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void askNow(form), WAIT_MS);
    },
    [askNow],
  );
  return { check, ask, askNow };
}

export function OrderRuleNotice({ check }: { check: OrderCheck | null }) {
  if (!check || (check.refusal === null && check.notices.length === 0)) return null;
  return (
    <div aria-live="polite" className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      {check.refusal ? <p className="font-semibold">{check.refusal}</p> : null}
      {check.notices.map((notice) => (
        <p key={notice}>{notice}</p>
      ))}
    </div>
  );
}
