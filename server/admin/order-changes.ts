// What the owner writes on an order besides its status: internal notes (never shown to the
// customer) and corrected delivery details, each recorded with who and when. No HTTP here.
import { eq, sql } from "drizzle-orm";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import {
  ORDER_ADDRESS_FIELDS,
  ORDER_DAY_MESSAGES,
  type OrderAddressField,
  type OrderAddressInput,
} from "#shared/admin-orders.ts";
import { EDITABLE_STATUSES } from "#shared/order-life.ts";
import { listedArea } from "../areas/service.ts";
import type { Db } from "../db/client.ts";
import { idRow, orderStatusColumn } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { orderEdits, orders } from "../db/schema.ts";
import { conflict, notFound } from "../domain-errors.ts";

export async function addOrderNote(db: Db, orderId: string, authorId: string, text: string): Promise<void> {
  // One statement (raw: insert … select): no order, no note (and a 404 rather than a foreign-key error).
  const added = await selectRows(
    db,
    idRow,
    sql`insert into order_notes (order_id, author_user_id, body)
        select id, ${authorId}, ${text} from orders where id = ${orderId} returning id`,
  );
  if (added.length === 0) throw notFound(ADMIN_MESSAGES.orderNotFound);
}

/**
 * Changes the delivery details of an order not yet delivered or cancelled, and records each field
 * that changed (before and after). Sending the same details again changes and records nothing. The
 * area is stored as the list spells it; one not in the list (or hidden) is refused, unless it is the
 * area the order already has, so correcting a phone never fails on an area hidden since.
 */
export async function editOrderAddress(
  db: Db,
  orderId: string,
  actorId: string,
  input: OrderAddressInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked, so a delivery recorded at the same moment is either before (refused) or after this edit.
    const [row] = await tx
      .select({
        status: orders.status,
        fullName: orders.fullName,
        addressLine: orders.addressLine,
        phoneNumber: orders.phoneNumber,
        postalCode: orders.postalCode,
        area: orders.area,
        landmark: orders.landmark,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
    const { status: stored, ...before } = row satisfies Record<OrderAddressField | "status", string | null>;
    const status = orderStatusColumn.parse(stored);
    if (!EDITABLE_STATUSES.includes(status)) throw conflict(ORDER_DAY_MESSAGES.notEditable(status));

    const after = {
      fullName: input.fullName,
      addressLine: input.addressLine,
      phoneNumber: input.phoneNumber,
      postalCode: input.postalCode ?? null,
      area: await areaOf(tx, input.area, row.area),
      landmark: input.landmark ?? null,
    } satisfies Record<OrderAddressField, string | null>;
    const changes: Partial<Record<OrderAddressField, { from: string | null; to: string | null }>> = {};
    for (const field of ORDER_ADDRESS_FIELDS) {
      if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
    }
    if (Object.keys(changes).length === 0) return;

    await tx
      .update(orders)
      .set({ ...after, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    await tx.insert(orderEdits).values({ orderId, actorUserId: actorId, changes });
  });
}

/** The area to store: none, the order's own (in any case), or one from the list as it spells it. */
async function areaOf(db: Db, typed: string | undefined, current: string | null): Promise<string | null> {
  if (typed === undefined) return null;
  if (current !== null && typed.toLowerCase() === current.toLowerCase()) return current;
  return listedArea(db, typed, "area");
}
