// The order half of the API contract (docs/product.md sections 3, 5, 7 and 9; docs/architecture.md section 3):
// the checkout payload, the shipping address rules, and the order every client reads. The order's words
// (its messages, the city, the order number) are in shared/order-words.ts, re-exported here, without zod.

import { MAX_LINE_QUANTITY, quantitySchema, sizeSchema } from "./cart.ts";
import { productIdSchema } from "./catalog-schemas.ts";
import type { OrderParcel } from "./couriers.ts";
import { EMAIL_PATTERN } from "./email-pattern.ts";
import type { OrderExchanges } from "./exchanges.ts";
import { formatRs } from "./money.ts";
import type { OrderStatus } from "./order-life.ts";
import { DELIVERY_CITY, MAX_ORDER_LINES, ORDER_MESSAGES } from "./order-words.ts";
import { storedMobile } from "./phone.ts";
import { type DiscountLine, discountCodeSchema } from "./promotions.ts";
import { z } from "./zod.ts";

export * from "./order-words.ts";

const text = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters, please.` });

/** The longest a phone number may be as typed (spaces and dashes included), checked before the pattern. */
const PHONE_TYPED_MAX = 30;

/**
 * A Pakistani mobile number, the one a rider calls: 03xx xxxxxxx, or from abroad +92 3xx xxxxxxx,
 * 0092 3xx xxxxxxx or 92 3xx xxxxxxx. Spaces and dashes are allowed while typing; what is stored is
 * the digits, with a leading +92 for every international form (shared/phone.ts, storedMobile).
 */
export const phoneNumberSchema = z
  .string({ error: ORDER_MESSAGES.invalidPhone })
  .max(PHONE_TYPED_MAX, { error: ORDER_MESSAGES.invalidPhone, abort: true })
  .transform((v) => {
    const digits = v.replace(/[\s-]/g, "");
    return storedMobile(digits) ?? digits;
  })
  .pipe(z.string().regex(/^(?:03|\+923)\d{9}$/, { error: ORDER_MESSAGES.invalidPhone }));

export const shippingAddressSchema = z
  .object({
    fullName: text(ORDER_MESSAGES.fullName, 100),
    addressLine: text(ORDER_MESSAGES.addressLine, 300),
    phoneNumber: phoneNumberSchema,
    email: z
      .string({ error: ORDER_MESSAGES.invalidEmail })
      .trim()
      // abort: the pattern backtracks (quadratic time) on long input, so it only sees 254 characters.
      .max(254, { error: ORDER_MESSAGES.invalidEmail, abort: true })
      .regex(EMAIL_PATTERN, { error: ORDER_MESSAGES.invalidEmail }),
    city: z
      .string({ error: ORDER_MESSAGES.karachiOnly })
      .trim()
      .refine((v) => v.toLowerCase() === DELIVERY_CITY.toLowerCase(), { error: ORDER_MESSAGES.karachiOnly })
      .transform(() => DELIVERY_CITY),
    postalCode: z
      .string({ error: "The postal code must be text, e.g. 75500." })
      .trim()
      .max(10, { error: "The postal code can be at most 10 characters." })
      .optional()
      .nullable()
      .transform((v) => (v ? v : undefined)),
    // [Ours] The area from the shop's list of Karachi areas (checked against the table when the order
    // is placed) and a famous place nearby. Optional in the API, so the original system's client,
    // which sends neither, still orders; our checkout asks for the area.
    area: z
      .string({ error: ORDER_MESSAGES.area })
      .trim()
      .max(80, { error: ORDER_MESSAGES.area })
      .optional()
      .nullable()
      .transform((v) => (v ? v : undefined)),
    landmark: z
      .string({ error: ORDER_MESSAGES.landmark })
      .trim()
      .max(100, { error: ORDER_MESSAGES.landmark })
      .optional()
      .nullable()
      .transform((v) => (v ? v : undefined)),
  })
  .strict();
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/**
 * One order line as the web cart sends it: productId (or _id), size and quantity. Display
 * fields such as price or name are ignored: the server takes them from the database.
 */
export const orderItemSchema = z
  .object({
    productId: productIdSchema.optional(),
    _id: productIdSchema.optional(),
    size: z
      .unknown()
      .refine((v) => v !== undefined && v !== null, { error: "Every line needs a size." })
      .pipe(sizeSchema),
    quantity: quantitySchema,
  })
  .refine((item) => item.productId ?? item._id, { error: "Every line needs a productId." })
  .transform((item) => ({
    productId: (item.productId ?? item._id) as string,
    size: item.size,
    quantity: item.quantity,
  }));

const DELIVERY_COUNTRY = "Pakistan";

/**
 * The order's address as the API takes it: [Spec] the original system's client sends the country of
 * its own order model too, so a country is read when it says Pakistan (a clear 400 otherwise) and not
 * kept; our checkout sends none. The address book and the owner's edits take no country.
 */
const orderAddressSchema = shippingAddressSchema
  .extend({
    country: z
      .string({ error: ORDER_MESSAGES.pakistanOnly })
      .trim()
      .refine((v) => v.toLowerCase() === DELIVERY_COUNTRY.toLowerCase(), { error: ORDER_MESSAGES.pakistanOnly })
      .optional(),
  })
  .transform(({ country: _country, ...address }): ShippingAddress => address);

/** The checkout payload. Unknown top-level keys (status, _id, price, …) are refused. */
export const newOrderSchema = z
  .object({
    userId: z.string({ error: "userId is missing." }).min(1, { error: "userId is missing." }),
    items: z
      .array(orderItemSchema, { error: ORDER_MESSAGES.noItems })
      .min(1, { error: ORDER_MESSAGES.noItems })
      .max(MAX_ORDER_LINES, { error: ORDER_MESSAGES.tooManyLines }),
    shippingAddress: orderAddressSchema,
    totalAmount: z
      .number({ error: "totalAmount must be a whole number of rupees." })
      .int({ error: "totalAmount must be a whole number of rupees." })
      .min(0, { error: "totalAmount must be a whole number of rupees." }),
    /** [Ours] A discount code the customer typed (issue 51); the total sent is after its discount. */
    discountCode: discountCodeSchema.optional(),
  })
  .strict();
export type NewOrder = z.output<typeof newOrderSchema>;

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const idempotencyKeySchema = z
  .string({ error: ORDER_MESSAGES.idempotencyKey })
  .regex(/^[\x20-\x7E]{1,100}$/, { error: ORDER_MESSAGES.idempotencyKey });

/**
 * POST /api/orders/new-order's answer: the order's fields, which our checkout reads, and the same
 * order under `order`, which the original system's client reads (its backend answered `{ order }`).
 */
export type PlacedOrderAnswer = Order & { order: Order };

export const placedOrderAnswer = (order: Order): PlacedOrderAnswer => ({ ...order, order });

/**
 * GET /api/orders/by-key's answer: the order the customer placed with that Idempotency-Key, or null
 * when the key placed none (a checkout whose answer was lost asks, docs/product.md section 4).
 */
export interface OrderPlacedWithKey {
  order: Order | null;
}

export interface OrderItem {
  productId: string;
  name: string;
  description: string;
  imageUrl: string[];
  price: number;
  discountPrice: number;
  discountPercentage: number;
  size: number;
  quantity: number;
}

/** A status the order reached, and when (the first is `pending`, when it was placed). */
export interface OrderStatusStep {
  status: OrderStatus;
  at: string;
}

/** Where the order stands with the customer's confirmation (docs/decisions/017-order-confirmation.md). */
export interface OrderConfirmationState {
  /** Pending: the shop waits for the customer to confirm or cancel it. */
  awaiting: boolean;
  /** When an unanswered order is cancelled; null when the shop holds it or it is not awaiting. */
  cancelsAt: string | null;
  /** How and when the customer answered, once they did. */
  answered: { via: AnswerChannel; at: string } | null;
}

/** Where a customer's confirm or cancel came from: a signed-in page, the mailed link, WhatsApp. */
export const ANSWER_CHANNELS = ["shop", "link", "whatsapp"] as const;
export type AnswerChannel = (typeof ANSWER_CHANNELS)[number];

export interface Order {
  _id: string;
  items: OrderItem[];
  status: OrderStatus;
  /** What the customer pays on delivery (discount prices; delivery is free). */
  totalAmount: number;
  /** The same lines at full price (docs/product.md section 9). */
  subtotal: number;
  paymentMethod: "cod";
  shippingAddress: ShippingAddress;
  createdAt: string;
  /** [Ours] Each status with its date, oldest first. */
  statusHistory: OrderStatusStep[];
  /** [Ours] The customer's confirmation of a cash-on-delivery order. */
  confirmation: OrderConfirmationState;
  /** [Ours] The courier and tracking number, once the order is dispatched. */
  parcel: OrderParcel | null;
  /** [Ours] Exchanges asked on its pairs, and until when they can be (issue 33). */
  exchanges: OrderExchanges;
  /** [Ours] The cash-on-delivery fee an owner's rule added, part of totalAmount (issue 50); 0 for none. */
  codFee: number;
  /** [Ours] The advance asked before the order is prepared (issue 50), or null when none was. */
  advance: OrderAdvance | null;
  /** [Ours] What the rider collects at the door: totalAmount less the advance. */
  dueOnDelivery: number;
  /** [Ours] What an offer or a discount code took off, already out of totalAmount (issue 51); null for none. */
  discount: DiscountLine | null;
}

/** [Ours] An advance an order's rules asked (issue 50, docs/decisions/038-cod-fee-and-advance.md). */
export interface OrderAdvance {
  amount: number;
  /** When it was verified or paid; null while it is due. */
  paidAt: string | null;
  /** A receipt the customer sent that the owner has not decided yet (the order does not lapse meanwhile). */
  receiptWaiting: boolean;
}

export function pricesChangedMessage(total: number): string {
  return `Prices have changed. The total is now ${formatRs(total)}.`;
}

export function orderStockMessage(stock: number, size: number, name: string): string {
  return stock <= 0 ? `Size ${size} of ${name} is sold out.` : `Only ${stock} left in size ${size} of ${name}.`;
}

export function mergedQuantityMessage(size: number): string {
  return `An order can have at most ${MAX_LINE_QUANTITY} pairs of one product in size ${size}.`;
}
