// What an import would do, line by line (plan-dispatch.ts, plan-status.ts, plan-payment.ts): each
// line's outcome for the owner, and for the lines that change something, the change to make. A plan
// reads the database and changes nothing; imports.ts makes the changes, under locks, from a plan
// made under the same locks. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { adminStatusLabel } from "#shared/admin-orders.ts";
import type { ImportLine, ImportOutcome } from "#shared/courier-imports.ts";
import type { PayoutAmounts } from "#shared/courier-terms.ts";
import type { OrderStatus } from "#shared/order-life.ts";
import { orderNumber } from "#shared/orders.ts";
import type { Db } from "../db/client.ts";
import { orderStatusColumn, returnKindColumn } from "../db/row-schemas.ts";
import { arrayParam, selectRows } from "../db/rows.ts";
import type { CourierRow } from "./couriers.ts";

/** A change a line makes when the plan is applied. */
export type ImportAction =
  | { kind: "dispatch"; orderId: string; trackingNumber: string; weightGrams?: number | undefined }
  | {
      kind: "move";
      orderId: string;
      to: "delivered" | "cancelled" | "lost" | "damaged";
      status: string;
      /** When the courier recorded it, and its remark (a refusal's reason), when the file says. */
      at?: string | undefined;
      remark?: string | undefined;
    }
  | {
      /** The rider could not deliver: the customer is asked what to do (attempts.ts). */
      kind: "attempt";
      orderId: string;
      trackingNumber: string;
      status: string;
      remark?: string | undefined;
      /** When the courier recorded it; without a date, when the file or the sync came. */
      at?: string | undefined;
    }
  | {
      /** The rider has it today: the customer is told once per parcel (out-for-delivery.ts, issue 53). */
      kind: "outForDelivery";
      orderId: string;
    }
  | {
      kind: "settle";
      orderId: string;
      /** The report's line that pays it (the header is line 1): a short payment's evidence says it. */
      line: number;
      paid: StatedPayout;
      /** The amount collected is not what the courier was to collect. */
      mismatch: boolean;
      /** The payout differs from the courier's terms by more than PAYMENT_TOLERANCE. */
      short?: { expected: PayoutAmounts; difference: number } | undefined;
    };

export type SettleAction = Extract<ImportAction, { kind: "settle" }>;
export type AttemptAction = Extract<ImportAction, { kind: "attempt" }>;

/** A payment line's amounts as the report states them: each deduction null where it has no column. */
export interface StatedPayout {
  collected: number;
  deliveryCharge: number | null;
  codFee: number | null;
  salesTax: number | null;
  withholdingTax: number | null;
  returnCharge: number | null;
  /** Every deduction together: the stated ones, or the report's one total of charges. */
  charges: number;
  /** What reached (or will reach) the shop: the report's net, or collected minus the charges. */
  net: number;
  payoutReference: string | null;
  payoutDate: string | null;
}

export interface PlannedLine extends ImportLine {
  action?: ImportAction | undefined;
}

/** The order a line is about, as the owner reads it. */
export interface LineOrder {
  orderId: string;
  status: OrderStatus;
  returnedAs: "refused" | "returned" | null;
}

export function lineOf(
  line: number,
  trackingNumber: string,
  order: Pick<LineOrder, "orderId"> | null,
  outcome: ImportOutcome,
  message: string,
  action?: ImportAction,
): PlannedLine {
  return {
    line,
    order: order ? orderNumber(order.orderId) : null,
    orderId: order?.orderId ?? null,
    trackingNumber: trackingNumber || null,
    outcome,
    message,
    action,
  };
}

/** 'delivered', 'refused at the door', 'on its way': the order's state in the owner's words. */
export const stateOf = (order: LineOrder) => adminStatusLabel(order.status, order.returnedAs);

/** Tracking numbers are compared as the courier prints them, without regard to case or spaces around. */
export const numberKey = (trackingNumber: string) => trackingNumber.trim().toUpperCase();

const parcelRow = z.object({
  order_id: z.string(),
  number: z.string(),
  status: orderStatusColumn,
  returned_as: returnKindColumn,
  cod_amount: z.number(),
  collected_amount: z.number().nullable(),
  settled_via: z.enum(["report", "hand"]).nullable(),
  weight_grams: z.number().nullable(),
});
export type CourierParcel = LineOrder & {
  codAmount: number;
  weightGrams: number | null;
  settled: { collected: number; via: "report" | "hand" } | null;
};

/** This courier's parcels with these tracking numbers, by numberKey, with their orders' state. */
export async function courierParcels(
  db: Db,
  courier: CourierRow,
  trackingNumbers: string[],
): Promise<Map<string, CourierParcel>> {
  const keys = [...new Set(trackingNumbers.map(numberKey).filter(Boolean))];
  if (keys.length === 0) return new Map();
  const rows = await selectRows(
    db,
    parcelRow,
    sql`select p.order_id, upper(p.tracking_number) as number, o.status, o.returned_as, p.cod_amount,
               p.collected_amount, p.settled_via, p.weight_grams
        from parcels p join orders o on o.id = p.order_id
        where p.courier_id = ${courier.id} and upper(p.tracking_number) = any(${arrayParam(keys, "text")})`,
  );
  return new Map(
    rows.map((r) => [
      r.number,
      {
        orderId: r.order_id,
        status: r.status,
        returnedAs: r.returned_as,
        codAmount: r.cod_amount,
        weightGrams: r.weight_grams,
        settled:
          r.settled_via !== null && r.collected_amount !== null
            ? { collected: r.collected_amount, via: r.settled_via }
            : null,
      },
    ]),
  );
}

/**
 * Each line of a status or payment file planned with its parcel: a line the file got wrong, or one
 * naming no parcel of this courier, is planned here; the others by `plan`, in file order.
 */
export async function planByParcel<L extends { line: number; trackingNumber: string; problem?: string | undefined }>(
  db: Db,
  courier: CourierRow,
  lines: L[],
  plan: (line: L, parcel: CourierParcel) => PlannedLine,
): Promise<PlannedLine[]> {
  const parcels = await courierParcels(
    db,
    courier,
    lines.map((l) => l.trackingNumber),
  );
  return lines.map((l) => {
    if (l.problem) return lineOf(l.line, l.trackingNumber, null, "invalid", l.problem);
    const parcel = parcels.get(numberKey(l.trackingNumber));
    if (!parcel) {
      const message = `No parcel of ${courier.name} has this tracking number.`;
      return lineOf(l.line, l.trackingNumber, null, "unknownNumber", message);
    }
    return plan(l, parcel);
  });
}
