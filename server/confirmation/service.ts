// The customer's confirmation of a cash-on-delivery order (docs/decisions/017-order-confirmation.md):
// the customer answers (signed in, by the mailed link, or on WhatsApp), the owner holds or sets the
// times, and the sweep reminds once and cancels what nobody answered. Every answer acts only on a
// pending order, under the order row's lock, so a press delivered twice, two instances sweeping at
// once, or a press racing the sweep each end in one move and one stock return. No HTTP here.

import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import {
  CONFIRMATION_EVENT_CHANNELS,
  CONFIRMATION_EVENT_KINDS,
  CONFIRMATION_MESSAGES,
  type ConfirmAction,
  type ConfirmationAnswer,
  type ConfirmationEvent,
  type ConfirmationEventChannel,
  type ConfirmationEventKind,
  type ConfirmationLinkView,
  type ConfirmationSettings,
  type ConfirmationSettingsSaved,
  DEFAULT_CONFIRMATION_SETTINGS,
  tooLateMessage,
} from "#shared/confirmation.ts";
import type { OrderStatus } from "#shared/order-life.ts";
import type { AnswerChannel, Order } from "#shared/orders.ts";
import { proveEmail } from "../accounts/verification.ts";
import type { Db } from "../db/client.ts";
import { idRow } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { confirmationSettings, orderConfirmationEvents, orders, users } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import type { OutboxEntry } from "../mail/outbox.ts";
import { moveOrder, refusedStatus } from "../orders/life/moves.ts";
import { loadOrder, RECEIPT_WAITING } from "../orders/service.ts";
import type { ConfirmationLinks } from "./links.ts";

export interface ConfirmationDeps {
  links: ConfirmationLinks;
  shop: ShopContact;
  /** The shop sends requests on WhatsApp too: the sweep's reminder goes there as well. */
  whatsapp: boolean;
}

export interface AnswerOutcome extends ConfirmationAnswer {
  /** Products whose stock came back (a cancellation): the catalogue must read them again. */
  restockedProductIds: string[];
}

export interface SweepOutcome {
  reminded: string[];
  cancelled: string[];
  restockedProductIds: string[];
}

export interface ConfirmationService {
  /** A signed-in customer's answer on the success page or Track Order; another's order is not found. */
  answerOwn(userId: string, orderId: string, action: ConfirmAction): Promise<AnswerOutcome>;
  /** What the mailed link shows before anything is pressed. */
  view(token: string): Promise<ConfirmationLinkView>;
  /** A press on the link's page or a WhatsApp button. */
  answerByToken(token: string, action: ConfirmAction, via: Exclude<AnswerChannel, "shop">): Promise<AnswerOutcome>;
  /** The order a token names, if it is genuine and unexpired (the WhatsApp webhook's check). */
  orderOfToken(token: string): Promise<string | undefined>;
  settings(): Promise<ConfirmationSettings>;
  /**
   * New times, for orders placed from now on; the answer counts the orders waiting for the customer
   * that keep other times (the ones they were told), so the owner is told (issue 46).
   */
  saveSettings(settings: ConfirmationSettings): Promise<ConfirmationSettingsSaved>;
  /** The times an order was placed under (what its mails say); the owner's current ones for an order without. */
  timesOf(orderId: string): Promise<ConfirmationSettings>;
  /** The owner holds (no reminder, no automatic cancellation) or releases an unconfirmed order. */
  hold(orderId: string, adminId: string, held: boolean): Promise<void>;
  history(orderId: string): Promise<ConfirmationEvent[]>;
  /** Reminds and cancels what is due at `now`; safe to run on every instance at once. */
  sweep(now: Date): Promise<SweepOutcome>;
  /** The outbox sent these: the history records the request or reminder and its channel. */
  recordSent(entries: OutboxEntry[]): Promise<void>;
}

const SWEEP_BATCH = 200;
const EXPIRED_REASON = "Not confirmed by the customer in time";
const ADVANCE_EXPIRED_REASON = "The advance was not paid in time";

/** What the outbox's kinds are in the history. */
const SENT_AS: Record<string, { kind: ConfirmationEventKind; channel: ConfirmationEventChannel }> = {
  order_confirmation: { kind: "asked", channel: "mail" },
  whatsapp_confirm: { kind: "asked", channel: "whatsapp" },
  confirm_reminder: { kind: "reminded", channel: "mail" },
  whatsapp_reminder: { kind: "reminded", channel: "whatsapp" },
};

const countRow = z.object({ n: z.number() });
const timesRow = z.object({ remind: z.number(), cancel: z.number() });

const historyRow = z.object({
  kind: z.enum(CONFIRMATION_EVENT_KINDS),
  channel: z.enum(CONFIRMATION_EVENT_CHANNELS).nullable(),
  at_ms: z.number(),
  actor: z.string().nullable(),
});

export function createConfirmationService(db: Db, deps: ConfirmationDeps): ConfirmationService {
  async function answer(
    orderId: string,
    action: ConfirmAction,
    via: AnswerChannel,
    customerId: string,
  ): Promise<AnswerOutcome> {
    const to: OrderStatus = action === "confirm" ? "confirm" : "cancelled";
    let restockedProductIds: string[] = [];
    let message: string = action === "confirm" ? CONFIRMATION_MESSAGES.confirmed : CONFIRMATION_MESSAGES.cancelled;
    try {
      const moved = await moveOrder(db, orderId, "customerAnswers", to, {
        actorUserId: customerId,
        answeredVia: via,
        reason: action === "cancel" ? "Cancelled by the customer" : undefined,
        confirmationEvent: action === "confirm" ? "confirmed" : "cancelled",
      });
      restockedProductIds = moved.restockedProductIds;
    } catch (error) {
      const current = refusedStatus(error);
      // Refused while still pending: its advance is unpaid, and the refusal says how to pay it.
      if (current === undefined || current === "pending") throw error;
      // The same press again (a second tap, Meta delivering twice): the outcome, not an error.
      if (current !== to) throw conflict(tooLateMessage(current, deps.shop));
      message = action === "confirm" ? CONFIRMATION_MESSAGES.alreadyConfirmed : CONFIRMATION_MESSAGES.alreadyCancelled;
    }
    const order = await loadOrder(db, orderId);
    if (!order) throw notFound(CONFIRMATION_MESSAGES.orderNotFound);
    return { order, message, restockedProductIds };
  }

  async function checkedOrder(token: string): Promise<{ orderId: string; userId: string; mailed: boolean }> {
    const checked = await deps.links.check(token);
    if (!checked.ok) {
      throw invalid(
        checked.reason === "expired" ? CONFIRMATION_MESSAGES.linkExpired : CONFIRMATION_MESSAGES.linkInvalid,
      );
    }
    const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, checked.orderId));
    if (!row) throw notFound(CONFIRMATION_MESSAGES.orderNotFound);
    return { orderId: checked.orderId, userId: row.userId, mailed: checked.mailed };
  }

  function viewOf(order: Order): ConfirmationLinkView {
    if (order.status === "pending") return { order, canAnswer: true };
    const message =
      order.status === "confirm"
        ? CONFIRMATION_MESSAGES.alreadyConfirmed
        : order.status === "cancelled"
          ? CONFIRMATION_MESSAGES.alreadyCancelled
          : tooLateMessage(order.status, deps.shop);
    return { order, canAnswer: false, message };
  }

  async function cancelExpired(orderId: string): Promise<string[] | undefined> {
    try {
      return await db.transaction(async (tx) => {
        // Still unheld and still due under the lock: the owner may have held it since it was read.
        const [due] = await tx
          .select({ id: orders.id, advanceAmount: orders.advanceAmount })
          .from(orders)
          .where(and(eq(orders.id, orderId), isNull(orders.heldAt)))
          .for("update");
        if (!due) return undefined;
        // A receipt sent since the read waits for the owner (the receipt's insert locks the order
        // row first, server/payments/receipts.ts): then it does not lapse.
        const [waiting] = await selectRows(
          tx,
          idRow,
          sql`select o.id from orders o where o.id = ${orderId} and ${RECEIPT_WAITING}`,
        );
        if (waiting) return undefined;
        // The move queues the expired mail (ORDER_MOVES.confirmationExpires).
        const moved = await moveOrder(db, orderId, "confirmationExpires", "cancelled", {
          tx,
          actorUserId: null,
          reason: due.advanceAmount > 0 ? ADVANCE_EXPIRED_REASON : EXPIRED_REASON,
          confirmationEvent: "expired",
        });
        return moved.restockedProductIds;
      });
    } catch (error) {
      // Answered or cancelled by someone else between the read and the lock: nothing to do.
      if (refusedStatus(error) !== undefined) return undefined;
      throw error;
    }
  }

  async function currentSettings(): Promise<ConfirmationSettings> {
    const [row] = await db
      .select({
        remindAfterMinutes: confirmationSettings.remindAfterMinutes,
        cancelAfterMinutes: confirmationSettings.cancelAfterMinutes,
      })
      .from(confirmationSettings);
    return row ?? { ...DEFAULT_CONFIRMATION_SETTINGS };
  }

  return {
    async answerOwn(userId, orderId, action) {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!row) throw notFound(CONFIRMATION_MESSAGES.orderNotFound);
      return answer(orderId, action, "shop", userId);
    },

    async view(token) {
      const { orderId } = await checkedOrder(token);
      const order = await loadOrder(db, orderId);
      if (!order) throw notFound(CONFIRMATION_MESSAGES.orderNotFound);
      return viewOf(order);
    },

    async answerByToken(token, action, via) {
      const { orderId, userId, mailed } = await checkedOrder(token);
      // Confirming from the link that reached the account's e-mail proves that address (decision
      // 024), whatever the order's state by now. Not a cancel: someone who did not order may well
      // press that on a mail they did not expect, and it must not unlock the next mail's words.
      if (via === "link" && mailed && action === "confirm") await proveEmail(db, userId);
      return answer(orderId, action, via, userId);
    },

    async orderOfToken(token) {
      const checked = await deps.links.check(token);
      return checked.ok ? checked.orderId : undefined;
    },

    settings: currentSettings,

    async saveSettings(settings) {
      return db.transaction(async (tx) => {
        await tx
          .insert(confirmationSettings)
          .values({ id: 1, ...settings })
          .onConflictDoUpdate({ target: confirmationSettings.id, set: { ...settings, updatedAt: sql`now()` } });
        // Held ones too: released, they go on with their own times.
        const [kept] = await selectRows(
          tx,
          countRow,
          sql`select count(*)::int as n from orders
              where status = 'pending'
                and (remind_at <> created_at + make_interval(mins => ${settings.remindAfterMinutes}::int)
                     or cancel_at <> created_at + make_interval(mins => ${settings.cancelAfterMinutes}::int))`,
        );
        return { ...settings, keptOrders: kept?.n ?? 0 };
      });
    },

    async timesOf(orderId) {
      const [row] = await selectRows(
        db,
        timesRow,
        sql`select round(extract(epoch from remind_at - created_at) / 60)::int as remind,
                   round(extract(epoch from cancel_at - created_at) / 60)::int as cancel
            from orders where id = ${orderId} and cancel_at is not null`,
      );
      return row ? { remindAfterMinutes: row.remind, cancelAfterMinutes: row.cancel } : currentSettings();
    },

    async hold(orderId, adminId, held) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: orders.status, heldAt: orders.heldAt })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for("update");
        if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
        if (row.status !== "pending") throw conflict("Only an order waiting for the customer can be held or released.");
        if ((row.heldAt !== null) === held) return; // already so: nothing to record
        await tx
          .update(orders)
          .set({ heldAt: held ? sql`now()` : null, updatedAt: sql`now()` })
          .where(eq(orders.id, orderId));
        await tx
          .insert(orderConfirmationEvents)
          .values({ orderId, kind: held ? "held" : "released", channel: "owner", actorUserId: adminId });
      });
    },

    async history(orderId) {
      const rows = await db
        .select({
          kind: orderConfirmationEvents.kind,
          channel: orderConfirmationEvents.channel,
          at_ms: sql<number>`(extract(epoch from ${orderConfirmationEvents.createdAt}) * 1000)::float8`,
          actor: users.username,
        })
        .from(orderConfirmationEvents)
        .leftJoin(users, eq(users.id, orderConfirmationEvents.actorUserId))
        .where(eq(orderConfirmationEvents.orderId, orderId))
        .orderBy(asc(orderConfirmationEvents.createdAt), asc(orderConfirmationEvents.id));
      return rows.map((raw) => {
        const row = historyRow.parse(raw);
        // The customer's own name is on the order; only the owner's is worth naming here.
        const byOwner = row.kind === "held" || row.kind === "released";
        return {
          kind: row.kind,
          channel: row.channel,
          at: new Date(row.at_ms).toISOString(),
          actor: byOwner ? row.actor : null,
        };
      });
    },

    async sweep(now) {
      const reminderKinds = `{${["confirm_reminder", ...(deps.whatsapp ? ["whatsapp_reminder"] : [])].join(",")}}`;
      // One statement: claim the due orders (skip locked: another instance's claim), mark them
      // reminded and queue the reminders, so a reminder is owed exactly once, whoever sweeps.
      const reminded = await selectRows(
        db,
        idRow,
        // Each order by its own times (issue 46): a change of the owner's times moves no order placed before it.
        sql`with due as (
                   select o.id from orders o
                   where o.status = 'pending' and o.held_at is null and o.reminded_at is null
                     and o.remind_at <= ${now}::timestamptz and o.cancel_at > ${now}::timestamptz
                     and not ${RECEIPT_WAITING}
                   order by o.remind_at limit ${SWEEP_BATCH}
                   for update of o skip locked),
                 marked as (update orders o set reminded_at = ${now}::timestamptz from due where o.id = due.id returning o.id),
                 queued as (insert into mail_outbox (kind, order_id)
                            select kind, marked.id from marked, unnest(${reminderKinds}::text[]) as k(kind))
            select id from marked`,
      );
      const due = await selectRows(
        db,
        idRow,
        sql`select o.id from orders o
            where o.status = 'pending' and o.held_at is null and o.cancel_at <= ${now}::timestamptz
              and not ${RECEIPT_WAITING}
            order by o.cancel_at limit ${SWEEP_BATCH}`,
      );
      const cancelled: string[] = [];
      const restocked = new Set<string>();
      for (const { id } of due) {
        const products = await cancelExpired(id);
        if (!products) continue;
        cancelled.push(id);
        for (const productId of products) restocked.add(productId);
      }
      return { reminded: reminded.map((row) => row.id), cancelled, restockedProductIds: [...restocked] };
    },

    async recordSent(entries) {
      const rows = entries.flatMap((entry) => {
        const as = SENT_AS[entry.kind];
        // Dated when it was queued, so the history reads in the order things happened even when
        // the customer answered before the send was noted.
        return as
          ? [{ orderId: entry.order_id, kind: as.kind, channel: as.channel, createdAt: new Date(entry.queued_ms) }]
          : [];
      });
      if (rows.length > 0) await db.insert(orderConfirmationEvents).values(rows);
    },
  };
}
