// An order's booking through a courier's API after it was made (issue 49): what the order page reads
// of it, and cancelling it before pickup: the courier first, then, once it has agreed, the order is
// confirmed again and its parcel removed (the bookingCancelled move). No HTTP here.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { COURIER_API_MESSAGES, type OrderBooking } from "#shared/courier-api.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { courierBookings } from "../db/schema.ts";
import { conflict, DomainError } from "../domain-errors.ts";
import { moveOrder } from "../orders/life/moves.ts";
import { connectCourier } from "./api/accounts.ts";
import { CourierApiError } from "./api/courier-api.ts";
import type { BookingDeps } from "./booking.ts";

/** The order's booking through an API, for its page; null when it was never booked that way. */
export async function orderBooking(db: Db, orderId: string): Promise<OrderBooking | null> {
  const [row] = await selectRows(
    db,
    z.object({
      courier_id: z.string(),
      courier: z.string(),
      state: z.enum(["booking", "booked", "failed", "cancelled"]),
      tracking_number: z.string().nullable(),
      label_url: z.string().nullable(),
      weight_grams: z.number(),
      pieces: z.number(),
      last_error: z.string().nullable(),
    }),
    sql`select b.courier_id::text, c.name as courier, b.state, b.tracking_number, b.label_url, b.weight_grams,
               b.pieces, b.last_error
        from courier_bookings b join couriers c on c.id = b.courier_id where b.order_id = ${orderId}`,
  );
  if (!row) return null;
  return {
    courierId: row.courier_id,
    courier: row.courier,
    state: row.state,
    trackingNumber: row.tracking_number,
    labelUrl: row.label_url,
    weightGrams: row.weight_grams,
    pieces: row.pieces,
    lastError: row.last_error,
  };
}

/**
 * Cancels an order's booking with the courier (before pickup): the courier first, then, once it has
 * agreed, the order is confirmed again and its parcel removed (the bookingCancelled move).
 */
export async function cancelBooking(deps: BookingDeps, orderId: string, actorUserId: string): Promise<void> {
  const booking = await orderBooking(deps.db, orderId);
  if (booking?.state !== "booked" || !booking.trackingNumber) throw conflict(COURIER_API_MESSAGES.notBooked);
  const connected = await connectCourier(deps.db, deps.config, booking.courierId);
  if (!connected) throw conflict(COURIER_API_MESSAGES.noAccount);
  const trackingNumber = booking.trackingNumber;
  try {
    await connected.api.cancel(trackingNumber);
  } catch (error) {
    if (error instanceof CourierApiError)
      throw new DomainError(error.retryable ? "upstream" : "conflict", error.message);
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(courierBookings)
      .set({ state: "cancelled", lastError: null, updatedAt: sql`now()` })
      .where(eq(courierBookings.orderId, orderId));
    await moveOrder(tx, orderId, "bookingCancelled", "confirm", {
      actorUserId,
      reason: `${connected.label} booking ${trackingNumber} cancelled`,
      tx,
    });
  });
}
