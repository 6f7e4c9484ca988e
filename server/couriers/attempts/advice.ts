// What a failed attempt's answer becomes for the courier (its shipper advice), and what recording one
// reads beside it: how long the courier holds the parcel, and whose note an answer by link is.
// No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ATTEMPT_MESSAGES, type AttemptChoice } from "#shared/delivery-attempts.ts";
import type { Db } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { notFound } from "../../domain-errors.ts";
import type { ShipperAdvice } from "../api/courier-api.ts";

export function adviceOf(
  choice: AttemptChoice,
  correction: { address: string; area: string; landmark: string | null; phone: string } | null,
): ShipperAdvice {
  if (choice === "reattempt") return { kind: "reattempt", remark: "Customer asks to deliver again tomorrow." };
  if (choice === "cancel") return { kind: "return", remark: "Customer cancelled: please return to shipper." };
  const address = correction
    ? [correction.address, correction.area, correction.landmark ? `Near ${correction.landmark}` : null]
        .filter(Boolean)
        .join(", ")
    : null;
  return {
    kind: "correct",
    remark: "Customer corrected the address/phone: please deliver again.",
    address,
    phone: correction?.phone ?? null,
  };
}

export async function accountHold(tx: Db, courierId: string): Promise<number | undefined> {
  const [row] = await selectRows(
    tx,
    z.object({ hold_hours: z.number() }),
    sql`select hold_hours from courier_accounts where courier_id = ${courierId}`,
  );
  return row?.hold_hours;
}

/** A note needs an author: the customer's own account, for an answer by link. */
export async function orderUser(tx: Db, orderId: string): Promise<string> {
  const [row] = await selectRows(
    tx,
    z.object({ user_id: z.string() }),
    sql`select user_id::text from orders where id = ${orderId}`,
  );
  if (!row) throw notFound(ATTEMPT_MESSAGES.notFound);
  return row.user_id;
}
