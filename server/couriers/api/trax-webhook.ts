// Trax's shipment status and payment status webhooks (API Documentation - SONIC, Version 2.0, §24 and
// §25): for each change Trax posts { tracking_number, status, date_time } ('Shipment-Arrived at origin',
// '2021-06-11 17:29:36', Karachi's time), the payment one with payment_id and a status such as
// 'Payment-Processed'. The document writes the body in PHP's array notation and does not name its
// encoding: a form-encoded body and JSON (one object or a list) are both read. A reason for a failed
// attempt is not in the document's example; `reason` or `status_reason` is kept when Trax sends one.
//
// SIGNATURE: the document describes none (no secret, no signing header; it retries 5 times with a
// 3 s timeout). So, as the shop's rule for a webhook its courier does not sign, the body must arrive
// with `X-Trax-Signature: <hex HMAC-SHA256 of the raw body, keyed with the owner's webhook secret>`
// ('sha256=<hex>' also read), compared in constant time; anything else is refused as 'credentials'.
// A payment webhook carries no amounts: it comes back as a status ('Payment - Processed', outcome
// noChange, the payment's id in the remark) telling the caller to read that parcel's payments().
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { readKarachiInstant } from "../csv-cells.ts";
import { CourierApiError, type ParcelStatus } from "./courier-api.ts";
import { traxOutcome } from "./trax-statuses.ts";

export const TRAX_SIGNATURE_HEADER = "x-trax-signature";

/** The signature the shop expects on a webhook's raw body (hex), for whatever signs Trax's posts. */
export function signTraxWebhook(rawBody: string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}

const id = z.union([z.string().min(1), z.number()]).transform(String);
const event = z.object({
  tracking_number: id,
  status: z.string().trim().min(1),
  date_time: z.string().nullish(),
  reason: z.string().nullish(),
  status_reason: z.string().nullish(),
  payment_id: id.nullish(),
});

type Headers = Record<string, string | string[] | undefined>;

function headerOf(headers: Headers, name: string): string | undefined {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}

function signedBy(rawBody: string, headers: Headers, secret: string): boolean {
  const given = (headerOf(headers, TRAX_SIGNATURE_HEADER) ?? "").trim().replace(/^sha256=/i, "");
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, "hex"), createHmac("sha256", secret).update(rawBody, "utf8").digest());
}

function eventsIn(rawBody: string, headers: Headers): unknown[] {
  const json = /json/i.test(headerOf(headers, "content-type") ?? "") || /^\s*[[{]/.test(rawBody);
  if (!json) return [Object.fromEntries(new URLSearchParams(rawBody))];
  try {
    const parsed: unknown = JSON.parse(rawBody);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [undefined];
  }
}

/** The statuses a signed Trax webhook reports; a bad or missing signature is refused before the body is read. */
export function parseTraxWebhook(rawBody: string, headers: Headers, secret: string): ParcelStatus[] {
  if (secret === "" || !signedBy(rawBody, headers, secret)) {
    throw new CourierApiError("credentials", "A Trax webhook came without the shop's signature: it was ignored.");
  }
  return eventsIn(rawBody, headers).map((raw) => {
    const parsed = event.safeParse(raw);
    if (!parsed.success) {
      throw new CourierApiError("badAnswer", "Trax posted a webhook in a shape its document does not describe.");
    }
    const { tracking_number, status, date_time, reason, status_reason, payment_id } = parsed.data;
    // '‘2021-06-11’, ‘17:29:36’' in the document's example: its quotes are not part of the time.
    const when = readKarachiInstant((date_time ?? "").replace(/[‘’'"]/g, ""));
    const remark = (reason ?? status_reason)?.trim() || (payment_id ? `payment ${payment_id}` : undefined);
    return {
      trackingNumber: tracking_number,
      status,
      outcome: traxOutcome(status),
      statusDate: when === "blank" || when === "unreadable" ? undefined : when,
      remark,
    };
  });
}
