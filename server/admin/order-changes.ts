// What the owner writes on an order besides its status: internal notes (never shown to the
// customer) and corrected delivery details, each recorded with who and when. No HTTP here.
import { eq, sql } from "drizzle-orm";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import {
  EDITABLE_STATUSES,
  ORDER_DAY_MESSAGES,
  type OrderAddressField,
  type OrderAddressInput,
} from "#shared/admin-orders.ts";
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
 * that changed (before and after). Sending the same details again changes and records nothing.
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
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
    const status = orderStatusColumn.parse(row.status);
    if (!EDITABLE_STATUSES.includes(status)) throw conflict(ORDER_DAY_MESSAGES.notEditable(status));

    const before: Record<OrderAddressField, string | null> = {
      fullName: row.fullName,
      addressLine: row.addressLine,
      phoneNumber: row.phoneNumber,
      postalCode: row.postalCode,
    };
    const after: Record<OrderAddressField, string | null> = { ...input, postalCode: input.postalCode ?? null };
    const changes: Partial<Record<OrderAddressField, { from: string | null; to: string | null }>> = {};
    for (const field of Object.keys(before) as OrderAddressField[]) {
      if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
    }
    if (Object.keys(changes).length === 0) return;

    await tx
      .update(orders)
      .set({
        fullName: input.fullName,
        addressLine: input.addressLine,
        phoneNumber: input.phoneNumber,
        postalCode: after.postalCode,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId));
    await tx.insert(orderEdits).values({ orderId, actorUserId: actorId, changes });
  });
}
