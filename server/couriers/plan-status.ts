// A status file's plan (or a courier API's statuses): each line names one of this courier's parcels
// and its status. An order on its way becomes delivered, refused (cancelled, its stock back once),
// lost or damaged; one that got there already is 'already'; a failed delivery attempt becomes a task
// for the customer's answer (issue 49), once per attempt the courier reports; 'out for delivery' tells
// the customer once per parcel (issue 53: parcels.out_for_delivery_at, read here and set when applied);
// a status that means nothing new (booked, in transit) changes nothing. Lines are planned in file
// order, each seeing what the lines before would do. No HTTP here.
import type { ImportOutcome } from "#shared/courier-imports.ts";
import { statusIs, statusLabel } from "#shared/order-life.ts";
import type { Db } from "../db/client.ts";
import type { ParcelOutcome, TrackingLine } from "./adapter.ts";
import { reportedAttempts } from "./attempts/reported.ts";
import type { CourierRow } from "./couriers.ts";
import { type LineOrder, lineOf, type PlannedLine, planByParcel, stateOf } from "./import-plan.ts";
import { toldOutForDelivery } from "./out-for-delivery.ts";

const MOVES = {
  delivered: { to: "delivered", label: "delivered" },
  refused: { to: "cancelled", label: "refused at the door" },
  lost: { to: "lost", label: statusLabel("lost") },
  damaged: { to: "damaged", label: statusLabel("damaged") },
} as const satisfies Record<
  Exclude<ParcelOutcome, "noChange" | "attemptFailed" | "outForDelivery">,
  { to: string; label: string }
>;

/** The order already is where the courier says the parcel is. */
function reached(order: LineOrder, outcome: keyof typeof MOVES): boolean {
  if (outcome === "refused") return order.status === "cancelled" && order.returnedAs !== null;
  return order.status === MOVES[outcome].to;
}

export async function planStatus(db: Db, courier: CourierRow, lines: TrackingLine[]): Promise<PlannedLine[]> {
  const known = await reportedAttempts(db, courier.id);
  const told = await toldOutForDelivery(db, courier.id);
  return planByParcel(db, courier, lines, (l, parcel) => {
    const number = l.trackingNumber;
    const said = `“${l.status}”`;
    if (l.outcome === "noChange") return lineOf(l.line, number, parcel, "noChange", `${said}: nothing to change.`);
    if (l.outcome === "outForDelivery") {
      if (!statusIs(parcel.status, "withCourier"))
        return lineOf(
          l.line,
          number,
          parcel,
          "noChange",
          `${said}, but this order is ${stateOf(parcel)}: nothing to tell.`,
        );
      if (told.has(parcel.orderId))
        return lineOf(l.line, number, parcel, "already", `${said}: the customer was already told.`);
      told.add(parcel.orderId);
      return lineOf(l.line, number, parcel, "outForDelivery", said, {
        kind: "outForDelivery",
        orderId: parcel.orderId,
      });
    }
    if (l.outcome === "attemptFailed") {
      if (!statusIs(parcel.status, "withCourier")) {
        return lineOf(
          l.line,
          number,
          parcel,
          "noChange",
          `${said}, but this order is ${stateOf(parcel)}: nothing to ask.`,
        );
      }
      if (known.has(parcel.orderId, l))
        return lineOf(l.line, number, parcel, "already", `${said}: the customer was already asked.`);
      known.add(parcel.orderId, l);
      return lineOf(l.line, number, parcel, "attemptFailed", l.remark ? `${said} (${l.remark})` : said, {
        kind: "attempt",
        orderId: parcel.orderId,
        trackingNumber: number,
        status: l.status,
        remark: l.remark,
        at: l.statusDate,
      });
    }
    const move = MOVES[l.outcome];
    if (reached(parcel, l.outcome)) return lineOf(l.line, number, parcel, "already", `${said}: already ${move.label}.`);
    if (!statusIs(parcel.status, "withCourier")) {
      return lineOf(
        l.line,
        number,
        parcel,
        "notAllowed",
        `${said}, but this order is ${stateOf(parcel)}: only an order on its way can become ${move.label}.`,
      );
    }
    // The lines after this one see the order where this one puts it.
    parcel.status = move.to;
    parcel.returnedAs = l.outcome === "refused" ? "refused" : null;
    const outcome: ImportOutcome = l.outcome;
    return lineOf(l.line, number, parcel, outcome, said, {
      kind: "move",
      orderId: parcel.orderId,
      to: move.to,
      status: l.status,
      at: l.statusDate,
      remark: l.remark,
    });
  });
}
