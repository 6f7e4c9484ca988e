// The order's life in one place (docs/product.md section 9; docs/architecture.md, "The order's life"):
// every status, what it means for stock, cash, the address and the courier, and the statuses it may
// move to. Every list the shop needs (open, returnable, dispatchable...) is read from ORDER_LIFE, and
// the SQL lists are generated from it (server/orders/life/status-sql.ts), so adding a status is one
// entry here plus a migration for the database's check constraint and partial indexes.
//
// The moves themselves (who makes them, their guards and their effects) are named in
// server/orders/life/moves.ts; this file is the part both the server and the screens read.

/**
 * What a status means for stock, cash, the address and the courier:
 * - open: still holds stock and a rider's time (the open-order limits and every 'open' count);
 * - editable: its delivery details (name, address, phone) may still change;
 * - returnable: the parcel can come back from delivery (refused at the door, or returned);
 * - dispatchable: it can be handed to a courier;
 * - withCourier: a courier has it (its status file can move it, its cash is on the road);
 * - cashDue: the courier (or the rider) collected its amount, and the shop is owed that cash.
 */
export type StatusFact = "open" | "editable" | "returnable" | "dispatchable" | "withCourier" | "cashDue";

interface StatusEntry {
  /** How the status reads to a person, customer and owner alike. */
  label: string;
  /** The step of the order's history the customer reads on Track Your Order. */
  step: string;
  facts: readonly StatusFact[];
  /** The statuses it may move to; anything else is refused with 409. */
  next: readonly string[];
}

// biome-ignore format: one line a status reads as the table it is
export const ORDER_LIFE = {
  pending:    { label: "pending",            step: "Placed",                facts: ["open", "editable"],                               next: ["confirm", "cancelled"] },
  // Straight to delivered: the shop's own rider took it without a dispatch being recorded.
  confirm:    { label: "confirmed",          step: "Confirmed",             facts: ["open", "editable", "returnable", "dispatchable"], next: ["dispatched", "delivered", "cancelled"] },
  dispatched: { label: "on its way",         step: "Handed to the courier", facts: ["open", "returnable", "withCourier"],              next: ["delivered", "cancelled", "lost", "damaged", "confirm"] },
  delivered:  { label: "delivered",          step: "Delivered",             facts: ["cashDue"],                                        next: [] },
  cancelled:  { label: "cancelled",          step: "Cancelled",             facts: [],                                                 next: [] },
  lost:       { label: "lost in transit",    step: "Lost in transit",       facts: [],                                                 next: [] },
  damaged:    { label: "damaged in transit", step: "Damaged in transit",    facts: [],                                                 next: [] },
} as const satisfies Record<string, StatusEntry>;

export type OrderStatus = keyof typeof ORDER_LIFE;
export const ORDER_STATUSES = Object.keys(ORDER_LIFE) as [OrderStatus, ...OrderStatus[]];

/** Whether the status has the fact (an open order, one with a courier...). */
export function statusIs(status: OrderStatus, fact: StatusFact): boolean {
  return (ORDER_LIFE[status].facts as readonly StatusFact[]).includes(fact);
}

/** Every status with the given fact, in the table's order. */
export function statusesWhere(fact: StatusFact): readonly OrderStatus[] {
  return ORDER_STATUSES.filter((status) => statusIs(status, fact));
}

/** Orders that still hold stock and a rider's time: not yet delivered, cancelled, lost or damaged. */
export const OPEN_STATUSES = statusesWhere("open");
/** Delivery details can change until the parcel leaves (or the order is cancelled). */
export const EDITABLE_STATUSES = statusesWhere("editable");
/** Only an order out for delivery (confirmed, or with a courier) can come back. */
export const RETURNABLE_FROM = statusesWhere("returnable");

/**
 * The statuses the owner's status call moves an order to: every status some move reaches, but not
 * one that puts it with a courier (that is a dispatch, which records the parcel).
 */
export const OWNER_STATUS_MOVES = ORDER_STATUSES.filter(
  (to) => ORDER_STATUSES.some((from) => canMoveOrder(from, to)) && !statusIs(to, "withCourier"),
) as [OrderStatus, ...OrderStatus[]];

/** How a status reads to a person (the stored value `confirm` reads 'confirmed'). */
export function statusLabel(status: OrderStatus): string {
  return ORDER_LIFE[status].label;
}

/** The statuses an order may move to from this one. */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_LIFE[from].next as readonly OrderStatus[];
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses(from).includes(to);
}

export function orderMoveRefusedMessage(from: OrderStatus, to: OrderStatus): string {
  const allowed = nextStatuses(from);
  if (from === to) return `This order is already ${statusLabel(to)}.`;
  if (allowed.length === 0) return `This order is ${statusLabel(from)}: its status can no longer change.`;
  return `A ${statusLabel(from)} order can only be moved to ${allowed.map(statusLabel).join(" or ")}, not ${statusLabel(to)}.`;
}

// ---- Sub-states: what a status alone does not say ----

/** How a cancelled order's parcel came back, if it went out at all (orders.returned_as). */
export const RETURN_KINDS = ["refused", "returned"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_KIND_LABELS: Record<ReturnKind, string> = {
  refused: "refused at the door",
  returned: "returned",
};

// A pending order's stage with the customer's confirmation is not a status either: asked and
// waiting, reminded once (orders.reminded_at), or held by the owner (orders.held_at), whose hold stops
// both the reminder and the cancellation (server/confirmation/service.ts). An answered order
// (orders.answered_at, answered_via) has left pending.
