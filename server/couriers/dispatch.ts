// Handing parcels to a courier (issue 32): a confirmed order moves to `dispatched` with its parcel
// (courier, tracking number, the cash to collect) in one transaction, one order or a batch, by hand
// or from a courier's booking export (imports.ts). The shop's own rider settles the cash by hand.
// No HTTP here.

import { and, eq, sql } from "drizzle-orm";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { COURIER_MESSAGES } from "#shared/couriers.ts";
import { statusIs } from "#shared/order-life.ts";
import { orderNumber } from "#shared/orders.ts";
import type { Db } from "../db/client.ts";
import { constraintOf, sqlState } from "../db/errors.ts";
import { orderStatusColumn } from "../db/row-schemas.ts";
import { orders, parcels } from "../db/schema.ts";
import { conflict, DomainError, invalid, notFound } from "../domain-errors.ts";
import { moveOrder } from "../orders/life/moves.ts";
import type { TellCustomer } from "../orders/life/status-mail.ts";
import { type CourierRow, findCourier } from "./couriers.ts";

export interface ParcelToDispatch {
  orderId: string;
  trackingNumber?: string | undefined;
  /** The weight a booking file gave, for a courier that charges by weight. */
  weightGrams?: number | undefined;
}

export interface DispatchOptions {
  actorUserId: string;
  /** The whole dispatch runs inside this transaction (an import); otherwise in its own. */
  tx?: Db | undefined;
  importId?: string | undefined;
  /** Queues each customer's 'on its way' mail, once the parcel it names is recorded. */
  tellCustomer: TellCustomer;
}

/**
 * Dispatches each order with the courier, all or none: a refused order (not confirmed, a number
 * missing or already used) refuses the batch, with the order's number in the message.
 */
export async function dispatchParcels(
  db: Db,
  courierId: string,
  batch: ParcelToDispatch[],
  options: DispatchOptions,
): Promise<void> {
  const run = async (tx: Db) => {
    const courier = await findCourier(tx, courierId);
    if (!courier.active) throw conflict(COURIER_MESSAGES.inactive);
    checkBatch(courier, batch);
    for (const parcel of batch) {
      try {
        await dispatchOne(tx, courier, parcel, options);
      } catch (error) {
        // In a batch, the owner needs to know which order refused it.
        if (batch.length > 1 && error instanceof DomainError) {
          throw new DomainError(error.kind, `${orderNumber(parcel.orderId)}: ${error.message}`);
        }
        throw error;
      }
    }
  };
  await (options.tx ? run(options.tx) : db.transaction(run));
}

function checkBatch(courier: CourierRow, batch: ParcelToDispatch[]): void {
  if (batch.length === 0) throw invalid(COURIER_MESSAGES.batchEmpty);
  if (new Set(batch.map((p) => p.orderId)).size !== batch.length) throw invalid(COURIER_MESSAGES.batchDuplicate);
  const numbers = batch.map((p) => p.trackingNumber).filter((n): n is string => Boolean(n));
  if (new Set(numbers.map((n) => n.toUpperCase())).size !== numbers.length) {
    throw invalid(COURIER_MESSAGES.batchNumbersRepeat);
  }
  if (!courier.ownRider && numbers.length !== batch.length) {
    throw invalid(COURIER_MESSAGES.numberNeeded, { trackingNumber: COURIER_MESSAGES.numberNeeded });
  }
}

async function dispatchOne(tx: Db, courier: CourierRow, parcel: ParcelToDispatch, options: DispatchOptions) {
  const trackingNumber = courier.ownRider ? null : (parcel.trackingNumber ?? null);
  if (trackingNumber !== null) await refuseTakenNumber(tx, courier.id, trackingNumber);
  const [order] = await tx
    .select({ status: orders.status, due: orders.dueOnDelivery })
    .from(orders)
    .where(eq(orders.id, parcel.orderId));
  if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
  const status = orderStatusColumn.parse(order.status);
  if (statusIs(status, "withCourier")) throw conflict(COURIER_MESSAGES.alreadyDispatched);
  if (!statusIs(status, "dispatchable")) throw conflict(COURIER_MESSAGES.notDispatchable);
  // The move locks the order row and checks the status again under the lock; the parcel is
  // recorded in the move, before its 'on its way' mail, which names the courier and the number.
  await moveOrder(tx, parcel.orderId, "dispatch", "dispatched", {
    actorUserId: options.actorUserId,
    reason: trackingNumber ? `${courier.name} ${trackingNumber}` : courier.name,
    tx,
    tellCustomer: options.tellCustomer,
    alsoRecord: async () => {
      try {
        await tx.insert(parcels).values({
          orderId: parcel.orderId,
          courierId: courier.id,
          trackingNumber,
          dispatchedBy: options.actorUserId,
          // What the rider collects at the door: the total less a paid advance (issue 50).
          codAmount: order.due,
          weightGrams: parcel.weightGrams ?? null,
          importId: options.importId ?? null,
        });
      } catch (error) {
        // Two owners typing the same number at once: the unique index decides.
        if (sqlState(error) === "23505" && constraintOf(error) === "parcels_tracking_idx") {
          throw conflict(COURIER_MESSAGES.numberTaken);
        }
        throw error;
      }
    },
  });
}

/** Numbers are compared as the courier prints them, without regard to case. */
async function refuseTakenNumber(tx: Db, courierId: string, trackingNumber: string): Promise<void> {
  const [taken] = await tx
    .select({ orderId: parcels.orderId })
    .from(parcels)
    .where(and(eq(parcels.courierId, courierId), sql`upper(${parcels.trackingNumber}) = upper(${trackingNumber})`));
  if (taken) throw conflict(COURIER_MESSAGES.numberTaken);
}

/** The shop's own rider handed over the cash of a delivered order. */
export async function settleByHand(db: Db, orderId: string, amount: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: orders.status,
        settledAt: parcels.settledAt,
        ownRider: sql<boolean>`(select own_rider from couriers c where c.id = ${parcels.courierId})`,
      })
      .from(orders)
      .leftJoin(parcels, eq(parcels.orderId, orders.id))
      .where(eq(orders.id, orderId))
      .for("update", { of: orders });
    if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
    if (row.ownRider === null) throw conflict(COURIER_MESSAGES.noParcel);
    if (!row.ownRider) throw conflict(COURIER_MESSAGES.notOwnRider);
    if (row.status !== "delivered") throw conflict(COURIER_MESSAGES.notDelivered);
    if (row.settledAt !== null) throw conflict(COURIER_MESSAGES.alreadySettled);
    await tx
      .update(parcels)
      .set({
        collectedAmount: amount,
        settledAt: sql`now()`,
        settledVia: "hand",
        amountMismatch: sql`${amount} <> ${parcels.codAmount}`,
      })
      .where(eq(parcels.orderId, orderId));
  });
}
