// The owner's spreadsheets: orders (with the orders list's filters) and products with stock per
// size, as CSV (./csv.ts). Amounts are plain rupee numbers so Excel can add them up.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminOrdersQuery, AdminProductsQuery } from "#shared/admin.ts";
import { CATEGORIES } from "#shared/categories.ts";
import { statusLabel } from "#shared/order-life.ts";
import { orderNumber } from "#shared/orders.ts";
import { readablePhone } from "#shared/phone.ts";
import { SHOP_TIME_ZONE } from "#shared/shop.ts";
import { SIZES } from "#shared/sizes.ts";
import type { Db } from "../db/client.ts";
import { orderStatusColumn, sizeStock } from "../db/row-schemas.ts";
import { selectRows } from "../db/rows.ts";
import { toCsv } from "./csv.ts";
import { orderListFilters } from "./orders.ts";
import { likePattern } from "./products.ts";

const orderExportRow = z.object({
  id: z.string(),
  status: orderStatusColumn,
  placed: z.string(),
  full_name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  address_line: z.string(),
  area: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  postal_code: z.string().nullable(),
  username: z.string(),
  items: z.string(),
  pairs: z.number(),
  subtotal: z.number(),
  sale_savings: z.number(),
  discount_amount: z.number(),
  discount_label: z.string().nullable(),
  total_amount: z.number(),
  cod_fee: z.number(),
  advance_amount: z.number(),
  advance_paid: z.boolean(),
  due_on_delivery: z.number(),
  courier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  paid: z.string().nullable(),
  collected: z.number().nullable(),
  charges: z.number().nullable(),
});

export async function ordersCsv(db: Db, query: Pick<AdminOrdersQuery, "status" | "query">): Promise<string> {
  const rows = await selectRows(
    db,
    orderExportRow,
    sql`select o.id, o.status, to_char(o.created_at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD HH24:MI') as placed,
               o.full_name, o.phone_number, o.email, o.address_line, o.area, o.landmark, o.city,
               o.postal_code, u.username,
               (select string_agg(l.quantity || ' x ' || l.name || ' (size ' || l.size || ')', '; ' order by l.line_no)
                  from order_lines l where l.order_id = o.id) as items,
               (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id) as pairs,
               o.subtotal,
               (select coalesce(sum((l.price - l.discount_price) * l.quantity), 0)::int
                  from order_lines l where l.order_id = o.id) as sale_savings,
               o.discount_amount, o.discount_label, o.cod_fee, o.total_amount, o.advance_amount, o.advance_paid_at is not null as advance_paid,
               o.due_on_delivery, c.name as courier, p.tracking_number,
               to_char(p.settled_at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD') as paid,
               p.collected_amount as collected, p.charges
        from orders o join users u on u.id = o.user_id
        left join parcels p on p.order_id = o.id left join couriers c on c.id = p.courier_id
        where ${sql.join(orderListFilters(query), sql` and `)}
        order by o.created_at desc, o.id desc`,
  );
  return toCsv(
    [
      "Order number",
      "Order id",
      "Placed (Karachi time)",
      "Status",
      "Customer",
      "Phone",
      "E-mail",
      "Address",
      "Area",
      "Landmark",
      "City",
      "Postal code",
      "Account",
      "Items",
      "Pairs",
      "Subtotal (Rs.)",
      // Issue 51: what the lines' sale prices saved, and what an offer or a code took off the order.
      "Sale savings (Rs.)",
      "Discount (Rs.)",
      "Discount by",
      "COD fee (Rs.)",
      "Total (Rs.)",
      "Advance (Rs.)",
      "Advance paid",
      // What the rider collects: the total less the advance (issue 50); the total itself before.
      "To collect (Rs.)",
      "Courier",
      "Tracking number",
      "Paid (Karachi date)",
      "Collected (Rs.)",
      "Courier charges (Rs.)",
    ],
    rows.map((r) => [
      orderNumber(r.id),
      r.id,
      r.placed,
      statusLabel(r.status),
      r.full_name,
      readablePhone(r.phone_number),
      r.email,
      r.address_line,
      r.area,
      r.landmark,
      r.city,
      r.postal_code,
      r.username,
      r.items,
      r.pairs,
      r.subtotal,
      r.sale_savings,
      r.discount_amount,
      r.discount_label,
      r.cod_fee,
      r.total_amount,
      r.advance_amount,
      // Empty when no advance was asked, as a courier is for an order not dispatched.
      r.advance_amount > 0 ? (r.advance_paid ? "yes" : "no") : null,
      r.due_on_delivery,
      r.courier,
      r.tracking_number,
      r.paid,
      r.collected,
      r.charges,
    ]),
  );
}

const productExportRow = z.object({
  id: z.string(),
  name: z.string(),
  category_slug: z.string(),
  price: z.number(),
  discount_price: z.number(),
  archived: z.boolean(),
  sizes: z.array(sizeStock),
});

export async function productsCsv(db: Db, query: Omit<AdminProductsQuery, "page">): Promise<string> {
  const filters = [sql`true`];
  if (query.category) filters.push(sql`p.category_slug = ${query.category}`);
  if (query.archived !== undefined) filters.push(sql`(p.archived_at is not null) = ${query.archived}`);
  if (query.query) filters.push(sql`p.search_text like ${likePattern(query.query)}`);
  const rows = await selectRows(
    db,
    productExportRow,
    sql`select p.id, p.name, p.category_slug, p.price, p.discount_price, p.archived_at is not null as archived,
               coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock))
                         from product_sizes s where s.product_id = p.id), '[]'::json) as sizes
        from products p where ${sql.join(filters, sql` and `)}
        order by p.category_slug, p.position, p.id`,
  );
  const categoryName = new Map<string, string>(
    CATEGORIES.map((c) => [c.slug, `${c.gender === "men" ? "Men" : "Women"} · ${c.name}`]),
  );
  return toCsv(
    [
      "Product id",
      "Name",
      "Category",
      "Price (Rs.)",
      "Discount price (Rs.)",
      "On sale in the shop",
      "Pairs in stock",
      ...SIZES.map((size) => `Size ${size}`),
    ],
    rows.map((r) => {
      const stocks = new Map(r.sizes.map((s) => [s.size, s.stock]));
      return [
        r.id,
        r.name,
        categoryName.get(r.category_slug) ?? r.category_slug,
        r.price,
        r.discount_price,
        r.archived ? "no (archived)" : "yes",
        r.sizes.reduce((sum, s) => sum + s.stock, 0),
        // A size the product does not come in stays empty; 0 means offered but sold out.
        ...SIZES.map((size) => stocks.get(size)),
      ];
    }),
  );
}
