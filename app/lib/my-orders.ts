// The signed-in customer's orders (GET /api/orders/track), for the success page and Track Your
// Order: read when a token exists (docs/product.md section 6), read again on demand, and one order
// replaced by the answer to a confirm or cancel. The signed-in answer is sent from here too.
import { useCallback, useEffect, useState } from "react";
import type { ConfirmAction, ConfirmationAnswer } from "#shared/confirmation.ts";
import type { Order } from "#shared/orders.ts";
import { type ApiResult, api } from "./api-client.ts";

export type MyOrders =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "succeeded"; orders: Order[] }
  | { status: "failed"; error: string };

export function useMyOrders(token: string | null) {
  const [state, setState] = useState<MyOrders>({ status: "idle" });
  const [reads, setReads] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` asks for the list once more
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    // A second read keeps the list on screen meanwhile.
    setState((now) => (now.status === "succeeded" ? now : { status: "loading" }));
    api<unknown>("/api/orders/track", { auth: token, signal: controller.signal }).then((response) => {
      if (controller.signal.aborted) return;
      if (response.ok && Array.isArray(response.body))
        setState({ status: "succeeded", orders: response.body as Order[] });
      else setState({ status: "failed", error: response.error?.message ?? "The shop sent no order list." });
    });
    return () => controller.abort();
  }, [token, reads]);

  const reload = useCallback(() => setReads((n) => n + 1), []);
  const replace = useCallback((order: Order) => {
    setState((now) =>
      now.status === "succeeded"
        ? { status: "succeeded", orders: now.orders.map((o) => (o._id === order._id ? order : o)) }
        : now,
    );
  }, []);
  return { state, reload, replace };
}

/** A signed-in customer's confirm or cancel of their own order. */
export function answerOwnOrder(orderId: string, action: ConfirmAction): Promise<ApiResult<ConfirmationAnswer>> {
  return api<ConfirmationAnswer>(`/api/orders/${encodeURIComponent(orderId)}/answer`, {
    method: "POST",
    json: { action },
    auth: true,
  });
}
