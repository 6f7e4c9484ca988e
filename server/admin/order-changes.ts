// What the owner writes on an order besides its status: internal notes (never shown to the
// customer) and corrected delivery details, each recorded with who and when. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
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
import { conflict, notFound } from "../domain-errors.ts";

export async function addOrderNote(db: Db, orderId: string, authorId: string, text: string): Promise<void> {
  // One statement: no order, no note (and a 404 rather than a foreign-key error).
  const added = await selectRows(
    db,
    idRow,
    sql`insert into order_notes (order_id, author_user_id, body)
        select id, ${authorId}, ${text} from orders where id = ${orderId} returning id`,
  );
  if (added.length === 0) throw notFound(ADMIN_MESSAGES.orderNotFound);
}

const addressRow = z.object({
  status: orderStatusColumn,
  full_name: z.string(),
  address_line: z.string(),
  phone_number: z.string(),
  postal_code: z.string().nullable(),
});

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
    const [row] = await selectRows(
      tx,
      addressRow,
      sql`select status, full_name, address_line, phone_number, postal_code from orders where id = ${orderId}
          for update`,
    );
    if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
    if (!EDITABLE_STATUSES.includes(row.status)) throw conflict(ORDER_DAY_MESSAGES.notEditable(row.status));

    const before: Record<OrderAddressField, string | null> = {
      fullName: row.full_name,
      addressLine: row.address_line,
      phoneNumber: row.phone_number,
      postalCode: row.postal_code,
    };
    const after: Record<OrderAddressField, string | null> = { ...input, postalCode: input.postalCode ?? null };
    const changes: Partial<Record<OrderAddressField, { from: string | null; to: string | null }>> = {};
    for (const field of Object.keys(before) as OrderAddressField[]) {
      if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
    }
    if (Object.keys(changes).length === 0) return;

    await tx.execute(
      sql`update orders set full_name = ${after.fullName}, address_line = ${after.addressLine},
                            phone_number = ${after.phoneNumber}, postal_code = ${after.postalCode}, updated_at = now()
          where id = ${orderId}`,
    );
    await tx.execute(
      sql`insert into order_edits (order_id, actor_user_id, changes)
          values (${orderId}, ${actorId}, ${JSON.stringify(changes)}::jsonb)`,
    );
  });
}
