// One order as the admin reads it: the order exactly as its customer sees it (shared/orders.ts),
// the account that placed it, every status move with its time and who made it, the owner's notes
// and edits, and its cash-on-delivery risk with the customer's history (order-risk.ts).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminOrder, OrderHistoryEntry } from "#shared/admin.ts";
import { ORDER_ADDRESS_FIELDS, type OrderAddressField, type OrderEdit, type OrderNote } from "#shared/admin-orders.ts";
import { CONFIRMATION_EVENT_CHANNELS, CONFIRMATION_EVENT_KINDS } from "#shared/confirmation.ts";
import { EDITABLE_STATUSES, RETURNABLE_FROM } from "#shared/order-life.ts";
import type { Db } from "../db/client.ts";
import { matchedRulesColumn, orderStatusColumn, returnKindColumn } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { ownerOffers } from "../orders/life/moves.ts";
import { toAdminParcel } from "../orders/parcel-row.ts";
import { ORDER_COLUMNS, orderRow, toOrder } from "../orders/service.ts";
import { loadOrderRisks, NO_RISK } from "./order-risk.ts";

const change = z.object({ from: z.string().nullable(), to: z.string().nullable() });
const adminOrderRow = orderRow.extend({
  user_id: z.string(),
  username: z.string(),
  user_email: z.string(),
  email_verified: z.boolean(),
  returned_as: returnKindColumn,
  risk_rules: matchedRulesColumn,
  history: z.array(
    z.object({
      from_status: orderStatusColumn.nullable(),
      to_status: orderStatusColumn,
      at_ms: z.number(),
      username: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  notes: z.array(z.object({ id: z.string(), body: z.string(), at_ms: z.number(), username: z.string() })),
  edits: z.array(
    z.object({
      // Only the fields that changed (order-changes.ts).
      changes: z.partialRecord(z.enum(ORDER_ADDRESS_FIELDS), change),
      at_ms: z.number(),
      username: z.string(),
    }),
  ),
  held_ms: z.number().nullable(),
  reminded_ms: z.number().nullable(),
  confirmation_events: z.array(
    z.object({
      kind: z.enum(CONFIRMATION_EVENT_KINDS),
      channel: z.enum(CONFIRMATION_EVENT_CHANNELS).nullable(),
      at_ms: z.number(),
      username: z.string().nullable(),
    }),
  ),
});

const iso = (ms: number) => new Date(Number(ms)).toISOString();

export async function loadAdminOrder(db: Db, orderId: string): Promise<AdminOrder | undefined> {
  const [row] = await selectRows(
    db,
    adminOrderRow,
    sql`select ${ORDER_COLUMNS},
               o.returned_as, o.risk_rules, u.id as user_id, u.username, u.email as user_email,
               u.email_verified_at is not null as email_verified,
               coalesce((select json_agg(json_build_object('from_status', e.from_status, 'to_status', e.to_status,
                           'at_ms', (extract(epoch from e.created_at) * 1000)::float8, 'username', a.username,
                           'reason', e.reason)
                         order by e.created_at, e.id)
                         from order_status_events e left join users a on a.id = e.actor_user_id
                         where e.order_id = o.id), '[]'::json) as history,
               coalesce((select json_agg(json_build_object('id', n.id, 'body', n.body,
                           'at_ms', (extract(epoch from n.created_at) * 1000)::float8, 'username', a.username)
                         order by n.created_at, n.id)
                         from order_notes n join users a on a.id = n.author_user_id
                         where n.order_id = o.id), '[]'::json) as notes,
               coalesce((select json_agg(json_build_object('changes', d.changes,
                           'at_ms', (extract(epoch from d.created_at) * 1000)::float8, 'username', a.username)
                         order by d.created_at, d.id)
                         from order_edits d join users a on a.id = d.actor_user_id
                         where d.order_id = o.id), '[]'::json) as edits,
               (extract(epoch from o.held_at) * 1000)::float8 as held_ms,
               (extract(epoch from o.reminded_at) * 1000)::float8 as reminded_ms,
               coalesce((select json_agg(json_build_object('kind', c.kind, 'channel', c.channel,
                           'at_ms', (extract(epoch from c.created_at) * 1000)::float8,
                           'username', case when c.kind in ('held', 'released') then a.username end)
                         order by c.created_at, c.id)
                         from order_confirmation_events c left join users a on a.id = c.actor_user_id
                         where c.order_id = o.id), '[]'::json) as confirmation_events
        from orders o join users u on u.id = o.user_id
        where o.id = ${orderId}`,
  );
  if (!row) return undefined;
  const risks = await loadOrderRisks(db, [orderId]);
  const history: OrderHistoryEntry[] = row.history.map((e) => ({
    from: e.from_status,
    to: e.to_status,
    at: iso(e.at_ms),
    actor: e.username === null ? null : { username: e.username },
    // An order is cancelled once, so its move to cancelled is the one that recorded the return.
    returnedAs: e.to_status === "cancelled" ? row.returned_as : null,
    reason: e.reason,
  }));
  const notes: OrderNote[] = row.notes.map((n) => ({
    _id: n.id,
    text: n.body,
    at: iso(n.at_ms),
    author: { username: n.username },
  }));
  const edits: OrderEdit[] = row.edits.map((d) => ({
    at: iso(d.at_ms),
    actor: { username: d.username },
    changes: Object.entries(d.changes).map(([field, change]) => ({
      field: field as OrderAddressField,
      from: change.from,
      to: change.to,
    })),
  }));
  const order = toOrder(row);
  // An unpaid advance goes on only by its own press (the Advance panel's Verify): no Confirm beside it.
  const advanceDue = order.advance !== null && order.advance.paidAt === null;
  return {
    // Exactly what the customer sees of it, plus who placed it and what happened to it.
    ...order,
    customer: {
      _id: row.user_id,
      username: row.username,
      email: row.user_email,
      emailVerified: row.email_verified,
    },
    history,
    allowedMoves: ownerOffers(row.status).filter((to) => !(advanceDue && to === "confirm")),
    returnedAs: row.returned_as,
    canReturn: RETURNABLE_FROM.includes(row.status),
    parcel: row.parcel ? toAdminParcel(row.parcel) : null,
    canEditAddress: EDITABLE_STATUSES.includes(row.status),
    risk: risks.get(orderId) ?? NO_RISK,
    matchedRules: row.risk_rules,
    notes,
    edits,
    heldAt: row.held_ms === null ? null : iso(row.held_ms),
    remindedAt: row.reminded_ms === null ? null : iso(row.reminded_ms),
    confirmationHistory: row.confirmation_events.map((c) => ({
      kind: c.kind,
      channel: c.channel,
      at: iso(c.at_ms),
      actor: c.username,
    })),
  };
}
