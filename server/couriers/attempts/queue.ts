// The owner's Attempts queue (issue 49): every failed delivery still to settle, soonest return first,
// flagged when it is close to the courier's return and still waits for the customer or for the owner's
// call. An attempt whose parcel has since been delivered or come back leaves the queue by itself.
// No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type AdminAttempt, type AdminAttemptList, ATTEMPT_DUE_SOON_HOURS } from "#shared/delivery-attempts.ts";
import type { Db } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";

// A raw statement's timestamps come back as text (drizzle sets both drivers' parsers so): coerced.
const row = z.object({
  id: z.string(),
  order_id: z.string(),
  full_name: z.string(),
  phone_number: z.string(),
  courier: z.string(),
  tracking_number: z.string().nullable(),
  courier_status: z.string(),
  remark: z.string().nullable(),
  reported_at: z.coerce.date(),
  return_by: z.coerce.date(),
  state: z.enum(["asking", "answered", "advised", "to_call", "closed"]),
  choice: z.enum(["reattempt", "correct", "cancel"]).nullable(),
  correction: z
    .object({ address: z.string(), area: z.string(), landmark: z.string().nullable(), phone: z.string() })
    .nullable(),
  answered_at: z.coerce.date().nullable(),
  answered_via: z.enum(["link", "whatsapp", "owner"]).nullable(),
  advice_error: z.string().nullable(),
  due_soon: z.boolean(),
});

/** The queue: open attempts of parcels still out; the page shows at most this many. */
const QUEUE_LIMIT = 200;

export async function listAttempts(db: Db): Promise<AdminAttemptList> {
  const rows = await selectRows(
    db,
    row,
    sql`select a.id, a.order_id, o.full_name, o.phone_number, c.name as courier, a.tracking_number, a.courier_status,
               a.remark, a.reported_at, a.return_by, a.state, a.choice, a.correction, a.answered_at, a.answered_via,
               a.advice_error,
               a.state in ('asking', 'to_call')
                 and a.return_by < now() + make_interval(hours => ${ATTEMPT_DUE_SOON_HOURS}) as due_soon
        from delivery_attempts a join orders o on o.id = a.order_id join couriers c on c.id = a.courier_id
        where a.state <> 'closed' and o.status = 'dispatched'
        order by a.return_by, a.created_at
        limit ${QUEUE_LIMIT}`,
  );
  const attempts = rows.map(
    (r): AdminAttempt => ({
      _id: r.id,
      orderId: r.order_id,
      customer: r.full_name,
      phoneNumber: r.phone_number,
      courier: r.courier,
      trackingNumber: r.tracking_number,
      reason: r.remark ? `${r.courier_status} (${r.remark})` : r.courier_status,
      reportedAt: r.reported_at.toISOString(),
      returnBy: r.return_by.toISOString(),
      state: r.state,
      choice: r.choice,
      correction: r.correction
        ? {
            addressLine: r.correction.address,
            area: r.correction.area,
            landmark: r.correction.landmark,
            phoneNumber: r.correction.phone,
          }
        : null,
      answeredAt: r.answered_at?.toISOString() ?? null,
      answeredVia: r.answered_via,
      adviceError: r.advice_error,
      dueSoon: r.due_soon,
    }),
  );
  return { attempts, dueSoon: attempts.filter((a) => a.dueSoon).length };
}
