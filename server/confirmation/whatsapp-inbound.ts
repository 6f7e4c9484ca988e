// What a customer's press on WhatsApp does. Meta posts each event to the webhook (whatsapp-routes.ts
// checks its signature); this reads the presses out of it and answers each order once:
// - a template's quick-reply button arrives as a message of type "button" with `button.payload`
//   (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/button),
//   an interactive reply button as type "interactive" with `interactive.button_reply.id`
//   (…/webhooks/reference/messages/interactive); both inside `entry[].changes[].value.messages[]`;
// - Meta delivers at least once, so each message id (wamid) is claimed in whatsapp_inbound before
//   anything is done, and a delivery seen before is acknowledged without acting again;
// - the press must come from the order's own phone, the whole number compared in E.164 (Meta's
//   sender is its digits with the country code): a forwarded message pressed by someone else, or a
//   number abroad that merely ends in the same ten digits (+1 345 123 4567 for 0345 1234567), does
//   nothing;
// - a Confirm press from that number proves the phone for the order's account (whatsapp-phones.ts;
//   docs/decisions/024, "Phones"); a Cancel does not: it is what a stranger sent an order they never
//   placed presses, and it must not unlock the typed words of the next message to them.
// The answer itself is the confirmation service's, the same as the mailed link's. No HTTP here.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { CONFIRMATION_MESSAGES, type ConfirmAction } from "#shared/confirmation.ts";
import { mobileE164 } from "#shared/phone.ts";
import type { Db } from "../db/client.ts";
import { orders, whatsappInbound } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { replyAsks, startUpdates, stopUpdates } from "../whatsapp/opt-outs.ts";
import type { ConfirmationService } from "./service.ts";
import { readPressPayload } from "./whatsapp-message.ts";
import { provePhone } from "./whatsapp-phones.ts";

export interface WhatsAppPress {
  /** Meta's id of the customer's message (wamid). */
  messageId: string;
  /** The customer's number as WhatsApp knows it: digits with the country code. */
  from: string;
  action: ConfirmAction;
  token: string;
}

/** What became of a press, as kept in whatsapp_inbound.outcome (a replay is not kept again). */
export type PressOutcome =
  | "confirmed"
  | "cancelled"
  /** The same answer again, from another press (a second tap): nothing changed. */
  | "already-answered"
  | "too-late"
  | "wrong-sender"
  | "unknown"
  | "replay";

export interface PressResult {
  outcome: PressOutcome;
  /** Products whose stock came back (a cancellation): the catalogue must read them again. */
  restockedProductIds: string[];
}

export interface WhatsAppInbound {
  apply(press: WhatsAppPress): Promise<PressResult>;
}

// Only what is read is checked; the rest of Meta's event is left alone, so a field Meta adds
// later does not turn a press into an error. Ids and numbers are refused when they hold anything
// the database could not store.
const inboundMessage = z.object({
  id: z.string().regex(/^[\x21-\x7e]{1,256}$/),
  from: z.string().regex(/^\d{6,20}$/),
  type: z.string(),
  button: z.object({ payload: z.string() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  interactive: z.object({ button_reply: z.object({ id: z.string() }).optional() }).optional(),
});

const listAt = (value: unknown, key: string): unknown[] => {
  if (value === null || typeof value !== "object") return [];
  const list = (value as Record<string, unknown>)[key];
  return Array.isArray(list) ? list : [];
};

/** The presses of our buttons in a webhook event; statuses and every other message are ignored. */
export function pressesIn(event: unknown): WhatsAppPress[] {
  const presses: WhatsAppPress[] = [];
  for (const entry of listAt(event, "entry")) {
    for (const change of listAt(entry, "changes")) {
      const value = change !== null && typeof change === "object" ? (change as { value?: unknown }).value : undefined;
      for (const raw of listAt(value, "messages")) {
        const parsed = inboundMessage.safeParse(raw);
        if (!parsed.success) continue;
        const message = parsed.data;
        const payload =
          message.type === "button"
            ? message.button?.payload
            : message.type === "interactive"
              ? message.interactive?.button_reply?.id
              : undefined;
        const press = payload === undefined ? undefined : readPressPayload(payload);
        if (press) presses.push({ messageId: message.id, from: message.from, ...press });
      }
    }
  }
  return presses;
}

/** A text reply that turns parcel updates off or on again (issue 53): 'STOP', 'START'. */
export interface UpdatesReply {
  messageId: string;
  /** The customer's number in E.164 (+923001234567). */
  phone: string;
  asks: "stop" | "start";
}

/** The STOP and START replies in a webhook event (server/whatsapp/opt-outs.ts reads the words). */
export function updateRepliesIn(event: unknown): UpdatesReply[] {
  const replies: UpdatesReply[] = [];
  for (const entry of listAt(event, "entry")) {
    for (const change of listAt(entry, "changes")) {
      const value = change !== null && typeof change === "object" ? (change as { value?: unknown }).value : undefined;
      for (const raw of listAt(value, "messages")) {
        const parsed = inboundMessage.safeParse(raw);
        if (!parsed.success || parsed.data.type !== "text" || !parsed.data.text) continue;
        const asks = replyAsks(parsed.data.text.body);
        const phone = mobileE164(`+${parsed.data.from}`);
        if (asks && phone) replies.push({ messageId: parsed.data.id, phone, asks });
      }
    }
  }
  return replies;
}

/**
 * Applies a STOP or START once per message (Meta delivers at least once: a START replayed after a
 * later STOP must not undo it). Mails are not touched: only WhatsApp parcel updates stop.
 */
export async function applyUpdatesReply(db: Db, reply: UpdatesReply): Promise<boolean> {
  const claimed = await db
    .insert(whatsappInbound)
    .values({ messageId: reply.messageId, orderId: null, outcome: `updates-${reply.asks}` })
    .onConflictDoNothing()
    .returning({ messageId: whatsappInbound.messageId });
  if (claimed.length === 0) return false;
  if (reply.asks === "stop") await stopUpdates(db, reply.phone, "reply");
  else await startUpdates(db, reply.phone);
  return true;
}

/**
 * A claim still marked 'received' this long after it was made belongs to an instance that died
 * mid-press: Meta's next delivery of it may act (the answer itself acts at most once).
 */
const ABANDONED_CLAIM = sql`interval '5 minutes'`;

/** Meta's sender (wa_id) is the number's digits with its country code: 923001234567. */
const senderE164 = (from: string) => `+${from}`;

interface PressedOrder {
  id: string;
  userId: string;
  /** The order's number in E.164; undefined for one typed otherwise (no press can come from it). */
  phone: string | undefined;
}

export function createWhatsAppInbound(
  db: Db,
  confirmation: Pick<ConfirmationService, "orderOfToken" | "answerByToken">,
): WhatsAppInbound {
  /** Claims the message id; false when it was seen before (a replay). */
  async function claim(messageId: string, orderId: string | null): Promise<boolean> {
    const claimed = await db
      .insert(whatsappInbound)
      .values({ messageId, orderId, outcome: "received" })
      .onConflictDoUpdate({
        target: whatsappInbound.messageId,
        set: { receivedAt: sql`now()` },
        setWhere: sql`${whatsappInbound.outcome} = 'received' and ${whatsappInbound.receivedAt} < now() - ${ABANDONED_CLAIM}`,
      })
      .returning({ messageId: whatsappInbound.messageId });
    return claimed.length > 0;
  }

  async function decide(press: WhatsAppPress, order: PressedOrder | undefined) {
    const nothing = (outcome: PressOutcome): PressResult => ({ outcome, restockedProductIds: [] });
    if (!order) return nothing("unknown");
    const from = senderE164(press.from);
    if (order.phone === undefined || from !== order.phone) return nothing("wrong-sender");
    try {
      const answered = await confirmation.answerByToken(press.token, press.action, "whatsapp");
      // Confirmed now or before: the number's owner says the order is theirs.
      if (press.action === "confirm") await provePhone(db, order.userId, from);
      const again = [CONFIRMATION_MESSAGES.alreadyConfirmed, CONFIRMATION_MESSAGES.alreadyCancelled] as string[];
      return {
        outcome: again.includes(answered.message)
          ? "already-answered"
          : press.action === "confirm"
            ? "confirmed"
            : "cancelled",
        restockedProductIds: answered.restockedProductIds,
      } satisfies PressResult;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Confirmed, cancelled or delivered by someone else first; or the token expired meanwhile.
      return nothing(error.kind === "conflict" ? "too-late" : "unknown");
    }
  }

  return {
    async apply(press) {
      const orderId = await confirmation.orderOfToken(press.token);
      const [row] = orderId
        ? await db
            .select({ id: orders.id, userId: orders.userId, phoneNumber: orders.phoneNumber })
            .from(orders)
            .where(eq(orders.id, orderId))
        : [];
      const order = row && { id: row.id, userId: row.userId, phone: mobileE164(row.phoneNumber) };
      if (!(await claim(press.messageId, order?.id ?? null))) return { outcome: "replay", restockedProductIds: [] };
      try {
        const result = await decide(press, order);
        await db
          .update(whatsappInbound)
          .set({ outcome: result.outcome })
          .where(eq(whatsappInbound.messageId, press.messageId));
        return result;
      } catch (error) {
        // Not done: let Meta's retry of this delivery (the webhook answers 500) try again.
        await db
          .delete(whatsappInbound)
          .where(eq(whatsappInbound.messageId, press.messageId))
          .catch(() => undefined);
        throw error;
      }
    },
  };
}
