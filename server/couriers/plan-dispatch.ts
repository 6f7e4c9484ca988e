// A booking export's plan: each line names one of our orders and the tracking number the courier
// gave it. A confirmed order without a parcel is dispatched; an order already dispatched with that
// number is 'already'; anything else is said why. Lines are planned in file order, each seeing
// what the lines before it would do. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { trackingNumberSchema } from "#shared/couriers.ts";
import { formatRs } from "#shared/money.ts";
import { statusIs } from "#shared/order-life.ts";
import { orderNumber } from "#shared/orders.ts";
import type { Db } from "../db/client.ts";
import { orderStatusColumn, returnKindColumn } from "../db/row-schemas.ts";
import { arrayParam, selectRows } from "../db/rows.ts";
import type { BookingLine } from "./adapter.ts";
import type { CourierRow } from "./couriers.ts";
import { type LineOrder, lineOf, numberKey, type PlannedLine, stateOf } from "./import-plan.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** '#71B886C4', '71b886c4', '# 71B886C4' or a full id, as the lower-case id or its first 8 characters. */
export function orderRefKey(ref: string): string | null {
  const text = ref.trim().replace(/^#\s*/, "").toLowerCase();
  return UUID.test(text) || /^[0-9a-f]{8}$/.test(text) ? text : null;
}

const orderRow = z.object({
  id: z.string(),
  status: orderStatusColumn,
  returned_as: returnKindColumn,
  courier: z.string().nullable(),
  courier_id: z.string().nullable(),
  tracking_number: z.string().nullable(),
  due_on_delivery: z.number(),
});
type OrderRow = z.output<typeof orderRow>;

/** The numbers (first 8 characters of the id) of these orders, each with every order it could be. */
async function ordersByNumber(db: Db, keys: string[]): Promise<Map<string, OrderRow[]>> {
  const prefixes = [...new Set(keys.map((key) => key.slice(0, 8)))];
  const rows =
    prefixes.length === 0
      ? []
      : await selectRows(
          db,
          orderRow,
          sql`select o.id, o.status, o.returned_as, c.name as courier, p.courier_id, p.tracking_number, o.due_on_delivery
              from orders o left join parcels p on p.order_id = o.id left join couriers c on c.id = p.courier_id
              where substr(o.id::text, 1, 8) = any(${arrayParam(prefixes, "text")})`,
        );
  const byPrefix = new Map<string, OrderRow[]>();
  for (const row of rows) byPrefix.set(row.id.slice(0, 8), [...(byPrefix.get(row.id.slice(0, 8)) ?? []), row]);
  return byPrefix;
}

/** Order ids holding each of these numbers with this courier, by numberKey. */
async function numbersTaken(db: Db, courier: CourierRow, numbers: string[]): Promise<Map<string, string>> {
  const keys = [...new Set(numbers.map(numberKey).filter(Boolean))];
  if (keys.length === 0) return new Map();
  const rows = await selectRows(
    db,
    z.object({ order_id: z.string(), number: z.string() }),
    sql`select order_id, upper(tracking_number) as number from parcels
        where courier_id = ${courier.id} and upper(tracking_number) = any(${arrayParam(keys, "text")})`,
  );
  return new Map(rows.map((r) => [r.number, r.order_id]));
}

/** Excel shows a long number as 1.23457E+11 and saves it so: the digits are gone. */
const EXCEL_NUMBER = /^\d(\.\d+)?E\+\d+$/i;

export async function planDispatch(db: Db, courier: CourierRow, lines: BookingLine[]): Promise<PlannedLine[]> {
  const keys = lines.map((l) => orderRefKey(l.orderRef));
  const orders = await ordersByNumber(
    db,
    keys.filter((k): k is string => k !== null),
  );
  const taken = await numbersTaken(
    db,
    courier,
    lines.map((l) => l.trackingNumber),
  );
  // What the lines before would do: order -> [number, line], number -> [order, line].
  const fileOrders = new Map<string, [string, number]>();
  const fileNumbers = new Map<string, [string, number]>();

  return lines.map((l, i) => {
    const number = l.trackingNumber;
    if (l.problem) return lineOf(l.line, number, null, "invalid", l.problem);
    const key = keys[i] ?? null;
    if (key === null) {
      return lineOf(
        l.line,
        number,
        null,
        "unknownOrder",
        `"${l.orderRef}" is not one of our order numbers (like #71B886C4).`,
      );
    }
    const candidates = (orders.get(key.slice(0, 8)) ?? []).filter((o) => key.length === 8 || o.id === key);
    const [row] = candidates;
    if (!row) return lineOf(l.line, number, null, "unknownOrder", `No order has the number ${orderNumber(key)}.`);
    if (candidates.length > 1) {
      return lineOf(
        l.line,
        number,
        null,
        "unknownOrder",
        `Two orders start with ${orderNumber(key)}: write the order's full id.`,
      );
    }
    const order: LineOrder = { orderId: row.id, status: row.status, returnedAs: row.returned_as };
    const parsed = trackingNumberSchema.safeParse(number);
    if (!parsed.success) {
      const message = EXCEL_NUMBER.test(number)
        ? `Excel wrote the tracking number as ${number} and lost its digits: export the file again with the numbers as text.`
        : (parsed.error.issues[0]?.message ?? "This is not a tracking number.");
      return lineOf(l.line, number, order, "invalid", message);
    }
    const wanted = numberKey(parsed.data);

    if (row.tracking_number !== null || row.courier_id !== null) {
      const same = row.courier_id === courier.id && numberKey(row.tracking_number ?? "") === wanted;
      return same
        ? lineOf(l.line, number, order, "already", `Already dispatched with ${courier.name} ${row.tracking_number}.`)
        : lineOf(
            l.line,
            number,
            order,
            "notAllowed",
            `Already with ${row.courier ?? "a courier"}${row.tracking_number ? `, tracking number ${row.tracking_number}` : ""}.`,
          );
    }
    const earlier = fileOrders.get(order.orderId);
    if (earlier) {
      return earlier[0] === wanted
        ? lineOf(l.line, number, order, "already", `Line ${earlier[1]} of this file already dispatches it.`)
        : lineOf(
            l.line,
            number,
            order,
            "notAllowed",
            `Line ${earlier[1]} of this file dispatches it with another number.`,
          );
    }
    if (!statusIs(order.status, "dispatchable")) {
      return lineOf(
        l.line,
        number,
        order,
        "notAllowed",
        `This order is ${stateOf(order)}: only a confirmed order can be dispatched.`,
      );
    }
    // The courier collects what it booked: a booking for another amount would short the shop.
    if (l.codAmount !== undefined && l.codAmount !== row.due_on_delivery) {
      return lineOf(
        l.line,
        number,
        order,
        "notAllowed",
        `${courier.name} booked ${formatRs(l.codAmount)} to collect, but ${formatRs(row.due_on_delivery)} is due on delivery: correct the booking first.`,
      );
    }
    const holder = taken.get(wanted);
    if (holder !== undefined) {
      return lineOf(
        l.line,
        number,
        order,
        "notAllowed",
        `This tracking number is already on order ${orderNumber(holder)}.`,
      );
    }
    const sameNumber = fileNumbers.get(wanted);
    if (sameNumber) {
      return lineOf(
        l.line,
        number,
        order,
        "notAllowed",
        `Line ${sameNumber[1]} of this file gives this number to order ${orderNumber(sameNumber[0])}.`,
      );
    }
    fileOrders.set(order.orderId, [wanted, l.line]);
    fileNumbers.set(wanted, [order.orderId, l.line]);
    return lineOf(
      l.line,
      parsed.data,
      order,
      "dispatch",
      `Out with ${courier.name}; the customer is e-mailed the number.`,
      {
        kind: "dispatch",
        orderId: order.orderId,
        trackingNumber: parsed.data,
        weightGrams: l.weightGrams,
      },
    );
  });
}
