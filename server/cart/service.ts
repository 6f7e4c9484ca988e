// The server cart (one per user), so a customer signing in on a second device finds it.
// Display fields always come from the catalogue; a line stores only product, size and quantity.
import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  CART_MESSAGES,
  type Cart,
  type CartAdd,
  type CartLine,
  type CartRemove,
  type CartUpdate,
  cartStockMessage,
  MAX_LINE_QUANTITY,
  sizeNotOfferedMessage,
} from "#shared/cart.ts";
import { imageVariantUrl } from "#shared/catalog.ts";
import { discountPercentage } from "#shared/money.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";

export const NO_PRODUCT_FOUND = "No product found.";
/** The same address as a product's `imageUrl`, so local and server carts show one picture. */
const CART_IMAGE_WIDTH = 640;

export interface CartService {
  get(userId: string): Promise<Cart>;
  add(userId: string, line: CartAdd): Promise<Cart>;
  /** Without a size, removes every line of the product. Removing a missing line is not an error. */
  remove(userId: string, input: CartRemove): Promise<Cart>;
  update(userId: string, input: CartUpdate): Promise<Cart>;
  clear(userId: string): Promise<Cart>;
}

const lineRow = z.object({
  product_id: z.string(),
  size: z.number(),
  quantity: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  discount_price: z.number(),
  image_id: z.string().nullable(),
  stock: z.number(),
});
type LineRow = z.output<typeof lineRow>;

/** No row: no such product on sale; a null size: it does not come in that size. */
const stockRow = z.object({ size: z.number().nullable(), stock: z.number().nullable() });

const quantityRow = z.object({ quantity: z.number() });

export function createCartService(db: Db): CartService {
  const userCart = (userId: string) => sql`(select id from carts where user_id = ${userId})`;

  async function get(userId: string): Promise<Cart> {
    // A size the admin no longer offers has no row: to the customer it is sold out (stock 0).
    const rows = await selectRows(
      db,
      lineRow,
      sql`select l.product_id, l.size, l.quantity, p.name, p.description, p.price, p.discount_price,
                 (select i.id from product_images i where i.product_id = p.id order by i.position limit 1) as image_id,
                 coalesce(s.stock, 0) as stock
          from cart_lines l
          join carts c on c.id = l.cart_id
          join products p on p.id = l.product_id and p.archived_at is null
          left join product_sizes s on s.product_id = l.product_id and s.size = l.size
          where c.user_id = ${userId}
          order by l.added_at, l.product_id, l.size`,
    );
    return { items: rows.map(toCartLine) };
  }

  /** The stock of one size of a product on sale; not-found for no such product, invalid for no such size. */
  async function sizeStock(productId: string, size: number): Promise<number> {
    const [row] = await selectRows(
      db,
      stockRow,
      sql`select s.size, s.stock from products p
          left join product_sizes s on s.product_id = p.id and s.size = ${size}
          where p.id = ${productId} and p.archived_at is null`,
    );
    if (!row) throw notFound(NO_PRODUCT_FOUND);
    if (row.stock === null) throw invalid(sizeNotOfferedMessage(size));
    return row.stock;
  }

  async function currentQuantity(userId: string, productId: string, size: number): Promise<number> {
    const [row] = await selectRows(
      db,
      quantityRow,
      sql`select quantity from cart_lines
          where cart_id = ${userCart(userId)} and product_id = ${productId} and size = ${size}`,
    );
    return row?.quantity ?? 0;
  }

  function refuse(stock: number, size: number, wanted: number): never {
    if (wanted > MAX_LINE_QUANTITY) throw invalid(CART_MESSAGES.lineLimit);
    throw conflict(cartStockMessage(stock, size));
  }

  return {
    get,

    async add(userId, line) {
      const stock = await sizeStock(line.productId, line.size);
      const cap = Math.min(MAX_LINE_QUANTITY, stock);
      // One statement: create the cart if needed, then add or merge the line only while the
      // result stays within the cap, so two adds at once cannot pass it together.
      const rows = await selectRows(
        db,
        quantityRow,
        sql`with cart as (
              insert into carts (user_id) values (${userId})
              on conflict (user_id) do update set updated_at = now()
              returning id
            )
            insert into cart_lines (cart_id, product_id, size, quantity)
            select id, ${line.productId}::uuid, ${line.size}::smallint, ${line.quantity}::smallint from cart
            where ${line.quantity}::int <= ${cap}::int
            on conflict (cart_id, product_id, size) do update
              set quantity = cart_lines.quantity + excluded.quantity
              where cart_lines.quantity + excluded.quantity <= ${cap}::int
            returning quantity`,
      );
      if (rows.length === 0) {
        const have = await currentQuantity(userId, line.productId, line.size);
        refuse(stock, line.size, have + line.quantity);
      }
      return get(userId);
    },

    async remove(userId, input) {
      const size = input.size === undefined ? sql`` : sql`and size = ${input.size}`;
      await db.execute(
        sql`delete from cart_lines where cart_id = ${userCart(userId)} and product_id = ${input.productId} ${size}`,
      );
      return get(userId);
    },

    async update(userId, input) {
      const lines = await selectRows(
        db,
        z.object({ size: z.number() }),
        sql`select size from cart_lines where cart_id = ${userCart(userId)} and product_id = ${input.productId}
            ${input.size === undefined ? sql`` : sql`and size = ${input.size}`}`,
      );
      const [only, second] = lines;
      if (!only) throw notFound(CART_MESSAGES.notInCart);
      if (second) throw invalid(CART_MESSAGES.whichSize);
      const stock = await sizeStock(input.productId, only.size);
      if (input.quantity > stock) refuse(stock, only.size, input.quantity);
      const updated = await selectRows(
        db,
        quantityRow,
        sql`update cart_lines set quantity = ${input.quantity}
            where cart_id = ${userCart(userId)} and product_id = ${input.productId} and size = ${only.size}
            returning quantity`,
      );
      if (updated.length === 0) throw notFound(CART_MESSAGES.notInCart);
      return get(userId);
    },

    async clear(userId) {
      await db.execute(sql`delete from cart_lines where cart_id = ${userCart(userId)}`);
      return { items: [] };
    },
  };
}

function toCartLine(row: LineRow): CartLine {
  return {
    productId: row.product_id,
    name: row.name,
    description: row.description,
    image: row.image_id ? imageVariantUrl(row.image_id, CART_IMAGE_WIDTH, "webp") : "",
    price: row.price,
    discountPrice: row.discount_price,
    discountPercentage: discountPercentage(row.price, row.discount_price),
    size: row.size,
    quantity: row.quantity,
    stock: row.stock,
  };
}
