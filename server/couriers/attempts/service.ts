// Rescuing a failed delivery (issue 49): the courier reports an attempt it could not make (a status
// file or its API); the customer is asked at once (mail, and WhatsApp when the shop has it) to choose:
// try again, correct the address or phone, or cancel. The answer goes back to the courier as shipper
// advice where its API has the call, else to the owner's queue to call the courier. Asking is queued
// in the transaction that recorded the attempt, so a crash loses no question; the advice is sent
// after the answer commits, outside any transaction, so a slow courier holds nothing.
// No HTTP here.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ATTEMPT_CHOICE_DONE,
  ATTEMPT_MESSAGES,
  type AttemptAnswerInput,
  type AttemptPage,
  type OwnerAttemptAnswer,
} from "#shared/delivery-attempts.ts";
import { ORDER_MESSAGES } from "#shared/orders.ts";
import { storedMobile } from "#shared/phone.ts";
import { listedArea } from "../../areas/service.ts";
import type { CourierApiConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { deliveryAttempts, mailOutbox, orderNotes } from "../../db/schema.ts";
import { conflict, invalid, notFound } from "../../domain-errors.ts";
import type { ShopContact } from "../../mail/order-contact.ts";
import { queueMails } from "../../mail/queue.ts";
import { tokenSigner } from "../../signed-tokens.ts";
import { connectCourier } from "../api/accounts.ts";
import { CourierApiError } from "../api/courier-api.ts";
import type { AttemptAction } from "../import-plan.ts";
import { accountHold, adviceOf, orderUser } from "./advice.ts";
import { attemptMail } from "./messages.ts";

/** A courier that publishes nothing on how long it holds a failed parcel: three days, as most do. */
export const DEFAULT_HOLD_HOURS = 72;

export interface AttemptDeps {
  db: Db;
  config: CourierApiConfig;
  shop: ShopContact;
  publicUrl: string;
  /** CONFIRM_LINK_SECRET when set: the links' key is derived from it (server/signed-tokens.ts). */
  secret: string | undefined;
  /** The shop has WhatsApp: the question goes there too. */
  whatsapp: boolean;
}

/** Records a failed attempt in the caller's transaction and queues the customer's question; null when already known. */
export type RecordAttempt = (tx: Db, courierId: string, action: AttemptAction) => Promise<string | null>;

// A raw statement's timestamps come back as text (drizzle sets both drivers' parsers so): coerced.
const pageRow = z.object({
  id: z.string(),
  order_id: z.string(),
  courier: z.string(),
  courier_status: z.string(),
  remark: z.string().nullable(),
  reported_at: z.coerce.date(),
  return_by: z.coerce.date(),
  state: z.enum(["asking", "answered", "advised", "to_call", "closed"]),
  choice: z.enum(["reattempt", "correct", "cancel"]).nullable(),
  order_status: z.string(),
  due_on_delivery: z.number(),
  email: z.string(),
});
type PageRow = z.output<typeof pageRow>;

const reasonOf = (row: { courier_status: string; remark: string | null }) =>
  row.remark ? `${row.courier_status} (${row.remark})` : row.courier_status;

export function createAttemptService(deps: AttemptDeps) {
  const { db } = deps;
  const signer = tokenSigner(db, "delivery_attempts", deps.secret);
  const tokenFor = async (id: string, via?: Db) => `${id}.${await signer.sign(id, via)}`;
  const urlFor = async (id: string, via?: Db) => `${deps.publicUrl}/delivery-attempt?token=${await tokenFor(id, via)}`;

  async function idOf(token: string): Promise<string> {
    const [id, mac, ...rest] = token.split(".");
    if (!id || !mac || rest.length > 0 || !z.uuid().safeParse(id).success || !(await signer.verify(id, mac))) {
      throw notFound(ATTEMPT_MESSAGES.deadLink);
    }
    return id;
  }

  async function readRow(tx: Db, id: string, lock = false): Promise<PageRow> {
    const [row] = await selectRows(
      tx,
      pageRow,
      sql`select a.id, a.order_id, c.name as courier, a.courier_status, a.remark, a.reported_at, a.return_by, a.state,
                 a.choice, o.status as order_status, o.due_on_delivery, u.email
          from delivery_attempts a join couriers c on c.id = a.courier_id join orders o on o.id = a.order_id
          join users u on u.id = o.user_id
          where a.id = ${id} ${lock ? sql`for update of a` : sql``}`,
    );
    if (!row) throw notFound(ATTEMPT_MESSAGES.notFound);
    return row;
  }

  const record: RecordAttempt = async (tx, courierId, action) => {
    const holdHours = (await accountHold(tx, courierId)) ?? DEFAULT_HOLD_HOURS;
    const reportedAt = action.at ? new Date(action.at) : new Date();
    const [row] = await tx
      .insert(deliveryAttempts)
      .values({
        orderId: action.orderId,
        courierId,
        trackingNumber: action.trackingNumber,
        courierStatus: action.status.slice(0, 200),
        remark: action.remark?.slice(0, 300) ?? null,
        reportedAt,
        returnBy: new Date(reportedAt.getTime() + holdHours * 3_600_000),
      })
      .onConflictDoNothing()
      .returning({ id: deliveryAttempts.id });
    if (!row) return null;
    const page = await readRow(tx, row.id);
    const news = {
      orderId: page.order_id,
      courier: page.courier,
      reason: reasonOf(page),
      returnBy: page.return_by,
      dueOnDelivery: page.due_on_delivery,
      url: await urlFor(row.id, tx),
    };
    await queueMails(tx, [attemptMail(news, page.email, deps.shop)]);
    if (deps.whatsapp)
      await tx.insert(mailOutbox).values({ kind: "whatsapp_delivery_attempt", orderId: page.order_id });
    return row.id;
  };

  function pageOf(row: PageRow): AttemptPage {
    const open = row.order_status === "dispatched" && row.state !== "closed";
    return {
      order: row.order_id,
      courier: row.courier,
      reason: reasonOf(row),
      reportedAt: row.reported_at.toISOString(),
      returnBy: row.return_by.toISOString(),
      dueOnDelivery: row.due_on_delivery,
      canAnswer: open && row.state === "asking",
      choice: row.choice,
      notice: !open ? ATTEMPT_MESSAGES.notOpen : row.choice ? ATTEMPT_MESSAGES.alreadyAnswered : null,
    };
  }

  /**
   * The choice, recorded under the attempt's lock (two presses: the second finds it answered), with
   * a note on the order; then the advice goes to the courier.
   */
  async function answer(
    id: string,
    input: OwnerAttemptAnswer,
    via: "link" | "whatsapp" | "owner",
    authorUserId: string | null,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await readRow(tx, id, true);
      if (row.order_status !== "dispatched" || row.state === "closed") throw conflict(ATTEMPT_MESSAGES.notOpen);
      // The owner may answer for a customer who phoned, or change the answer before advice is sent.
      const open = via === "owner" ? ["asking", "to_call"].includes(row.state) : row.state === "asking";
      if (!open) throw conflict(ATTEMPT_MESSAGES.alreadyAnswered);
      const correction = input.choice === "correct" ? await correctionOf(tx, input) : null;
      await tx
        .update(deliveryAttempts)
        .set({
          state: "answered",
          choice: input.choice,
          correction,
          answeredAt: sql`now()`,
          answeredVia: via,
          adviceError: null,
        })
        .where(eq(deliveryAttempts.id, id));
      const said = correction
        ? `${correction.address}, ${correction.area}${correction.landmark ? `, near ${correction.landmark}` : ""}; ${correction.phone}`
        : "";
      const who = via === "owner" ? "The owner (by phone)" : "The customer";
      await tx.insert(orderNotes).values({
        orderId: row.order_id,
        authorUserId: authorUserId ?? (await orderUser(tx, row.order_id)),
        body: `Delivery attempt “${reasonOf(row)}”: ${who} chose: ${ATTEMPT_CHOICE_DONE[input.choice]}${said ? ` (${said})` : ""}.`,
      });
    });
    await advise(id);
  }

  /** Sends the answer to the courier as shipper advice; without the call (or when it fails), the owner's queue says to call. */
  async function advise(id: string): Promise<void> {
    const row = await selectRows(
      db,
      z.object({
        courier_id: z.string(),
        tracking_number: z.string().nullable(),
        choice: z.enum(["reattempt", "correct", "cancel"]),
        correction: z
          .object({ address: z.string(), area: z.string(), landmark: z.string().nullable(), phone: z.string() })
          .nullable(),
      }),
      sql`select courier_id::text, tracking_number, choice, correction from delivery_attempts
          where id = ${id} and state in ('answered', 'to_call') and choice is not null`,
    );
    const attempt = row[0];
    if (!attempt) return;
    let error: string | null = null;
    try {
      const connected = await connectCourier(db, deps.config, attempt.courier_id);
      if (!connected) error = "This courier has no API: call it with the customer's answer.";
      else if (!connected.api.advise)
        error = `${connected.label} publishes no advice call: call it with the customer's answer.`;
      else if (!attempt.tracking_number) error = "The parcel has no tracking number: call the courier.";
      else await connected.api.advise(attempt.tracking_number, adviceOf(attempt.choice, attempt.correction));
    } catch (failure) {
      error = failure instanceof CourierApiError || failure instanceof Error ? failure.message : String(failure);
    }
    await db
      .update(deliveryAttempts)
      .set(
        error === null
          ? { state: "advised", advisedAt: sql`now()`, adviceError: null }
          : { state: "to_call", adviceError: error.slice(0, 500) },
      )
      .where(and(eq(deliveryAttempts.id, id), sql`${deliveryAttempts.state} in ('answered', 'to_call')`));
  }

  async function correctionOf(tx: Db, input: OwnerAttemptAnswer) {
    const phone = input.phoneNumber ? storedMobile(input.phoneNumber.replace(/[\s-]/g, "")) : undefined;
    if (!input.addressLine || !input.area || !phone) throw invalid(ORDER_MESSAGES.invalidPhone);
    return {
      address: input.addressLine,
      area: await listedArea(tx, input.area, "area"),
      landmark: input.landmark ?? null,
      phone,
    };
  }

  return {
    record,
    urlFor,
    async page(token: string): Promise<AttemptPage> {
      return pageOf(await readRow(db, await idOf(token)));
    },
    async answerByLink(input: AttemptAnswerInput): Promise<AttemptPage> {
      const { token, ...rest } = input;
      const id = await idOf(token);
      await answer(id, rest, "link", null);
      return pageOf(await readRow(db, id));
    },
    ownerAnswer: (id: string, input: OwnerAttemptAnswer, actorUserId: string) =>
      answer(id, input, "owner", actorUserId),
    advise,
    async close(id: string, actorUserId: string): Promise<void> {
      const closed = await db
        .update(deliveryAttempts)
        .set({ state: "closed", closedAt: sql`now()`, closedBy: actorUserId })
        .where(and(eq(deliveryAttempts.id, id), sql`${deliveryAttempts.state} <> 'closed'`))
        .returning({ id: deliveryAttempts.id });
      if (closed.length === 0) throw notFound(ATTEMPT_MESSAGES.notFound);
    },
  };
}
export type AttemptService = ReturnType<typeof createAttemptService>;
