// The order's status lists as SQL, generated from the one definition (shared/order-life.ts), so no
// query, constraint or partial index spells a list of its own.
import { type SQL, sql } from "drizzle-orm";
import { OPEN_STATUSES, type OrderStatus, statusesWhere } from "#shared/order-life.ts";

const STATUS_WORD = /^[a-z]+$/;

/**
 * `('pending', 'confirm', 'dispatched')`: literals, not parameters, so the planner can prove a
 * partial index's predicate (orders_user_open_idx names the open list) from the query's, and the
 * schema's constraints read as the migrations wrote them. The statuses are the table's own keys.
 */
export function statusList(statuses: readonly OrderStatus[]): SQL {
  const bad = statuses.find((status) => !STATUS_WORD.test(status));
  if (bad !== undefined || statuses.length === 0) throw new TypeError(`Not a list of statuses: ${statuses.join(", ")}`);
  return sql.raw(`(${statuses.map((status) => `'${status}'`).join(", ")})`);
}

/** Pending, confirmed or on the road: what the open-order limits and every 'open' count read. */
export const OPEN_STATUS_LIST = statusList(OPEN_STATUSES);

/** Parcels on the road with a courier: the cash they should bring. */
export const WITH_COURIER_LIST = statusList(statusesWhere("withCourier"));
/** Parcels delivered whose cash is owed to the shop until it is settled. */
export const CASH_DUE_LIST = statusList(statusesWhere("cashDue"));
