// The only way an order comes to be (docs/architecture.md, "The order's life"): the order's row,
// its lines and the first line of its history, written by the statement of whoever creates it, so
// a checkout stays one round trip. ORDER_BIRTHS says how each kind of order starts; a test proves
// no other file inserts into orders, order_lines or a first history line (tests/architecture.test.ts).
import { type SQL, sql } from "drizzle-orm";
import type { OrderStatus } from "#shared/order-life.ts";

export const ORDER_BIRTHS = {
  /** A customer's checkout: pending until they confirm (by mail link or WhatsApp), with its times. */
  checkout: { status: "pending" },
  /** An approved exchange: the customer asked for it, so it starts confirmed (server/exchanges). */
  exchange: { status: "confirm" },
} as const satisfies Record<string, { status: OrderStatus }>;
export type OrderBirth = keyof typeof ORDER_BIRTHS;

/** The order's columns, each an SQL expression over the caller's `from`. */
export interface OrderValues {
  /** Chosen by the caller (the checkout knows its id before the statement); the database's otherwise. */
  id?: SQL;
  userId: SQL;
  subtotal: SQL;
  total: SQL;
  fullName: SQL;
  addressLine: SQL;
  phoneNumber: SQL;
  email: SQL;
  city: SQL;
  postalCode: SQL;
  area: SQL;
  landmark: SQL;
  /** A checkout's confirmation times (the owner's settings when it was placed). */
  confirmation?: { remindAt: SQL; cancelAt: SQL };
  /** A checkout's matched owner's rules (jsonb), kept as they were (server/orders/risk-rules.ts). */
  riskRules?: SQL;
  /** A checkout's COD fee (inside `total`) and the advance its rules ask (issue 50). */
  charges?: { codFee: SQL; advance: SQL };
  /** A checkout's discount (issue 51), already out of `total`: its rupees, its words, and the offer or code. */
  discount?: { amount: SQL; label: SQL; codeId: SQL; offerId: SQL };
}

/** `insert into orders (…) select … from <from> <where> returning <returning>`. */
export function insertOrder(birth: OrderBirth, values: OrderValues, from: SQL, returning: SQL): SQL {
  const columns: [string, SQL][] = [
    ...(values.id ? ([["id", values.id]] as [string, SQL][]) : []),
    ["user_id", values.userId],
    ["status", sql.raw(`'${ORDER_BIRTHS[birth].status}'`)],
    ["subtotal", values.subtotal],
    ["total_amount", values.total],
    ["full_name", values.fullName],
    ["address_line", values.addressLine],
    ["phone_number", values.phoneNumber],
    ["email", values.email],
    ["city", values.city],
    ["postal_code", values.postalCode],
    ["area", values.area],
    ["landmark", values.landmark],
    ...(values.confirmation
      ? ([
          ["remind_at", values.confirmation.remindAt],
          ["cancel_at", values.confirmation.cancelAt],
        ] as [string, SQL][])
      : []),
    ...(values.riskRules ? ([["risk_rules", values.riskRules]] as [string, SQL][]) : []),
    ...(values.charges
      ? ([
          ["cod_fee", values.charges.codFee],
          ["advance_amount", values.charges.advance],
        ] as [string, SQL][])
      : []),
    ...(values.discount
      ? ([
          ["discount_amount", values.discount.amount],
          ["discount_label", values.discount.label],
          ["discount_code_id", values.discount.codeId],
          ["offer_id", values.discount.offerId],
        ] as [string, SQL][])
      : []),
  ];
  return sql`insert into orders (${sql.raw(columns.map(([name]) => name).join(", "))})
             select ${sql.join(
               columns.map(([, value]) => value),
               sql`, `,
             )} ${from}
             returning ${returning}`;
}

/** The lines' columns, each an SQL expression over the caller's `from`. */
export interface LineValues {
  lineNo: SQL;
  productId: SQL;
  name: SQL;
  description: SQL;
  imageUrl: SQL;
  size: SQL;
  quantity: SQL;
  price: SQL;
  discountPrice: SQL;
  /** The scheduled sale that priced the line (issue 51); null when none. */
  saleId?: SQL;
}

export function insertOrderLines(orderId: SQL, values: LineValues, from: SQL): SQL {
  return sql`insert into order_lines (order_id, line_no, product_id, name, description, image_url, size, quantity,
                                      price, discount_price, sale_id)
             select ${orderId}, ${values.lineNo}, ${values.productId}, ${values.name}, ${values.description},
                    ${values.imageUrl}, ${values.size}, ${values.quantity}, ${values.price}, ${values.discountPrice},
                    ${values.saleId ?? sql`null::uuid`}
             ${from}`;
}

/** The history's first line: from nothing to the birth's status. */
export function insertFirstHistoryLine(birth: OrderBirth, orderId: SQL, actor: SQL, reason: SQL, from: SQL): SQL {
  return sql`insert into order_status_events (order_id, from_status, to_status, actor_user_id, reason)
             select ${orderId}, null, ${sql.raw(`'${ORDER_BIRTHS[birth].status}'`)}, ${actor}, ${reason} ${from}`;
}
