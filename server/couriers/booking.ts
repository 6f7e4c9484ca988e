// Booking a parcel through a courier's API in one press (issue 49): the order's details go to the
// courier, its number comes back, and the order is dispatched with it through the same path as a
// hand dispatch (dispatch.ts). The booking row is written before the call, with the reference the
// courier will know it by, so a retry after a lost answer (a timeout, a crash) sends the same
// reference and the adapter finds the booking already made: one booking per order, whatever fails.
// The call runs outside any transaction: a slow courier holds no lock and no connection.
// No HTTP here.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { deliveryLines } from "#shared/areas.ts";
import { type BookingOutcome, COURIER_API_MESSAGES, DEFAULT_PARCEL_GRAMS } from "#shared/courier-api.ts";
import { COURIER_MESSAGES } from "#shared/couriers.ts";
import { statusIs } from "#shared/order-life.ts";
import { orderNumber } from "#shared/orders.ts";
import type { CourierApiConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { orderStatusColumn } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { courierBookings } from "../db/schema.ts";
import { conflict, DomainError, notFound } from "../domain-errors.ts";
import type { TellCustomer } from "../orders/life/status-mail.ts";
import { type ConnectedCourier, connectCourier } from "./api/accounts.ts";
import { type BookingRequest, CourierApiError } from "./api/courier-api.ts";
import { findCourier } from "./couriers.ts";
import { dispatchParcels } from "./dispatch.ts";

export interface BookingDeps {
  db: Db;
  config: CourierApiConfig;
  tellCustomer: TellCustomer;
  /** Between retries of one booking; a test makes it short. */
  retryDelaysMs?: readonly number[] | undefined;
}

export interface ParcelToBook {
  orderId: string;
  weightGrams?: number | undefined;
  pieces?: number | undefined;
}

/** A timeout or an unreachable courier is tried twice more, after 1 s and 3 s, with the same reference. */
const RETRY_DELAYS_MS = [1000, 3000] as const;

/** Books each order with the courier, one after another; a refusal of one leaves the others booked. */
export async function bookParcels(
  deps: BookingDeps,
  courierId: string,
  batch: ParcelToBook[],
  actorUserId: string,
): Promise<BookingOutcome[]> {
  const courier = await findCourier(deps.db, courierId);
  if (courier.ownRider) throw conflict(COURIER_API_MESSAGES.ownRider);
  if (!courier.active) throw conflict(COURIER_MESSAGES.inactive);
  const connected = await connectCourier(deps.db, deps.config, courierId);
  if (!connected) throw conflict(COURIER_API_MESSAGES.noAccount);
  const results: BookingOutcome[] = [];
  // A courier that stopped answering is not asked again for the rest of the batch: the owner waits
  // for one order's retries, not fifty.
  let down: string | undefined;
  for (const parcel of batch) {
    if (down !== undefined) {
      results.push({ orderId: parcel.orderId, ok: false, message: `${orderNumber(parcel.orderId)}: ${down}` });
      continue;
    }
    try {
      results.push(await bookOne(deps, connected, parcel, actorUserId));
    } catch (error) {
      if (!(error instanceof DomainError) || batch.length === 1) throw error;
      results.push({ orderId: parcel.orderId, ok: false, message: `${orderNumber(parcel.orderId)}: ${error.message}` });
      if (error.kind === "upstream") down = COURIER_API_MESSAGES.notAsked(connected.label);
    }
  }
  return results;
}

const orderRow = z.object({
  status: orderStatusColumn,
  full_name: z.string(),
  phone_number: z.string(),
  address_line: z.string(),
  area: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  due_on_delivery: z.number(),
  pairs: z.number(),
  contents: z.string(),
  booking_state: z.string().nullable(),
  booking_courier: z.string().nullable(),
  reference: z.string().nullable(),
});

async function bookOne(
  deps: BookingDeps,
  connected: ConnectedCourier,
  parcel: ParcelToBook,
  actorUserId: string,
): Promise<BookingOutcome> {
  const { db } = deps;
  const [order] = await selectRows(
    db,
    orderRow,
    sql`select o.status, o.full_name, o.phone_number, o.address_line, o.area, o.landmark, o.city, o.due_on_delivery,
               (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id) as pairs,
               (select string_agg(l.quantity || ' x ' || l.name || ' (' || l.size || ')', ', ' order by l.line_no)
                  from order_lines l where l.order_id = o.id) as contents,
               b.state as booking_state, b.courier_id::text as booking_courier, b.reference
        from orders o left join courier_bookings b on b.order_id = o.id
        where o.id = ${parcel.orderId}`,
  );
  if (!order) throw notFound(ADMIN_MESSAGES.orderNotFound);
  if (statusIs(order.status, "withCourier")) throw conflict(COURIER_MESSAGES.alreadyDispatched);
  if (!statusIs(order.status, "dispatchable")) throw conflict(COURIER_MESSAGES.notDispatchable);

  const weightGrams = parcel.weightGrams ?? DEFAULT_PARCEL_GRAMS * Math.max(1, order.pairs);
  const pieces = parcel.pieces ?? 1;
  const reference = referenceFor(
    parcel.orderId,
    order.reference,
    order.booking_state,
    order.booking_courier,
    connected,
  );
  await claimBooking(db, parcel.orderId, connected.courierId, reference, weightGrams, pieces, actorUserId);

  const request: BookingRequest = {
    reference,
    customerName: order.full_name,
    phone: order.phone_number,
    // The rider's order of reading: the street, the landmark, the area (shared/areas.ts, deliveryLines).
    address: deliveryLines({
      addressLine: order.address_line,
      area: order.area ?? undefined,
      landmark: order.landmark ?? undefined,
      city: order.city,
    }).join(", "),
    area: order.area ?? "",
    landmark: order.landmark,
    city: order.city,
    // The courier collects only what is left once the advance is paid (issue 50), never the whole total.
    codAmount: order.due_on_delivery,
    weightGrams,
    pieces,
    contents: (order.contents ?? "Shoes").slice(0, 200),
    note: null,
  };
  let booked: Awaited<ReturnType<ConnectedCourier["api"]["book"]>>;
  try {
    booked = await bookWithRetries(deps, connected, request, parcel.orderId);
  } catch (error) {
    const message = error instanceof CourierApiError ? error.message : "The courier's answer could not be read.";
    // A refusal is final for this reference; a timeout leaves 'booking', to be tried again with it.
    const state = error instanceof CourierApiError && error.retryable ? "booking" : "failed";
    await db
      .update(courierBookings)
      .set({ state, lastError: message, updatedAt: sql`now()` })
      .where(eq(courierBookings.orderId, parcel.orderId));
    if (error instanceof CourierApiError) throw new DomainError(error.retryable ? "upstream" : "conflict", message);
    throw error;
  }

  // The courier has the booking now, whatever happens next: it is recorded first, on its own.
  await db
    .update(courierBookings)
    .set({
      state: "booked",
      trackingNumber: booked.trackingNumber,
      labelUrl: booked.labelUrl,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(eq(courierBookings.orderId, parcel.orderId));
  try {
    await dispatchParcels(
      db,
      connected.courierId,
      [{ orderId: parcel.orderId, trackingNumber: booked.trackingNumber, weightGrams }],
      { actorUserId, tellCustomer: deps.tellCustomer },
    );
  } catch (error) {
    // The order changed while the courier booked it (the customer cancelled): the booking is undone.
    if (!(error instanceof DomainError)) throw error;
    await undoBooking(deps, connected, parcel.orderId, booked.trackingNumber, error.message);
    throw error;
  }
  return { orderId: parcel.orderId, ok: true, trackingNumber: booked.trackingNumber, labelUrl: booked.labelUrl };
}

async function undoBooking(
  deps: BookingDeps,
  connected: ConnectedCourier,
  orderId: string,
  trackingNumber: string,
  why: string,
): Promise<void> {
  let lastError = `Booked as ${trackingNumber}, then not dispatched (${why}); the booking was cancelled with ${connected.label}.`;
  let state = "cancelled";
  try {
    await connected.api.cancel(trackingNumber);
  } catch (error) {
    state = "booked";
    const said = error instanceof CourierApiError ? error.message : String(error);
    lastError = `Booked as ${trackingNumber}, then not dispatched (${why}); cancel it in ${connected.label}'s portal: ${said}`;
  }
  await deps.db
    .update(courierBookings)
    .set({ state, lastError: lastError.slice(0, 500), updatedAt: sql`now()` })
    .where(eq(courierBookings.orderId, orderId));
}

/**
 * The reference the courier knows this booking by: the order's number; the same again while a
 * booking with this courier may exist (a lost answer, a refusal to try again), a new one ('-2', '-3')
 * after a cancelled booking or with another courier, whose reference the courier may still hold.
 */
function referenceFor(
  orderId: string,
  previous: string | null,
  state: string | null,
  previousCourier: string | null,
  connected: ConnectedCourier,
): string {
  const base = orderNumber(orderId).replace("#", "");
  if (previous === null) return base;
  if (state === "booking" && previousCourier !== connected.courierId) {
    throw conflict(COURIER_API_MESSAGES.bookingInProgress);
  }
  if (previousCourier === connected.courierId && state !== "cancelled") return previous;
  const n = Number(/-(\d+)$/.exec(previous)?.[1] ?? "1");
  return `${base}-${n + 1}`;
}

async function claimBooking(
  db: Db,
  orderId: string,
  courierId: string,
  reference: string,
  weightGrams: number,
  pieces: number,
  actorUserId: string,
): Promise<void> {
  const values = { courierId, reference, state: "booking", weightGrams, pieces, requestedBy: actorUserId };
  await db
    .insert(courierBookings)
    .values({ orderId, ...values })
    .onConflictDoUpdate({
      target: courierBookings.orderId,
      set: { ...values, trackingNumber: null, labelUrl: null, lastError: null, updatedAt: sql`now()` },
      // Never over a booking that holds a number: that one is undone by a cancellation first.
      setWhere: sql`${courierBookings.state} <> 'booked'`,
    });
  const [row] = await db
    .select({ state: courierBookings.state })
    .from(courierBookings)
    .where(and(eq(courierBookings.orderId, orderId), eq(courierBookings.reference, reference)));
  if (row?.state !== "booking") throw conflict(COURIER_MESSAGES.alreadyDispatched);
}

async function bookWithRetries(
  deps: BookingDeps,
  connected: ConnectedCourier,
  request: BookingRequest,
  orderId: string,
) {
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    await deps.db
      .update(courierBookings)
      .set({ calls: sql`${courierBookings.calls} + 1`, updatedAt: sql`now()` })
      .where(eq(courierBookings.orderId, orderId));
    try {
      return await connected.api.book(request);
    } catch (error) {
      const delay = delays[attempt];
      if (!(error instanceof CourierApiError) || !error.retryable || delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
