// [Ours] The advance's calls from Track Your Order and the owner's order page (issue 50,
// server/payments/receipt-routes.ts).
import type { AdminAdvance, CustomerAdvance } from "#shared/advance-receipts.ts";
import type { HostedPaymentStart } from "#shared/hosted-payments.ts";
import type { PaymentKind } from "#shared/payment-accounts.ts";
import { api, apiUpload } from "./api-client.ts";

const orderPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`;
const adminPath = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}`;

export const customerAdvance = (orderId: string) =>
  api<CustomerAdvance>(`${orderPath(orderId)}/advance`, { auth: true });

/** JazzCash's signed form for this order's advance (server/payments/hosted-routes.ts). */
export const startJazzCash = (orderId: string) =>
  api<HostedPaymentStart>(`${orderPath(orderId)}/advance/jazzcash`, { method: "POST", auth: true });

/**
 * The receipt: with a photo, the photo is the body (its progress heard on a slow link) and the fields
 * ride in the query; without, the fields as JSON. Answers the customer's view as it now is.
 */
export function sendReceipt(
  orderId: string,
  receipt: { method: PaymentKind; transactionId: string },
  photo: Blob | null,
  options: { onProgress: (sent: number) => void; signal?: AbortSignal },
) {
  if (!photo) {
    return api<CustomerAdvance & { message: string }>(`${orderPath(orderId)}/advance-receipts`, {
      method: "POST",
      json: receipt,
      auth: true,
      signal: options.signal,
    });
  }
  const query = new URLSearchParams({ method: receipt.method });
  if (receipt.transactionId.trim() !== "") query.set("transactionId", receipt.transactionId);
  return apiUpload<CustomerAdvance & { message: string }>(
    `${orderPath(orderId)}/advance-receipts?${query}`,
    photo,
    options,
  );
}

export const ownerAdvance = (orderId: string) => api<AdminAdvance>(`${adminPath(orderId)}/advance`, { auth: true });

export const verifyAdvance = (orderId: string) =>
  api<AdminAdvance>(`${adminPath(orderId)}/advance/verify`, { method: "POST", auth: true });

export const rejectReceipt = (orderId: string, reason: string) =>
  api<AdminAdvance>(`${adminPath(orderId)}/advance/reject`, { method: "POST", json: { reason }, auth: true });

export const receiptPhotoPath = (orderId: string, receiptId: string) =>
  `${adminPath(orderId)}/advance-receipts/${encodeURIComponent(receiptId)}/photo`;
