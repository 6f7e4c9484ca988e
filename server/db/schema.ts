// The whole domain in one schema, shared by PGlite and PostgreSQL. Constraints live in the
// database so that no code path (a bug, a script, a race) can store an impossible row.
import { sql } from "drizzle-orm";
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const categories = pgTable(
  "categories",
  {
    slug: text().primaryKey(),
    gender: text().notNull(),
    name: text().notNull(),
    position: smallint().notNull(),
  },
  (t) => [check("categories_gender_check", sql`${t.gender} in ('men', 'women')`)],
);

export const products = pgTable(
  "products",
  {
    id: uuid().primaryKey().defaultRandom(),
    categorySlug: text()
      .notNull()
      .references(() => categories.slug),
    name: text().notNull(),
    description: text().notNull(),
    features: jsonb().$type<string[]>().notNull().default([]),
    price: integer().notNull(),
    discountPrice: integer().notNull(),
    /** Display order inside its category; the home page picks products by position. */
    position: integer().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
    // Search columns are derived by the database so they can never drift from the product.
    searchText: text().notNull().generatedAlwaysAs(sql`lower(name || ' ' || replace(category_slug, '-', ' '))`),
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, replace(category_slug, '-', ' ')), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')`,
      ),
    /** The name alone: a product named for the query ranks above one that matches elsewhere. */
    nameVector: tsvector().notNull().generatedAlwaysAs(sql`to_tsvector('english'::regconfig, name)`),
  },
  (t) => [
    check("products_price_check", sql`${t.price} > 0`),
    check("products_discount_price_check", sql`${t.discountPrice} > 0 and ${t.discountPrice} <= ${t.price}`),
    index("products_category_position_idx").on(t.categorySlug, t.position, t.id).where(sql`${t.archivedAt} is null`),
    // Search walks matches in catalogue order across all categories (server/catalog/search.ts).
    index("products_position_idx").on(t.position, t.id).where(sql`${t.archivedAt} is null`),
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_name_vector_idx").using("gin", t.nameVector),
    index("products_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Every word the catalogue uses, with its English stem: search corrects a typed word to the
 * nearest of these (trigram similarity on a few thousand rows, not on every product). Filled by
 * a trigger on products (migration 0002); a word no product uses any more only costs a row.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text().primaryKey(),
    lexeme: text().notNull(),
  },
  (t) => [
    index("search_words_lexeme_idx").on(t.lexeme),
    index("search_words_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: smallint().notNull(),
    alt: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** Where the pixels come from: 'demo:<product key>:<angle>' (drawn on demand) or 'upload'. */
    source: text().notNull(),
    createdAt: now(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const productSizes = pgTable(
  "product_sizes",
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: smallint().notNull(),
    stock: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check("product_sizes_size_check", sql`${t.size} between 37 and 46`),
    check("product_sizes_stock_check", sql`${t.stock} >= 0`),
    index("product_sizes_in_stock_idx").on(t.size, t.productId).where(sql`${t.stock} > 0`),
  ],
);

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text().notNull().default("customer"),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ('customer', 'admin')`),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: now(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const carts = pgTable("carts", {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  updatedAt: now(),
});

export const cartLines = pgTable(
  "cart_lines",
  {
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: smallint().notNull(),
    quantity: smallint().notNull(),
    addedAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId, t.size] }),
    check("cart_lines_quantity_check", sql`${t.quantity} between 1 and 10`),
    check("cart_lines_size_check", sql`${t.size} between 37 and 46`),
    index("cart_lines_product_idx").on(t.productId),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    status: text().notNull().default("pending"),
    subtotal: integer().notNull(),
    totalAmount: integer().notNull(),
    paymentMethod: text().notNull().default("cod"),
    fullName: text().notNull(),
    addressLine: text().notNull(),
    phoneNumber: text().notNull(),
    email: text().notNull(),
    city: text().notNull(),
    postalCode: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'confirm', 'delivered', 'cancelled')`),
    check("orders_amounts_check", sql`${t.totalAmount} >= 0 and ${t.subtotal} >= ${t.totalAmount}`),
    check("orders_payment_check", sql`${t.paymentMethod} = 'cod'`),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc()),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineNo: smallint().notNull(),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    // A copy of what the customer saw, so later catalogue edits never rewrite an order.
    name: text().notNull(),
    description: text().notNull(),
    imageUrl: jsonb().$type<string[]>().notNull(),
    size: smallint().notNull(),
    quantity: smallint().notNull(),
    price: integer().notNull(),
    discountPrice: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    check("order_lines_quantity_check", sql`${t.quantity} between 1 and 10`),
    check("order_lines_price_check", sql`${t.discountPrice} > 0 and ${t.discountPrice} <= ${t.price}`),
    index("order_lines_product_idx").on(t.productId),
  ],
);

export const orderStatusEvents = pgTable(
  "order_status_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** Who made the change; null when the system did. */
    actorUserId: uuid().references(() => users.id),
    createdAt: now(),
  },
  (t) => [index("order_status_events_order_idx").on(t.orderId, t.createdAt)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    /** The new password, already hashed: it takes effect only when the mailed link is opened. */
    newPasswordHash: text().notNull(),
    createdAt: now(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text().notNull(),
    /** Hash of the request body: the same key with another body is refused. */
    requestHash: text().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * Mails owed to customers, written in the same statement as what they announce, so a crash
 * between the two cannot lose one. Every instance drains it (server/mail/outbox.ts); a row is
 * leased while it is being sent and deleted once sent.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: now(),
    attempts: smallint().notNull().default(0),
    /** Not before then: the first try at once, a lease while sending, a back-off after a failure. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [
    check("mail_outbox_kind_check", sql`${t.kind} in ('order_confirmation')`),
    index("mail_outbox_due_idx").on(t.nextAttemptAt),
  ],
);
