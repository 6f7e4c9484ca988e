// The server cart (one per user), so a customer signing in on a second device finds it.
// Display fields always come from the catalogue; a line stores only product, size and quantity.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
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
import type { DiscountLine } from "#shared/promotions.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { cartLines, carts, productImages, productSizes, products } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";
import { cartDiscount } from "../promotions/discounts.ts";

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

interface LineRow {
  productId: string;
  size: number;
  quantity: number;
  name: string;
  description: string;
  price: number;
  discountPrice: number;
  imageId: string | null;
  stock: number;
}

const quantityRow = z.object({ quantity: z.number() });

export function createCartService(db: Db): CartService {
  /** The user's cart line rows (carts.user_id is unique: one cart at most). */
  const ofUserCart = (userId: string) =>
    inArray(cartLines.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)));

  /** The automatic offer these lines get now (issue 51), shown in the cart as soon as it applies. */
  async function offerOn(items: readonly CartLine[]): Promise<DiscountLine | null> {
    if (items.length === 0) return null;
    const { choice } = await cartDiscount(db, { userId: null, phone: null, lines: items, code: undefined });
    return choice.discount ? { amount: choice.discount.amount, label: choice.discount.label } : null;
  }

  async function get(userId: string): Promise<Cart> {
    // A size the admin no longer offers has no row: to the customer it is sold out (stock 0).
    const rows: LineRow[] = await db
      .select({
        productId: cartLines.productId,
        size: cartLines.size,
        quantity: cartLines.quantity,
        name: products.name,
        description: products.description,
        price: products.price,
        discountPrice: products.discountPrice,
        imageId: sql<string | null>`(select ${productImages.id} from ${productImages}
          where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
        stock: sql<number>`coalesce(${productSizes.stock}, 0)`,
      })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .innerJoin(products, and(eq(products.id, cartLines.productId), isNull(products.archivedAt)))
      .leftJoin(
        productSizes,
        and(eq(productSizes.productId, cartLines.productId), eq(productSizes.size, cartLines.size)),
      )
      .where(eq(carts.userId, userId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.productId), asc(cartLines.size));
    const items = rows.map(toCartLine);
    return { items, offer: await offerOn(items) };
  }

  /** The stock of one size of a product on sale; not-found for no such product, invalid for no such size. */
  async function sizeStock(productId: string, size: number): Promise<number> {
    // No row: no such product on sale; a null stock: it does not come in that size.
    const [row] = await db
      .select({ stock: productSizes.stock })
      .from(products)
      .leftJoin(productSizes, and(eq(productSizes.productId, products.id), eq(productSizes.size, size)))
      .where(and(eq(products.id, productId), isNull(products.archivedAt)));
    if (!row) throw notFound(NO_PRODUCT_FOUND);
    if (row.stock === null) throw invalid(sizeNotOfferedMessage(size));
    return row.stock;
  }

  async function currentQuantity(userId: string, productId: string, size: number): Promise<number> {
    const [row] = await db
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(ofUserCart(userId), eq(cartLines.productId, productId), eq(cartLines.size, size)));
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
      // One statement (raw SQL, for the CTE and the conditional upsert): create the cart if needed,
      // then add or merge the line only while the result stays within the cap, so two adds at once
      // cannot pass it together.
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
      const size = input.size === undefined ? undefined : eq(cartLines.size, input.size);
      await db.delete(cartLines).where(and(ofUserCart(userId), eq(cartLines.productId, input.productId), size));
      return get(userId);
    },

    async update(userId, input) {
      const size = input.size === undefined ? undefined : eq(cartLines.size, input.size);
      const lines = await db
        .select({ size: cartLines.size })
        .from(cartLines)
        .where(and(ofUserCart(userId), eq(cartLines.productId, input.productId), size));
      const [only, second] = lines;
      if (!only) throw notFound(CART_MESSAGES.notInCart);
      if (second) throw invalid(CART_MESSAGES.whichSize);
      const stock = await sizeStock(input.productId, only.size);
      if (input.quantity > stock) refuse(stock, only.size, input.quantity);
      const updated = await db
        .update(cartLines)
        .set({ quantity: input.quantity })
        .where(and(ofUserCart(userId), eq(cartLines.productId, input.productId), eq(cartLines.size, only.size)))
        .returning({ quantity: cartLines.quantity });
      if (updated.length === 0) throw notFound(CART_MESSAGES.notInCart);
      return get(userId);
    },

    async clear(userId) {
      await db.delete(cartLines).where(ofUserCart(userId));
      return { items: [] };
    },
  };
}

function toCartLine(row: LineRow): CartLine {
  return {
    productId: row.productId,
    name: row.name,
    description: row.description,
    image: row.imageId ? imageVariantUrl(row.imageId, CART_IMAGE_WIDTH, "webp") : "",
    price: row.price,
    discountPrice: row.discountPrice,
    discountPercentage: discountPercentage(row.price, row.discountPrice),
    size: row.size,
    quantity: row.quantity,
    stock: row.stock,
  };
}
