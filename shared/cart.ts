// The cart half of the API contract (docs/product.md sections 3, 7 and 9): request schemas and the cart
// line every client reads. The order summary the cart page and the server both compute is in
// shared/order-summary.ts (re-exported here), without zod.
import { MAX_LINE_QUANTITY } from "./cart-limits.ts";
import { productIdSchema } from "./catalog-schemas.ts";
import type { DiscountLine } from "./promotions.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";
import { z } from "./zod.ts";

export * from "./order-summary.ts";
export { MAX_LINE_QUANTITY };

const quantityError = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;
export const quantitySchema = z
  .number({ error: quantityError })
  .int({ error: quantityError })
  .min(1, { error: quantityError })
  .max(MAX_LINE_QUANTITY, { error: quantityError });

const sizeError = `Size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}.`;
export const sizeSchema = z
  .number({ error: sizeError })
  .int({ error: sizeError })
  .min(MIN_SIZE, { error: sizeError })
  .max(MAX_SIZE, { error: sizeError });

/** Fields outside the cart line (userId, role, status, …) are refused, never silently ignored. */
const cartBody = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unexpected field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`
        : "Send the cart line as a JSON object.",
  });

const cartProductId = z.string({ error: "Say which product: productId is missing." }).pipe(productIdSchema);

/**
 * A cart line as the web cart sends it. The display fields (name, price, stock, …) are accepted so
 * the client can send its whole line, but the server always takes them from the database.
 */
export const cartAddSchema = cartBody({
  productId: cartProductId,
  size: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, { error: "Please select a size before adding to cart." })
    .pipe(sizeSchema),
  quantity: quantitySchema.default(1),
  description: z.unknown().optional(),
  image: z.unknown().optional(),
  name: z.unknown().optional(),
  price: z.unknown().optional(),
  discountPrice: z.unknown().optional(),
  discountPercentage: z.unknown().optional(),
  stock: z.unknown().optional(),
});
export type CartAdd = z.output<typeof cartAddSchema>;

/** Without a size, every line of the product is removed (it may be in the cart in two sizes). */
export const cartRemoveSchema = cartBody({
  productId: cartProductId,
  size: sizeSchema.optional(),
});
export type CartRemove = z.output<typeof cartRemoveSchema>;

/** Without a size, the product must be in the cart in exactly one size. */
export const cartUpdateSchema = cartBody({
  productId: cartProductId,
  quantity: quantitySchema,
  size: sizeSchema.optional(),
});
export type CartUpdate = z.output<typeof cartUpdateSchema>;

/** One line of the cart, the fields of docs/product.md section 3. */
export interface CartLine {
  productId: string;
  name: string;
  description: string;
  /** The first image's address. */
  image: string;
  price: number;
  discountPrice: number;
  discountPercentage: number;
  size: number;
  quantity: number;
  /** Pairs of this size the shop has now (0 once it sold out), so the cart can cap its + button. */
  stock: number;
}

export interface Cart {
  items: CartLine[];
  /** [Ours] The automatic offer the lines get now (issue 51), reckoned by the server; null for none. */
  offer?: DiscountLine | null;
}

export const CART_MESSAGES = {
  signInToAdd: "You need to be signed in to add items to the cart.",
  pleaseSelectSize: "Please select a size before adding to cart.",
  added: "Added to cart",
  removed: "Removed from cart",
  notInCart: "This product is not in your cart.",
  whichSize: "This product is in your cart in more than one size. Say which size to change.",
  lineLimit: `You can have at most ${MAX_LINE_QUANTITY} pairs of one size in the cart.`,
} as const;

/** Refusal when a cart line would need more pairs than the shop has in that size. */
export function cartStockMessage(stock: number, size: number): string {
  return stock <= 0 ? `Size ${size} is sold out.` : `Only ${stock} left in size ${size}.`;
}

export function sizeNotOfferedMessage(size: number): string {
  return `This product does not come in size ${size}.`;
}
