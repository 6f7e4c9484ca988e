// The customer's side of an exchange (issue 33): which pairs of an order can still be exchanged, the
// sizes its shoe comes in now (GET /api/products/{id}), the size to suggest for the reason given,
// and the two calls: a photo first, for the order (POST /api/orders/{id}/exchange-photos), then the
// request that names it.
import { useEffect, useState } from "react";
import type { Product, SizeStock } from "#shared/catalog.ts";
import {
  EXCHANGE_MESSAGES,
  EXCHANGE_PHOTO_MAX_BYTES,
  EXCHANGE_PHOTO_TYPES,
  type ExchangeReason,
} from "#shared/exchange-words.ts";
import type { Order, OrderItem } from "#shared/orders.ts";
import { type ApiResult, api, apiUpload } from "./api-client.ts";

/** An order's pair with its line number (the order's items come in line order, from 1). */
export interface ExchangeablePair {
  lineNo: number;
  item: OrderItem;
  /** A request for it is waiting or approved: it cannot be asked again. */
  asked: boolean;
}

export function pairsOf(order: Order): ExchangeablePair[] {
  const open = new Set(
    order.exchanges.requests.filter((r) => r.status === "requested" || r.status === "approved").map((r) => r.lineNo),
  );
  return order.items.map((item, index) => ({ lineNo: index + 1, item, asked: open.has(index + 1) }));
}

/** The size a reason points to, when the shoe has it in stock: one up when too small, one down when too large. */
export function suggestedSize(size: number, reason: ExchangeReason | null, sizes: SizeStock[]): number | null {
  const wanted =
    reason === "too_small" ? size + 1 : reason === "too_large" ? size - 1 : reason === "faulty" ? size : null;
  return sizes.some((s) => s.size === wanted && s.stock > 0) ? wanted : null;
}

/** Why a chosen file cannot be a photo, before it is shrunk; undefined when it can. */
export function photoTypeProblem(file: File): string | undefined {
  if (!(EXCHANGE_PHOTO_TYPES as readonly string[]).includes(file.type))
    return `${file.name}: ${EXCHANGE_MESSAGES.photoType}`;
  return undefined;
}

/** Why a photo as it would be sent (shrunk on the phone, or not) cannot be; undefined when it can. */
export function photoSizeProblem(name: string, upload: Blob): string | undefined {
  return upload.size > EXCHANGE_PHOTO_MAX_BYTES ? `${name}: ${EXCHANGE_MESSAGES.photoTooBig}` : undefined;
}

/**
 * Whether sending the photo again may work: not when the shop refused the photo itself, its order
 * or the account's quota for now (4xx), but after a lost connection, a timeout or a busy shop.
 */
export const uploadRetryable = (status: number) => status === 0 || status === 408 || status >= 500;

export type ProductSizes =
  | { state: "loading" }
  | { state: "ready"; sizes: SizeStock[] }
  | { state: "failed"; message: string };

/** The sizes the shoe is offered in, with stock now; `generation` asks again (after a size sold out). */
export function useProductSizes(productId: string | null, generation: number): ProductSizes {
  const [read, setRead] = useState<{ productId: string; sizes: ProductSizes } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the reload trigger
  useEffect(() => {
    if (!productId) return;
    const controller = new AbortController();
    // `{ product }`, as the original system's backend answers.
    const path = `/api/products/${encodeURIComponent(productId)}`;
    api<{ product?: Product }>(path, { signal: controller.signal }).then((answer) => {
      if (controller.signal.aborted) return;
      const offered = answer.ok ? answer.body.product?.sizes : undefined;
      const sizes: ProductSizes = Array.isArray(offered)
        ? { state: "ready", sizes: offered }
        : {
            state: "failed",
            message:
              answer.status === 404
                ? "This shoe is no longer sold, so we cannot offer another size here: please write to us."
                : (answer.error?.message ?? "The shop sent no sizes."),
          };
      setRead({ productId, sizes });
    });
    return () => controller.abort();
  }, [productId, generation]);
  // A read again keeps the sizes on screen meanwhile; another shoe's sizes are never shown.
  return read && read.productId === productId ? read.sizes : { state: "loading" };
}

/**
 * Answers 202 `{ _id }`: the photo is kept and decoded shortly after; the request can name it at once.
 * `onProgress` hears the share sent (0-1): on a slow link a photo takes seconds.
 */
export const uploadExchangePhoto = (
  orderId: string,
  photo: Blob,
  options: { onProgress: (sent: number) => void; signal?: AbortSignal },
) => apiUpload<{ _id: string }>(`/api/orders/${encodeURIComponent(orderId)}/exchange-photos`, photo, options);

interface ExchangeAsk {
  lineNo: number;
  reason: ExchangeReason;
  wantedSize: number;
  note: string;
  photoIds: string[];
}

export const requestExchange = (
  orderId: string,
  ask: ExchangeAsk,
): Promise<ApiResult<{ message: string; order: Order }>> =>
  api(`/api/orders/${encodeURIComponent(orderId)}/exchanges`, { method: "POST", json: ask, auth: true });
