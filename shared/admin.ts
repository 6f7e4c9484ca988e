// The admin half of the API contract (issue 6, docs/architecture.md section 3): request schemas the admin API
// parses with and the admin screens validate with, and the answers both sides read. Every body is
// strict, so a request can never smuggle in a role, an id, a status or a timestamp.

import type { OrderEdit, OrderNote } from "./admin-orders.ts";
import type { ImageRef, ProductImage, SizeStock } from "./catalog.ts";
import { productIdSchema } from "./catalog-schemas.ts";
import { CATEGORY_SLUGS, type CategorySlug, isCategorySlug } from "./categories.ts";
import type { ConfirmationEvent } from "./confirmation.ts";
import type { AdminParcel, CashSummary } from "./couriers.ts";
import { FIT_NOTES, type FitNote } from "./fit-note.ts";
import { ORDER_STATUSES, type OrderStatus, OWNER_STATUS_MOVES, type ReturnKind } from "./order-life.ts";
import type { OrderRisk } from "./order-risk.ts";
import type { Order } from "./orders.ts";
import { productTagsSchema } from "./product-tags.ts";
import type { MatchedRule } from "./risk-rules.ts";
import type { SalesReport } from "./sales.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

/** Rows per page of every admin list. */
export const ADMIN_PAGE_SIZE = 25;
/** Sizes at or below this stock (and above 0) are listed as low on the dashboard. */
export const ADMIN_LOW_STOCK_AT = 3;
export const ADMIN_LOW_STOCK_LIMIT = 20;

/** Picture uploads: the raw file is the request body, its type the Content-Type header. */
export const ADMIN_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type AdminImageType = (typeof ADMIN_IMAGE_TYPES)[number];
export const ADMIN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ADMIN_IMAGE_ALT_MAX = 200;
export const ADMIN_MAX_IMAGES = 12;

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 4000;
export const PRODUCT_FEATURES_MAX = 20;
export const PRODUCT_FEATURE_MAX = 200;
export const PRODUCT_PRICE_MAX = 10_000_000;
export const SIZE_STOCK_MAX = 100_000;

export const ADMIN_MESSAGES = {
  productNotFound: "No product has that id.",
  orderNotFound: "No order has that id.",
  imageNotFound: "This product has no picture with that id.",
  imageType: `Upload a JPEG, PNG or WebP picture (Content-Type ${ADMIN_IMAGE_TYPES.join(", ")}).`,
  imageTooBig: `The picture is too big: at most ${ADMIN_IMAGE_MAX_BYTES / 1024 / 1024} MB, please.`,
  imageEmpty: "The upload is empty: send the picture's bytes as the request body.",
  imageUnreadable: "That file is not a picture we can read. Upload a JPEG, PNG or WebP photo.",
  imageMismatch: "The file's contents do not match its type. Upload a real JPEG, PNG or WebP photo.",
  tooManyImages: `A product can have at most ${ADMIN_MAX_IMAGES} pictures. Remove one first.`,
  imageOrder: "Send every picture id of this product exactly once, in the new order.",
  duplicateSize: "Each size can be listed only once.",
  discountAbovePrice: "The discount price cannot be more than the price.",
  alreadyArchived: "This product is already archived.",
  notArchived: "This product is not archived.",
  archivedEdit: "This product is archived. Restore it before changing it.",
  stockChanged: "Stock changed while you were editing (an order came in). Reload the product and try again.",
} as const;

const text = (what: string, max: number) =>
  z
    .string({ error: `The ${what} must be text.` })
    .trim()
    .min(1, { error: `Please enter the ${what}.` })
    .max(max, { error: `The ${what} can be at most ${max} characters long.` });

const rupees = (what: string) =>
  z
    .number({ error: `The ${what} must be a whole number of rupees.` })
    .int({ error: `The ${what} must be a whole number of rupees.` })
    .min(1, { error: `The ${what} must be at least Rs.1.` })
    .max(PRODUCT_PRICE_MAX, { error: `The ${what} can be at most Rs.${PRODUCT_PRICE_MAX}.` });

const sizeError = `Size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}.`;
const stockError = `Stock must be a whole number from 0 to ${SIZE_STOCK_MAX}.`;
export const sizeStockInputSchema = strictBody({
  size: z.number({ error: sizeError }).int({ error: sizeError }).min(MIN_SIZE, { error: sizeError }).max(MAX_SIZE, {
    error: sizeError,
  }),
  stock: z
    .number({ error: stockError })
    .int({ error: stockError })
    .min(0, { error: stockError })
    .max(SIZE_STOCK_MAX, { error: stockError }),
  /**
   * The stock the admin saw when the form opened. Orders keep selling while the form is open; when
   * this no longer matches, the save is refused (409) instead of overwriting what was sold.
   */
  expectedStock: z
    .number({ error: stockError })
    .int({ error: stockError })
    .min(0, { error: stockError })
    .max(SIZE_STOCK_MAX, { error: stockError })
    .optional(),
});

const categoryError = `Choose a category: ${CATEGORY_SLUGS.join(", ")}.`;
const colourError = "Choose a colour of the palette, such as black or brown (or null for none).";
const fitNoteError = `The fit must be one of: ${FIT_NOTES.join(", ")} (or null for none).`;

/**
 * A product as the admin creates or replaces it (POST and PUT take the same body). Sizes not
 * listed are not offered (the shop shows them as unavailable); discountPrice defaults to price.
 */
export const productInputSchema = strictBody({
  name: text("name", PRODUCT_NAME_MAX),
  description: text("description", PRODUCT_DESCRIPTION_MAX),
  features: z
    .array(text("feature", PRODUCT_FEATURE_MAX), { error: "Features must be a list of short texts." })
    .max(PRODUCT_FEATURES_MAX, { error: `At most ${PRODUCT_FEATURES_MAX} features, please.` })
    .default([]),
  category: z
    .string({ error: categoryError })
    .refine(isCategorySlug, { error: categoryError })
    .transform((v) => v as CategorySlug),
  price: rupees("price"),
  discountPrice: rupees("discount price").optional().nullable(),
  /** A slug of the colour palette (GET /api/colours); the server refuses one the palette lacks. */
  colour: z
    .string({ error: colourError })
    .max(30, { error: colourError })
    .regex(/^[a-z]+(-[a-z]+)*$/, { error: colourError })
    .nullable()
    .default(null),
  /** Left out, a product keeps its note (a new one has none); null clears it. */
  fitNote: z.enum(FIT_NOTES, { error: fitNoteError }).nullable().optional(),
  /** Left out, a product keeps its tags (a new one has none), as with the fit note. */
  tags: productTagsSchema.optional(),
  sizes: z
    .array(sizeStockInputSchema, { error: "Sizes must be a list of { size, stock }." })
    .max(MAX_SIZE - MIN_SIZE + 1, { error: "Each size can be listed only once." })
    .refine((sizes) => new Set(sizes.map((s) => s.size)).size === sizes.length, {
      error: "Each size can be listed only once.",
    }),
})
  .refine((p) => p.discountPrice == null || p.discountPrice <= p.price, {
    error: "The discount price cannot be more than the price.",
    path: ["discountPrice"],
  })
  .transform((p) => ({ ...p, discountPrice: p.discountPrice ?? p.price }));
export type ProductInput = z.output<typeof productInputSchema>;
/** What a form may send (discountPrice optional). */
export type ProductInputBody = z.input<typeof productInputSchema>;

const pageSchema = z.coerce
  .number({ error: "page must be a whole number from 1." })
  .int({ error: "page must be a whole number from 1." })
  .min(1, { error: "page must be a whole number from 1." })
  .max(10_000, { error: "page must be a whole number from 1 to 10000." })
  .default(1);

/** An optional search box: empty means no filter. */
const searchText = z
  .string({ error: "The search must be text." })
  .trim()
  .max(100, { error: "A search can be at most 100 characters long." })
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * GET /api/admin/products. Without `archived` the list holds live and archived products;
 * archived=false only live ones, archived=true only archived ones.
 */
export const adminProductsQuerySchema = z.object({
  query: searchText,
  category: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isCategorySlug(v), { error: `Unknown category. ${categoryError}` })
    .transform((v) => v as CategorySlug | undefined),
  archived: z
    .enum(["true", "false", ""], { error: "archived must be true or false." })
    .optional()
    .transform((v) => (v === "true" ? true : v === "false" ? false : undefined)),
  page: pageSchema,
});
export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;

const statusError = `status must be one of: ${ORDER_STATUSES.join(", ")}.`;

/** GET /api/admin/orders. `query` matches the customer's name, e-mail, username or mobile number, or the order id. */
export const adminOrdersQuerySchema = z.object({
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (ORDER_STATUSES as readonly string[]).includes(v), { error: statusError })
    .transform((v) => v as OrderStatus | undefined),
  query: searchText,
  page: pageSchema,
  /** 'awaiting': the orders waiting for the customer to confirm, the soonest to be cancelled first. */
  view: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v === "awaiting", { error: 'view must be "awaiting".' })
    .transform((v) => v as "awaiting" | undefined),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** GET /api/admin/customers. `query` matches username or e-mail. */
export const adminCustomersQuerySchema = z.object({ query: searchText, page: pageSchema });
export type AdminCustomersQuery = z.output<typeof adminCustomersQuerySchema>;

export const customerIdParamsSchema = z.object({ id: z.uuid({ error: "That is not a valid customer id." }) });

/** PUT /api/admin/customers/:id/blocked: true stops the customer from ordering, false lets them again. */
export const customerBlockInputSchema = strictBody({
  blocked: z.boolean({ error: "blocked must be true or false." }),
});

export const CUSTOMER_MESSAGES = {
  notFound: "No customer has that id.",
  adminNotBlockable: "An admin account cannot be blocked. Remove its admin role on the server first.",
  selfNotBlockable: "You cannot block your own account.",
} as const;

/** The moves the status call makes; `dispatched` needs a courier (POST /api/admin/orders/:id/dispatch). */
const moveError = `status must be one of: ${OWNER_STATUS_MOVES.join(", ")}.`;
/** POST /api/admin/orders/:id/status */
export const orderStatusInputSchema = strictBody({
  status: z.enum(OWNER_STATUS_MOVES, { error: moveError }),
});

/** PUT /api/admin/products/:id/images/order: every image id of the product, once, in the new order. */
export const imageOrderInputSchema = strictBody({
  imageIds: z
    .array(z.uuid({ error: "That is not a valid picture id." }), { error: ADMIN_MESSAGES.imageOrder })
    .max(ADMIN_MAX_IMAGES, { error: ADMIN_MESSAGES.imageOrder }),
});

/** POST /api/admin/products/:id/images?alt=… (the body is the picture itself). */
export const imageUploadQuerySchema = z.object({
  alt: z
    .string({ error: "alt must be text." })
    .trim()
    .max(ADMIN_IMAGE_ALT_MAX, { error: `The picture's description can be at most ${ADMIN_IMAGE_ALT_MAX} characters.` })
    .optional(),
});

export const adminIdParamsSchema = z.object({ id: productIdSchema });
export const orderIdParamsSchema = z.object({ id: z.uuid({ error: "That is not a valid order id." }) });
export const imageParamsSchema = z.object({
  id: productIdSchema,
  imageId: z.uuid({ error: "That is not a valid picture id." }),
});

// ---- Answers ----

export interface AdminCount {
  orders: number;
  /**
   * The period's takings (rupees): cash that reached the shop, after each courier's deductions
   * (cash.takings has the sum worked out).
   */
  revenue: number;
}

export interface LowStockSize {
  productId: string;
  name: string;
  size: number;
  stock: number;
}

/** GET /api/admin/dashboard. Days follow Karachi time; `week` is today and the 6 days before it. */
export interface AdminDashboard {
  today: AdminCount;
  week: AdminCount;
  /**
   * Orders waiting: for the customer's confirmation (pending; `held` of them held by the owner), and
   * confirmed ones to dispatch.
   */
  waiting: { pending: number; held: number; confirm: number };
  byStatus: Record<OrderStatus, number>;
  lowStock: LowStockSize[];
  /** The last 30 days' sales (issue 18, shared/sales.ts). */
  sales: SalesReport;
  /** Cash collected, still with couriers, and on the road (issue 32). */
  cash: CashSummary;
  /** Failed deliveries still to handle, and how many of them are due soon (issue 49, /admin/attempts). */
  failedDeliveries: { open: number; dueSoon: number };
}

export interface AdminProductSummary {
  _id: string;
  name: string;
  category: CategorySlug;
  price: number;
  discountPrice: number;
  discountPercentage: number;
  /** Pairs in stock over all sizes. */
  stock: number;
  archived: boolean;
  thumbnail: ImageRef | null;
}

export interface AdminProductList {
  products: AdminProductSummary[];
  page: number;
  hasMore: boolean;
  total: number;
}

export interface AdminProduct {
  _id: string;
  name: string;
  description: string;
  features: string[];
  category: CategorySlug;
  price: number;
  discountPrice: number;
  discountPercentage: number;
  colour: string | null;
  fitNote: FitNote | null;
  /** The owner's groups across categories (shared/product-tags.ts), as saved. */
  tags: string[];
  stock: number;
  /** Every size 37..46 in order; a size that is not offered has stock 0 and offered false. */
  sizes: (SizeStock & { offered: boolean })[];
  images: ProductImage[];
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdminOrderSummary {
  _id: string;
  status: OrderStatus;
  totalAmount: number;
  /** What the rider collects: the total less the advance (issue 50). */
  dueOnDelivery: number;
  createdAt: string;
  customer: { name: string; email: string; phone: string };
  itemCount: number;
  /** How the parcel came back, for a cancelled order that went out. */
  returnedAs: ReturnKind | null;
  /** What the shop's history says about it (shared/order-risk.ts): a level, its reasons, the customer's counts. */
  risk: OrderRisk;
  /**
   * A pending order's wait for the customer: when it is cancelled unanswered (null: held), reminded or
   * not; [Ours] the advance still due (0: none) and whether a receipt of it waits for the owner (issue 50).
   */
  awaiting: {
    cancelsAt: string | null;
    held: boolean;
    reminded: boolean;
    advanceDue: number;
    receiptWaiting: boolean;
  } | null;
}

export interface AdminOrderList {
  orders: AdminOrderSummary[];
  page: number;
  hasMore: boolean;
  total: number;
}

export interface OrderHistoryEntry {
  from: OrderStatus | null;
  to: OrderStatus;
  at: string;
  /** Who moved it; null when the shop itself did (placing the order). */
  actor: { username: string } | null;
  /** The move that recorded a parcel coming back, and how it came back. */
  returnedAs: ReturnKind | null;
  reason: string | null;
}

/** GET /api/admin/orders/:id: the order as customers see it, its account and its history. */
export interface AdminOrder extends Order {
  /** `emailVerified`: its owner pressed a link the shop mailed there (docs/decisions/024). */
  customer: { _id: string; username: string; email: string; emailVerified: boolean };
  history: OrderHistoryEntry[];
  /** Where the workflow lets this order move next (ORDER_TRANSITIONS). */
  allowedMoves: OrderStatus[];
  /** The parcel with its cash (the customer's view of it is `Order.parcel`). */
  parcel: AdminParcel | null;
  returnedAs: ReturnKind | null;
  /** Whether the parcel can be recorded as come back (a confirmed order). */
  canReturn: boolean;
  /** Whether the delivery details can still change (not delivered, not cancelled). */
  canEditAddress: boolean;
  /** The order's cash-on-delivery risk, with the customer's history it was read from. */
  risk: OrderRisk;
  /** The owner's rules it matched when it was placed, as they were then (shared/risk-rules.ts). */
  matchedRules: MatchedRule[];
  /** Internal notes, oldest first. */
  notes: OrderNote[];
  /** Changes to the delivery details, oldest first. */
  edits: OrderEdit[];
  /** Since when the owner holds this unconfirmed order (no reminder, no automatic cancellation). */
  heldAt: string | null;
  /** When the reminder to confirm was queued, if it was. */
  remindedAt: string | null;
  /** What happened while it waited for the customer (shared/confirmation.ts), oldest first. */
  confirmationHistory: ConfirmationEvent[];
}

/** A customer's orders by where they stand: open (pending or confirm), delivered, cancelled. */
export interface CustomerOrderCounts {
  open: number;
  delivered: number;
  cancelled: number;
}

/** Set when the owner blocked the customer from ordering: when, and which admin did. */
export interface CustomerBlock {
  at: string;
  /** Null when that admin's account is gone. */
  by: { username: string } | null;
}

export interface AdminCustomer {
  _id: string;
  username: string;
  email: string;
  role: "customer" | "admin";
  createdAt: string;
  /** Every order the account placed. */
  orderCount: number;
  orders: CustomerOrderCounts;
  blocked: CustomerBlock | null;
}

export interface AdminCustomerList {
  customers: AdminCustomer[];
  page: number;
  hasMore: boolean;
  total: number;
}
