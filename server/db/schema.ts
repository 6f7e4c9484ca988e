// The whole domain in one schema, shared by PGlite and PostgreSQL. Constraints live in the
// database so that no code path (a bug, a script, a race) can store an impossible row.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
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
import { ORDER_STATUSES } from "#shared/order-life.ts";
import { OPEN_STATUS_LIST, statusList } from "./status-sql.ts";

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

/** The small fixed palette a product's colour is picked from (migration 0004 holds it). */
export const colours = pgTable(
  "colours",
  {
    slug: text().primaryKey(),
    name: text().notNull(),
    hex: text().notNull(),
    position: smallint().notNull(),
  },
  (t) => [
    check("colours_slug_check", sql`${t.slug} ~ '^[a-z]+(-[a-z]+)*$'`),
    check("colours_hex_check", sql`${t.hex} ~ '^#[0-9a-f]{6}$'`),
  ],
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
    colour: text().references(() => colours.slug),
    /** How the style fits against the chart (shared/fit-note.ts): the product page advises from it; null says nothing. */
    fitNote: text(),
    /**
     * The owner's words for a group of products across categories, such as "Eid collection" (issue 51):
     * a scheduled sale can take every product with a tag.
     */
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * The buyers' approved reviews, summed (issue 53): kept by server/reviews/moderation.ts in the
     * transaction that publishes or withdraws a review, so the page and the rating sort read no reviews.
     */
    ratingCount: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    fitSmall: integer().notNull().default(0),
    fitTrue: integer().notNull().default(0),
    fitLarge: integer().notNull().default(0),
    /**
     * The 'Top rated' sort's key: the average pulled toward 3.5 by two imagined reviews, so one 5-star
     * review does not outrank forty at 4.8 (docs/decisions/044-reviews.md).
     */
    ratingRank: doublePrecision().notNull().generatedAlwaysAs(sql`(rating_sum + 7)::float8 / (rating_count + 2)`),
    /** Bit (size - 37) set while that size has stock; kept by triggers on product_sizes (migration 0004). */
    sizesInStock: integer().notNull().default(0),
    discountPercent: smallint()
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN discount_price >= price THEN 0 ELSE round((price - discount_price) * 100.0 / price)::smallint END`,
      ),
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
    /** The colour and price bucket as lexemes ('#c:black', '#p:4'), so a search's gather narrows by them (migration 0013). */
    filterVector: tsvector().notNull().generatedAlwaysAs(sql`product_filter_vector(colour, discount_price)`),
  },
  (t) => [
    check("products_price_check", sql`${t.price} > 0`),
    check("products_discount_price_check", sql`${t.discountPrice} > 0 and ${t.discountPrice} <= ${t.price}`),
    check("products_fit_note_check", sql`${t.fitNote} in ('runs-small', 'true-to-size', 'runs-large')`),
    // One index per sort of a list, each carrying the filter columns (migration 0004 adds INCLUDE).
    index("products_list_featured_idx").on(t.categorySlug, t.position, t.id).where(sql`${t.archivedAt} is null`),
    index("products_list_newest_idx").on(t.categorySlug, t.createdAt.desc(), t.id).where(sql`${t.archivedAt} is null`),
    index("products_list_price_idx").on(t.categorySlug, t.discountPrice, t.id).where(sql`${t.archivedAt} is null`),
    index("products_list_rating_idx")
      .on(t.categorySlug, t.ratingRank.desc(), t.position, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_list_discount_idx")
      .on(t.categorySlug, t.discountPercent.desc(), t.position, t.id)
      .where(sql`${t.archivedAt} is null`),
    // Search walks matches in catalogue order across all categories (server/catalog/search.ts);
    // migration 0010 adds INCLUDE (the filter columns and both vectors), so the walk reads no table rows.
    index("products_position_idx").on(t.position, t.id).where(sql`${t.archivedAt} is null`),
    // A search tier's gather asks for its words and the filters' lexemes from one index (migration 0013).
    index("products_name_filter_idx").using("gin", sql`(${t.nameVector} || ${t.filterVector})`),
    index("products_search_filter_idx").using("gin", sql`(${t.searchVector} || ${t.filterVector})`),
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

/** Words that mean the same to a shopper ('joota' means shoe, 'gents' means men), edited by the owner. */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    word: text().primaryKey(),
    means: text().notNull(),
    createdAt: now(),
  },
  (t) => [
    check("search_synonyms_word_check", sql`${t.word} ~ '^[a-z0-9]+$' AND length(${t.word}) <= 40`),
    check("search_synonyms_means_check", sql`length(${t.means}) BETWEEN 1 AND 80`),
  ],
);

/**
 * Words for what the shop does not sell (children's shoes, bags, brands it does not carry), edited by
 * the owner: a search with one is answered in words, not with unrelated products (decision 025).
 */
export const notSoldWords = pgTable(
  "not_sold_words",
  {
    word: text().primaryKey(),
    kind: text().notNull(),
    createdAt: now(),
  },
  (t) => [
    check("not_sold_words_word_check", sql`${t.word} ~ '^[a-z0-9]+$' AND length(${t.word}) <= 40`),
    check("not_sold_words_kind_check", sql`${t.kind} IN ('children', 'other product', 'brand')`),
  ],
);

/**
 * Searches that found nothing or little (at most 2 products), one row per normalised query per day:
 * what the owner's /admin/searches reads. Kept 30 days (the insert prunes older days).
 */
export const searchMisses = pgTable(
  "search_misses",
  {
    day: date({ mode: "string" }).notNull(),
    query: text().notNull(),
    count: integer().notNull().default(1),
    dropped: text().array().notNull(),
    results: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.query] }),
    check("search_misses_query_check", sql`length(${t.query}) <= 200`),
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
    /** The shopper's own EU size, offered as 'only my size' on every list. */
    shoeSize: smallint(),
    createdAt: now(),
    updatedAt: now(),
    /** Set by the owner: a blocked customer's orders are refused (server/orders/order-limits.ts). */
    blockedAt: timestamp({ withTimezone: true }),
    /** The admin who blocked them. */
    blockedBy: uuid().references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /**
     * When the owner of the e-mail pressed a link the shop mailed there (docs/decisions/024); until
     * then the shop's mails to it carry none of the text typed into the account's orders.
     */
    emailVerifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ('customer', 'admin')`),
    check("users_shoe_size_check", sql`${t.shoeSize} between 37 and 46`),
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
    /** A cancelled order whose parcel came back: 'refused' at the door or 'returned' later. */
    returnedAs: text(),
    /** The last ten digits of the phone (3xxxxxxxxx), so 03xx and +923xx find the same customer. */
    phoneKey: text().notNull().generatedAlwaysAs(sql`right(regexp_replace(phone_number, '\\D', '', 'g'), 10)`),
    /** The Karachi area picked at checkout (table karachi_areas); null on orders placed before it was asked. */
    area: text(),
    /** A famous place near the address, so the rider finds it (its own field since migration 0016). */
    landmark: text(),
    /** When the customer confirmed or cancelled the order themselves, and through which channel. */
    answeredAt: timestamp({ withTimezone: true }),
    answeredVia: text(),
    /** When the one reminder to confirm was queued (docs/decisions/017-order-confirmation.md). */
    remindedAt: timestamp({ withTimezone: true }),
    /** Set while the owner holds an unconfirmed order: no reminder, no automatic cancellation. */
    heldAt: timestamp({ withTimezone: true }),
    /**
     * When the reminder is due and when the order is cancelled unanswered: the owner's times as they
     * were when it was placed, so a later change never moves what its customer was told (issue 46).
     * Null on orders that never waited for the customer (an exchange's own order).
     */
    remindAt: timestamp({ withTimezone: true }),
    cancelAt: timestamp({ withTimezone: true }),
    /**
     * The owner's rules (risk_rules) this order matched when it was placed, as they were then:
     * [{ id, name, action }]. Kept on the order so a rule edited or deleted later never changes what
     * the order was held to (the owner's confirm waits for the customer on a confirmFirst one).
     */
    riskRules: jsonb().notNull().default(sql`'[]'::jsonb`),
    /**
     * The cash-on-delivery fee an owner's rule added at checkout (issue 50), inside total_amount:
     * the customer saw it before placing, and it is part of what they pay.
     */
    codFee: integer().notNull().default(0),
    /**
     * The advance an owner's rule asked before the order is prepared (issue 50), part of
     * total_amount: paid by transfer (a receipt the owner verifies) or a hosted checkout. The order
     * waits for it as for the customer's confirmation, and lapses the same way unpaid.
     */
    advanceAmount: integer().notNull().default(0),
    /** When the advance was verified or paid; then the order went on. */
    advancePaidAt: timestamp({ withTimezone: true }),
    /**
     * What the rider collects at the door: the total less the advance. One column every reader
     * takes (booking, dispatch, cash, mails, slips, CSV), so they can never disagree with the order.
     */
    dueOnDelivery: integer().notNull().generatedAlwaysAs(sql`total_amount - advance_amount`),
    /**
     * What an automatic offer or a discount code took off the lines at checkout (issue 51), already
     * out of total_amount (so out of due_on_delivery): one of the two, never both
     * (docs/decisions/041-offers-and-codes.md). The label says which, as the customer saw it.
     */
    discountAmount: integer().notNull().default(0),
    discountLabel: text(),
    discountCodeId: uuid().references((): AnyPgColumn => discountCodes.id),
    offerId: uuid().references((): AnyPgColumn => offers.id),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ${statusList(ORDER_STATUSES)}`),
    check(
      "orders_returned_as_check",
      sql`${t.returnedAs} is null or (${t.returnedAs} in ('refused', 'returned') and ${t.status} = 'cancelled')`,
    ),
    index("orders_phone_key_idx").on(t.phoneKey, t.status),
    // The COD fee is the one part of the total the lines' full prices do not hold.
    check(
      "orders_amounts_check",
      sql`${t.totalAmount} >= 0 and ${t.codFee} >= 0 and ${t.subtotal} + ${t.codFee} >= ${t.totalAmount}`,
    ),
    check(
      "orders_advance_check",
      sql`${t.advanceAmount} between 0 and ${t.totalAmount} and (${t.advancePaidAt} is null or ${t.advanceAmount} > 0)`,
    ),
    check("orders_payment_check", sql`${t.paymentMethod} = 'cod'`),
    // The owner's report of each code and offer (server/promotions/report.ts) finds their orders by these.
    index("orders_discount_code_idx").on(t.discountCodeId).where(sql`${t.discountCodeId} is not null`),
    index("orders_offer_idx").on(t.offerId).where(sql`${t.offerId} is not null`),
    check(
      "orders_discount_check",
      sql`${t.discountAmount} >= 0 and (${t.discountAmount} = 0) = (${t.discountLabel} is null) and (${t.discountCodeId} is null or ${t.offerId} is null)`,
    ),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc()),
    index("orders_user_open_idx").on(t.userId).where(sql`${t.status} in ${OPEN_STATUS_LIST}`),
    check(
      "orders_answered_via_check",
      sql`${t.answeredVia} is null or ${t.answeredVia} in ('shop', 'link', 'whatsapp')`,
    ),
    // What the confirmation job reads each minute: the unconfirmed orders nobody holds, oldest first.
    index("orders_awaiting_idx").on(t.createdAt).where(sql`${t.status} = 'pending' and ${t.heldAt} is null`),
    // ... and, by their own times, the ones due a reminder and the ones due to be cancelled.
    index("orders_remind_due_idx")
      .on(t.remindAt)
      .where(sql`${t.status} = 'pending' and ${t.heldAt} is null and ${t.remindedAt} is null`),
    index("orders_cancel_due_idx").on(t.cancelAt).where(sql`${t.status} = 'pending' and ${t.heldAt} is null`),
    check(
      "orders_waiting_times_check",
      sql`${t.status} <> 'pending' or (${t.remindAt} is not null and ${t.cancelAt} > ${t.remindAt})`,
    ),
    // The delivery report reads the orders placed in the last 30 or 90 days, whatever their status.
    index("orders_created_idx").on(t.createdAt),
    // Parcels that came back to one address, whoever ordered them: the risk view's refusals at the same
    // address (server/admin/order-risk.ts). Partial: only returned parcels are ever looked up by address.
    index("orders_address_back_idx")
      .on(sql`address_key(${t.addressLine}, ${t.area})`)
      .where(sql`${t.returnedAs} is not null`),
  ],
);

/**
 * What happened while an order waited for the customer: asked (by mail or WhatsApp), reminded, a
 * WhatsApp request or reminder skipped for a daily limit (server/confirmation/whatsapp-phones.ts),
 * confirmed or cancelled (by the customer, through a channel), held or released by the owner, or
 * cancelled by the job because nobody answered. The owner's order page shows it as a history.
 */
export const orderConfirmationEvents = pgTable(
  "order_confirmation_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    /** mail, whatsapp, shop (a signed-in page), link (the mailed link), owner, or null for the job. */
    channel: text(),
    actorUserId: uuid().references(() => users.id),
    createdAt: now(),
  },
  (t) => [
    check(
      "order_confirmation_events_kind_check",
      sql`${t.kind} in ('asked', 'reminded', 'skipped', 'confirmed', 'cancelled', 'held', 'released', 'expired')`,
    ),
    index("order_confirmation_events_order_idx").on(t.orderId, t.createdAt),
  ],
);

/**
 * WhatsApp messages already applied, by Meta's message id (wamid): Meta delivers a webhook at least
 * once, so a press delivered twice is recognised and answered without acting again.
 */
export const whatsappInbound = pgTable("whatsapp_inbound", {
  messageId: text().primaryKey(),
  orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
  outcome: text().notNull(),
  receivedAt: now(),
});

/**
 * Mobiles that turned the shop's WhatsApp parcel updates off (issue 53): by replying STOP to the
 * shop's number or by the signed link in a parcel mail or message (server/whatsapp/opt-outs.ts). The
 * number in E.164 (+923001234567); mails still go. START by WhatsApp deletes the row.
 */
export const whatsappOptOuts = pgTable(
  "whatsapp_opt_outs",
  {
    phone: text().primaryKey(),
    via: text().notNull(),
    stoppedAt: now(),
  },
  (t) => [
    check("whatsapp_opt_outs_phone_check", sql`${t.phone} ~ '^[+]923[0-9]{9}$'`),
    check("whatsapp_opt_outs_via_check", sql`${t.via} in ('reply', 'link')`),
  ],
);

/**
 * A customer's mobile shown to be theirs (docs/decisions/024, "Phones"): a Confirm press on the shop's
 * WhatsApp request came from this very number (E.164, +923001234567) for one of the account's orders.
 * Until then the shop's WhatsApp messages to it about the account's orders carry none of the text
 * typed into them. Per account: another account typing the same number has proven nothing.
 */
export const provenPhones = pgTable(
  "proven_phones",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phone: text().notNull(),
    provenAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.phone] }),
    check("proven_phones_phone_check", sql`${t.phone} ~ '^[+]923[0-9]{9}$'`),
  ],
);

/**
 * Each WhatsApp request or reminder the shop decided to send or to skip for a daily limit
 * (server/confirmation/whatsapp-phones.ts): what the limits count. One row per order and kind, so a
 * send that failed and is tried again is decided, and counted, once.
 */
export const whatsappSends = pgTable(
  "whatsapp_sends",
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    /** E.164, as proven_phones. */
    phone: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Not proven for the account when decided: counted against the phone's own limit. */
    unproven: boolean().notNull(),
    skipped: boolean().notNull(),
    decidedAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.kind] }),
    check("whatsapp_sends_kind_check", sql`${t.kind} in ('whatsapp_confirm', 'whatsapp_reminder')`),
    check("whatsapp_sends_phone_check", sql`${t.phone} ~ '^[+]923[0-9]{9}$'`),
    // The limits' counts: one phone's, one account's, over the last day.
    index("whatsapp_sends_phone_idx").on(t.phone, t.decidedAt),
    index("whatsapp_sends_user_idx").on(t.userId, t.decidedAt),
  ],
);

/**
 * The owner's confirmation rules, one row: when the reminder goes out and when an unconfirmed order
 * is cancelled, in minutes after it was placed.
 */
export const confirmationSettings = pgTable(
  "confirmation_settings",
  {
    id: smallint().primaryKey().default(1),
    remindAfterMinutes: integer().notNull().default(720),
    cancelAfterMinutes: integer().notNull().default(2880),
    updatedAt: now(),
  },
  (t) => [
    check("confirmation_settings_one_row", sql`${t.id} = 1`),
    check(
      "confirmation_settings_times_check",
      sql`${t.remindAfterMinutes} >= 5 and ${t.cancelAfterMinutes} > ${t.remindAfterMinutes} and ${t.cancelAfterMinutes} <= 20160`,
    ),
  ],
);

/** Secrets the instances share, made once by the first that needs one (the confirmation links' key). */
export const shopSecrets = pgTable("shop_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: now(),
});

/**
 * Karachi's areas (towns, blocks, phases, sectors) offered at checkout so a rider can find the
 * address; seeded by migration 0016 (its list of areas), edited by the owner.
 */
export const karachiAreas = pgTable(
  "karachi_areas",
  {
    name: text().primaryKey(),
    /** The district or town it belongs to, shown beside the name to tell similar names apart. */
    district: text().notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [check("karachi_areas_name_check", sql`length(${t.name}) between 2 and 80`)],
);

/**
 * Who carries parcels to the door (docs/decisions/018-couriers.md): the courier companies and the
 * shop's own rider, edited by the owner and seeded by migration 0017.
 */
export const couriers = pgTable(
  "couriers",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** The courier's public tracking page with `{number}` where the tracking number goes; null for none. */
    trackingUrl: text(),
    active: boolean().notNull().default(true),
    /** The shop's own rider: no tracking page, no payment report, the cash handed over by hand. */
    ownRider: boolean().notNull().default(false),
    riderName: text(),
    riderPhone: text(),
    /** The column names of this courier's CSV files, by kind of file, remembered from the last import. */
    csvColumns: jsonb().$type<Record<string, Record<string, string | null>>>().notNull().default({}),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex("couriers_name_idx").on(sql`lower(${t.name})`),
    check("couriers_name_check", sql`length(${t.name}) between 2 and 60`),
    check(
      "couriers_tracking_url_check",
      sql`${t.trackingUrl} is null or (${t.trackingUrl} like 'http%' and ${t.trackingUrl} like '%{number}%')`,
    ),
  ],
);

/**
 * A courier's terms as the owner's contract states them (issue 48): what it charges to deliver a
 * parcel (flat, or by weight: the first half kilo and each half kilo after), its cash-on-delivery fee
 * (a share of the amount with a minimum), the sales tax on its charges, the withholding tax it
 * deducts from the cash (Finance Act 2025), what it charges to bring a refused parcel back, and when
 * it pays out. Rates are basis points (1.5% = 150); money whole rupees. `isDefault`: seeded from
 * published rates, to be checked against the owner's contract (docs/decisions/033-cash-reconciliation.md).
 */
export const courierTerms = pgTable(
  "courier_terms",
  {
    courierId: uuid()
      .primaryKey()
      .references(() => couriers.id, { onDelete: "cascade" }),
    deliveryBy: text().notNull().default("flat"),
    /** Flat: every parcel; by weight: the first 500 g. */
    deliveryCharge: integer().notNull(),
    /** By weight: each further 500 g or part of it. */
    perExtraHalfKilo: integer().notNull().default(0),
    codFeeBasisPoints: integer().notNull().default(0),
    codFeeMinimum: integer().notNull().default(0),
    salesTaxBasisPoints: integer().notNull().default(0),
    withholdingBasisPoints: integer().notNull().default(0),
    returnCharge: integer().notNull().default(0),
    /** 'weekly' on payoutWeekday (0 Sunday … 6 Saturday, Karachi), or 'hours' within payoutHours of delivery. */
    payoutCycle: text().notNull(),
    payoutWeekday: smallint(),
    payoutHours: integer(),
    isDefault: boolean().notNull().default(false),
    updatedAt: now(),
  },
  (t) => [
    check("courier_terms_delivery_by_check", sql`${t.deliveryBy} in ('flat', 'weight')`),
    check(
      "courier_terms_amounts_check",
      sql`${t.deliveryCharge} >= 0 and ${t.perExtraHalfKilo} >= 0 and ${t.codFeeMinimum} >= 0 and ${t.returnCharge} >= 0`,
    ),
    check(
      "courier_terms_rates_check",
      sql`${t.codFeeBasisPoints} between 0 and 10000 and ${t.salesTaxBasisPoints} between 0 and 10000
          and ${t.withholdingBasisPoints} between 0 and 10000`,
    ),
    check(
      "courier_terms_payout_check",
      sql`(${t.payoutCycle} = 'weekly' and ${t.payoutWeekday} between 0 and 6 and ${t.payoutHours} is null)
          or (${t.payoutCycle} = 'hours' and ${t.payoutHours} between 1 and 720 and ${t.payoutWeekday} is null)`,
    ),
  ],
);

/** A courier file imported (dispatch numbers, statuses, a payment report), once per file's contents. */
export const courierImports = pgTable(
  "courier_imports",
  {
    id: uuid().primaryKey().defaultRandom(),
    courierId: uuid()
      .notNull()
      .references(() => couriers.id),
    kind: text().notNull(),
    /** SHA-256 of the file's text: the same file imported again is recognised and applies nothing. */
    fileHash: text().notNull(),
    fileName: text(),
    /** How many lines had each outcome. */
    summary: jsonb().$type<Record<string, number>>().notNull(),
    actorUserId: uuid().references(() => users.id),
    createdAt: now(),
  },
  (t) => [
    check("courier_imports_kind_check", sql`${t.kind} in ('dispatch', 'status', 'payment')`),
    uniqueIndex("courier_imports_file_idx").on(t.courierId, t.kind, t.fileHash),
  ],
);

/**
 * An order's parcel once it is handed to a courier or the shop's rider: the tracking number, what
 * the courier collects at the door, and the cash that came back to the shop (from the courier's
 * payment report, or handed over by the rider) with the courier's charges.
 */
export const parcels = pgTable(
  "parcels",
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    courierId: uuid()
      .notNull()
      .references(() => couriers.id),
    /** The courier's number (CN); null for the shop's own rider. */
    trackingNumber: text(),
    dispatchedAt: now(),
    dispatchedBy: uuid().references(() => users.id),
    /** What the courier collects at the door: the order's total when it was dispatched. */
    codAmount: integer().notNull(),
    /** Cash the shop received for this parcel; set with settledAt. */
    collectedAmount: integer(),
    /** What the courier charged for it (both ways for a parcel that came back): the deductions' sum. */
    charges: integer(),
    /** The payment report's deductions, each as the courier stated it (null: the report had no such column). */
    deliveryCharge: integer(),
    codFee: integer(),
    salesTax: integer(),
    withholdingTax: integer(),
    returnCharge: integer(),
    /** What reached the shop's bank for this parcel: collected minus every deduction (negative: the shop owes). */
    netPaid: integer(),
    payoutReference: text(),
    payoutDate: date({ mode: "string" }),
    /** The parcel's weight when known (a booking file's), for a courier that charges by weight. */
    weightGrams: integer(),
    /** When the courier's payment report (or the rider) settled it. */
    settledAt: timestamp({ withTimezone: true }),
    settledVia: text(),
    /** The payment report's amount differed from codAmount: the owner should look. */
    amountMismatch: boolean().notNull().default(false),
    importId: uuid().references(() => courierImports.id),
    /**
     * When the customer was told the rider has it ('out for delivery', issue 53): set once per parcel
     * by the first courier status that says so, in the statement that queues the messages, so a
     * second sync, instance or file with the same word tells nobody again (migration 0041).
     */
    outForDeliveryAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("parcels_tracking_idx").on(t.courierId, t.trackingNumber),
    // The dashboard's cash still with couriers: parcels not settled, by courier.
    index("parcels_unsettled_idx").on(t.courierId).where(sql`${t.settledAt} is null`),
    index("parcels_settled_idx").on(t.settledAt),
    check(
      "parcels_amounts_check",
      sql`${t.codAmount} >= 0 and coalesce(${t.collectedAmount}, 0) >= 0 and coalesce(${t.charges}, 0) >= 0
          and coalesce(${t.deliveryCharge}, 0) >= 0 and coalesce(${t.codFee}, 0) >= 0 and coalesce(${t.salesTax}, 0) >= 0
          and coalesce(${t.withholdingTax}, 0) >= 0 and coalesce(${t.returnCharge}, 0) >= 0
          and coalesce(${t.weightGrams}, 1) > 0`,
    ),
    check(
      "parcels_settled_check",
      sql`(${t.settledAt} is null and ${t.settledVia} is null and ${t.collectedAmount} is null)
          or (${t.settledAt} is not null and ${t.settledVia} in ('report', 'hand') and ${t.collectedAmount} is not null)`,
    ),
  ],
);

/**
 * A parcel whose payment differs from what the courier's terms say it should pay by more than Rs.1
 * (issue 48): the owner's to chase. Open until marked disputed (still chasing), accepted (the
 * courier was right) or recovered (the money came); the dashboard is never green while one is open
 * or disputed. `expected` and `paid` keep the evidence: each amount as computed and as reported.
 */
export const shortPayments = pgTable(
  "short_payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => parcels.orderId, { onDelete: "cascade" }),
    courierId: uuid()
      .notNull()
      .references(() => couriers.id),
    importId: uuid().references(() => courierImports.id),
    /** What the courier should have paid (negative: what the shop owes it). */
    expectedNet: integer().notNull(),
    paidNet: integer().notNull(),
    /** paid minus expected: negative when the courier paid less. */
    difference: integer().notNull(),
    expected: jsonb().$type<Record<string, number>>().notNull(),
    paid: jsonb().$type<Record<string, number | string | null>>().notNull(),
    status: text().notNull().default("open"),
    note: text(),
    createdAt: now(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id),
  },
  (t) => [
    uniqueIndex("short_payments_order_idx").on(t.orderId),
    index("short_payments_unsettled_idx").on(t.createdAt).where(sql`${t.status} in ('open', 'disputed')`),
    check("short_payments_status_check", sql`${t.status} in ('open', 'disputed', 'accepted', 'recovered')`),
    check("short_payments_note_check", sql`${t.note} is null or length(${t.note}) <= 1000`),
  ],
);

/**
 * A courier's API account (issue 49, docs/decisions/035-couriers-by-api.md): which API it speaks,
 * where, and the owner's credentials, encrypted with COURIER_CREDENTIALS_KEY (AES-256-GCM; never
 * shown back, never logged). `keyId` names the key that sealed them, so a changed key is told apart
 * from broken credentials. The sync job's state lives here too: when each courier is next polled,
 * how many polls failed in a row (the back-off), and the last failure in the owner's words.
 */
export const courierAccounts = pgTable(
  "courier_accounts",
  {
    courierId: uuid()
      .primaryKey()
      .references(() => couriers.id, { onDelete: "cascade" }),
    api: text().notNull(),
    baseUrl: text().notNull(),
    sealedCredentials: text().notNull(),
    keyId: text().notNull(),
    /** How long the courier holds a parcel whose delivery failed before sending it back, in hours. */
    holdHours: integer().notNull().default(72),
    /** Off: booking and the sync stop, the credentials stay. */
    enabled: boolean().notNull().default(true),
    nextSyncAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    syncFailures: integer().notNull().default(0),
    lastSyncAt: timestamp({ withTimezone: true }),
    lastError: text(),
    updatedAt: now(),
    updatedBy: uuid().references(() => users.id),
  },
  (t) => [
    check("courier_accounts_api_check", sql`${t.api} in ('postex', 'leopards', 'trax', 'tcs', 'mp')`),
    check("courier_accounts_base_url_check", sql`${t.baseUrl} ~ '^https?://'`),
    check("courier_accounts_hold_check", sql`${t.holdHours} between 12 and 336`),
    index("courier_accounts_due_idx").on(t.nextSyncAt).where(sql`${t.enabled}`),
  ],
);

/**
 * A booking asked of a courier's API for an order (issue 49): made once per order and courier,
 * before the call, so a retry after a lost answer sends the same reference and a crash mid-call
 * leaves a row that says so. 'booking' while the call is out (or its answer was lost), 'booked'
 * with the courier's number, 'failed' with the courier's refusal, 'cancelled' once the courier
 * cancelled it (the order back to confirmed).
 */
export const courierBookings = pgTable(
  "courier_bookings",
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    courierId: uuid()
      .notNull()
      .references(() => couriers.id),
    /** What the courier has as its order reference: our order's number. */
    reference: text().notNull(),
    state: text().notNull().default("booking"),
    trackingNumber: text(),
    labelUrl: text(),
    weightGrams: integer().notNull(),
    pieces: integer().notNull(),
    calls: integer().notNull().default(0),
    lastError: text(),
    requestedBy: uuid().references(() => users.id),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check("courier_bookings_state_check", sql`${t.state} in ('booking', 'booked', 'failed', 'cancelled')`),
    check("courier_bookings_booked_check", sql`(${t.state} = 'booked') <= (${t.trackingNumber} is not null)`),
    check("courier_bookings_parcel_check", sql`${t.weightGrams} between 1 and 50000 and ${t.pieces} between 1 and 20`),
  ],
);

/**
 * A delivery the courier could not make (issue 49): the customer is asked to choose (try again,
 * correct the address or phone, cancel), the answer goes to the courier as shipper advice or to the
 * owner's queue to call, and an unanswered one is flagged before `returnBy`, when the courier sends
 * the parcel back. One row per failed attempt the courier reported (order and the courier's time).
 */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    courierId: uuid()
      .notNull()
      .references(() => couriers.id),
    trackingNumber: text(),
    /** The courier's words and remark, as it reported them. */
    courierStatus: text().notNull(),
    remark: text(),
    reportedAt: timestamp({ withTimezone: true }).notNull(),
    returnBy: timestamp({ withTimezone: true }).notNull(),
    state: text().notNull().default("asking"),
    choice: text(),
    /** 'correct': the address and phone the customer gave. */
    correction: jsonb().$type<{ address: string; area: string; landmark: string | null; phone: string }>(),
    answeredAt: timestamp({ withTimezone: true }),
    answeredVia: text(),
    advisedAt: timestamp({ withTimezone: true }),
    adviceError: text(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: uuid().references(() => users.id),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex("delivery_attempts_report_idx").on(t.orderId, t.reportedAt),
    // The queue: what is still to do, soonest return first.
    index("delivery_attempts_open_idx").on(t.returnBy).where(sql`${t.state} in ('asking', 'answered', 'to_call')`),
    check("delivery_attempts_state_check", sql`${t.state} in ('asking', 'answered', 'advised', 'to_call', 'closed')`),
    check(
      "delivery_attempts_choice_check",
      sql`${t.choice} is null or ${t.choice} in ('reattempt', 'correct', 'cancel')`,
    ),
    check("delivery_attempts_answer_check", sql`(${t.choice} is null) = (${t.answeredAt} is null)`),
    check(
      "delivery_attempts_via_check",
      sql`${t.answeredVia} is null or ${t.answeredVia} in ('link', 'whatsapp', 'owner')`,
    ),
  ],
);

/**
 * The owner's exchange rules, one row (issue 33): how many days after delivery a customer may ask
 * to exchange a pair, and how long a request may wait for the owner before its reserved pair is
 * released.
 */
export const exchangeSettings = pgTable(
  "exchange_settings",
  {
    id: smallint().primaryKey().default(1),
    windowDays: integer().notNull().default(7),
    answerWithinDays: integer().notNull().default(3),
    updatedAt: now(),
  },
  (t) => [
    check("exchange_settings_one_row", sql`${t.id} = 1`),
    check(
      "exchange_settings_days_check",
      sql`${t.windowDays} between 1 and 30 and ${t.answerWithinDays} between 1 and 14`,
    ),
  ],
);

/** The owner's review rules (issue 53): one row. */
export const reviewSettings = pgTable(
  "review_settings",
  {
    id: smallint().primaryKey().default(1),
    /** Days after delivery the customer is asked for a review. */
    requestAfterDays: integer().notNull().default(3),
    /** Reviews of this many stars or more, without photos, go live at once; null: every review waits. */
    autoApproveMinStars: smallint(),
    updatedAt: now(),
  },
  (t) => [
    check("review_settings_one_row", sql`${t.id} = 1`),
    check("review_settings_days_check", sql`${t.requestAfterDays} between 1 and 30`),
    check("review_settings_stars_check", sql`${t.autoApproveMinStars} between 1 and 5`),
  ],
);

/**
 * A delivered pair the customer was asked to review (issue 53): the row is the promise that the ask
 * went once, whichever instance's sweep got there first (its mail is queued in the same transaction).
 */
export const reviewRequests = pgTable(
  "review_requests",
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    size: smallint().notNull(),
    requestedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId, t.size] })],
);

/**
 * A buyer's review of a pair delivered to them (issue 53, docs/decisions/044-reviews.md): one per
 * pair (order, product, size). `author` is what the page shows: the first name and the surname's
 * initial, never the phone or address. Waits for the owner unless the owner's rule publishes it.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    size: smallint().notNull(),
    rating: smallint().notNull(),
    fit: text().notNull(),
    body: text().notNull().default(""),
    author: text().notNull(),
    status: text().notNull().default("pending"),
    rejectReason: text(),
    /** The owner's public answer, shown under the review. */
    answer: text(),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reviews_pair_idx").on(t.orderId, t.productId, t.size),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_fit_check", sql`${t.fit} in ('runs-small', 'true-to-size', 'runs-large')`),
    check("reviews_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("reviews_reject_check", sql`(${t.status} = 'rejected') = (${t.rejectReason} is not null)`),
    // The product page's list (published, newest first) and the owner's queue (waiting, oldest first).
    index("reviews_product_idx").on(t.productId, t.createdAt.desc()).where(sql`${t.status} = 'approved'`),
    index("reviews_waiting_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** A review's photo (at most three), decoded after the upload like an exchange's (server/reviews/photos.ts). */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: uuid().primaryKey().defaultRandom(),
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    status: text().notNull().default("pending"),
    width: integer(),
    height: integer(),
    claimedAt: timestamp({ withTimezone: true }),
    attempts: smallint().notNull().default(0),
    createdAt: now(),
  },
  (t) => [
    check("review_photos_status_check", sql`${t.status} in ('pending', 'ready', 'unreadable')`),
    check(
      "review_photos_ready_check",
      sql`${t.status} <> 'ready' or (${t.width} is not null and ${t.height} is not null)`,
    ),
    index("review_photos_review_idx").on(t.reviewId),
    index("review_photos_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A customer's request to exchange one pair of a delivered order (docs/decisions/019-exchanges.md).
 * The wanted size is taken from stock when asked (`reserved`); refused or expired, it goes back. An
 * approved exchange becomes an order of its own (`exchange_order_id`), dispatched and tracked like
 * any; the pair sent back returns to stock when the owner marks it received.
 */
export const exchangeRequests = pgTable(
  "exchange_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineNo: smallint().notNull(),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    /** The size of the pair coming back, and the size wanted instead. */
    size: smallint().notNull(),
    wantedSize: smallint().notNull(),
    reason: text().notNull(),
    note: text(),
    status: text().notNull().default("requested"),
    /** The wanted pair is held from stock for this request (until refused, expired or approved). */
    reserved: boolean().notNull().default(true),
    /** What the customer pays on the exchange's delivery (positive) or the shop owes them (negative). */
    priceDifference: integer().notNull().default(0),
    ownerMessage: text(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id),
    exchangeOrderId: uuid().references((): AnyPgColumn => orders.id),
    receivedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [
    check("exchange_requests_reason_check", sql`${t.reason} in ('too_small', 'too_large', 'faulty', 'other')`),
    check("exchange_requests_status_check", sql`${t.status} in ('requested', 'approved', 'refused', 'expired')`),
    check("exchange_requests_reserved_check", sql`not ${t.reserved} or ${t.status} = 'requested'`),
    // One open or approved request per pair: asking twice never reserves twice, and a pair is
    // exchanged once (its replacement is a line of the exchange's own order).
    uniqueIndex("exchange_requests_open_idx")
      .on(t.orderId, t.lineNo)
      .where(sql`${t.status} in ('requested', 'approved')`),
    index("exchange_requests_status_idx").on(t.status, t.createdAt),
    uniqueIndex("exchange_requests_exchange_order_idx").on(t.exchangeOrderId),
  ],
);

/**
 * A customer's photo of a pair to exchange, kept private (the owner's API serves it). Uploaded for
 * one of the customer's orders inside its exchange window; `pending` until the photo worker has
 * decoded it outside the request (`ready`, with its size, or `unreadable`); deleted with its files
 * when no request used it within a day (docs/decisions/019-exchanges.md, "Photos").
 */
export const exchangePhotos = pgTable(
  "exchange_photos",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** The order it was uploaded for (null on photos from before issue 45). */
    orderId: uuid().references(() => orders.id),
    /** Null until the request that uses it is made. */
    exchangeId: uuid().references(() => exchangeRequests.id, { onDelete: "cascade" }),
    status: text().notNull().default("pending"),
    /** The kept photo's size, once decoded. */
    width: integer(),
    height: integer(),
    /** When a worker last took it to decode; another may take it again once that is long past. */
    claimedAt: timestamp({ withTimezone: true }),
    attempts: smallint().notNull().default(0),
    createdAt: now(),
  },
  (t) => [
    check("exchange_photos_status_check", sql`${t.status} in ('pending', 'ready', 'unreadable')`),
    check(
      "exchange_photos_ready_check",
      sql`${t.status} <> 'ready' or (${t.width} is not null and ${t.height} is not null)`,
    ),
    index("exchange_photos_exchange_idx").on(t.exchangeId),
    // An account's quota (held, and added in the last hour), the worker's queue, the expiry sweep.
    index("exchange_photos_user_idx").on(t.userId, t.createdAt),
    index("exchange_photos_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("exchange_photos_unattached_idx").on(t.createdAt).where(sql`${t.exchangeId} is null`),
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
    /** The scheduled sale that priced this line (issue 51), for the owner's report of each sale. */
    saleId: uuid().references((): AnyPgColumn => sales.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    index("order_lines_sale_idx").on(t.saleId).where(sql`${t.saleId} is not null`),
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
    /** Why, when the owner said (a parcel refused at the door). */
    reason: text(),
    createdAt: now(),
  },
  (t) => [
    index("order_status_events_order_idx").on(t.orderId, t.createdAt),
    // The review sweep's deliveries of the last weeks (server/reviews/requests.ts), not every one.
    index("order_status_events_delivered_idx").on(t.createdAt).where(sql`${t.toStatus} = 'delivered'`),
  ],
);

/** The owner's internal notes on an order; customers never see them. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorUserId: uuid()
      .notNull()
      .references(() => users.id),
    body: text().notNull(),
    createdAt: now(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.createdAt)],
);

/** Changes the owner made to an order's delivery details: each changed field, before and after. */
export const orderEdits = pgTable(
  "order_edits",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actorUserId: uuid()
      .notNull()
      .references(() => users.id),
    changes: jsonb().$type<Record<string, { from: string | null; to: string | null }>>().notNull(),
    createdAt: now(),
  },
  (t) => [index("order_edits_order_idx").on(t.orderId, t.createdAt)],
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
    /** Passwords typed on the link's page; at RESET_CONFIRM_TRIES the link is dead. */
    confirmAttempts: smallint().notNull().default(0),
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
 * Mails owed to customers (and the shop's alert of a new order), written in the same statement
 * as what they announce, so a crash between the two cannot lose one. Every instance drains it (server/mail/outbox.ts); a row is
 * leased while it is being sent and deleted once sent.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** What the message is about: an order, or (back_in_stock kinds) a customer's stock alert. */
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    stockAlertId: uuid().references((): AnyPgColumn => stockAlerts.id, { onDelete: "cascade" }),
    /**
     * Kind `message`: the mail itself (to, subject, text, html), rendered by the change that owes
     * it and queued in its transaction (docs/decisions/007, "Every mail through the outbox").
     */
    message: jsonb().$type<{
      to: string;
      subject: string;
      text: string;
      html?: string;
      headers?: Record<string, string>;
    }>(),
    createdAt: now(),
    /**
     * The order rows were queued in, to the row: `created_at` is the transaction's start, the same for
     * every row of one change, and a claimed batch comes back in no set order. Sent by this, so a
     * customer hears 'on its way' before 'out for delivery' even when a drainer claims both at once.
     */
    queuedSeq: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    attempts: smallint().notNull().default(0),
    /** Not before then: the first try at once, a lease while sending, a back-off after a failure. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [
    // order_alert: the shop's own mail of a new order (ORDERS_EMAIL), queued beside the confirmation.
    // confirm_reminder and confirm_expired: the customer's reminder to confirm, and the mail saying an
    // unconfirmed order was cancelled; whatsapp_*: the same on WhatsApp, sent by its own drainer.
    // back_in_stock and whatsapp_back_in_stock: a size a customer waited for came back (queued by
    // the trigger of migration 0021, server/stock-alerts/). stock_alert_confirm: an ask for an
    // address that had stopped the mails, mailed there to be confirmed (server/stock-alerts/).
    // whatsapp_delivery_attempt: a courier could not deliver the order's parcel; the customer is asked
    // to choose what happens next (server/couriers/attempts/, migration 0030).
    // whatsapp_parcel_dispatched, whatsapp_out_for_delivery, whatsapp_parcel_delivered: the parcel's way
    // told on WhatsApp (issue 53, server/couriers/parcel-whatsapp.ts, migration 0041).
    // message: any other mail, carried whole in `message` (server/mail/queue.ts, migration 0024).
    check(
      "mail_outbox_kind_check",
      sql`${t.kind} in ('order_confirmation', 'order_alert', 'confirm_reminder', 'confirm_expired', 'whatsapp_confirm', 'whatsapp_reminder', 'back_in_stock', 'whatsapp_back_in_stock', 'stock_alert_confirm', 'whatsapp_delivery_attempt', 'whatsapp_parcel_dispatched', 'whatsapp_out_for_delivery', 'whatsapp_parcel_delivered', 'whatsapp_review_request', 'message')`,
    ),
    // Each row names one subject: its order, its stock alert, or (kind message) the mail itself.
    check(
      "mail_outbox_subject_check",
      sql`num_nonnulls(${t.orderId}, ${t.stockAlertId}, ${t.message}) = 1 and (${t.kind} = 'message') = (${t.message} is not null)`,
    ),
    index("mail_outbox_due_idx").on(t.nextAttemptAt),
  ],
);

/**
 * The customer's address book (migration 0015): the last few shipping addresses an account ordered
 * to, newest use first, offered at the next checkout. `sameKey` makes two spellings of one address
 * (case, spaces, 03xx or +923xx) the same row, so ordering to it again moves it to the top.
 */
export const addresses = pgTable(
  "addresses",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text().notNull(),
    addressLine: text().notNull(),
    phoneNumber: text().notNull(),
    email: text().notNull(),
    city: text().notNull(),
    postalCode: text(),
    area: text(),
    landmark: text(),
    usedAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    sameKey: text()
      .notNull()
      .generatedAlwaysAs(
        sql`md5(regexp_replace(lower(full_name), '\\s+', ' ', 'g') || chr(10) || regexp_replace(lower(address_line), '\\s+', ' ', 'g') || chr(10) || right(regexp_replace(phone_number, '\\D', '', 'g'), 10) || chr(10) || lower(email) || chr(10) || coalesce(postal_code, ''))`,
      ),
  },
  (t) => [
    uniqueIndex("addresses_user_same_idx").on(t.userId, t.sameKey),
    index("addresses_user_used_idx").on(t.userId, t.usedAt.desc()),
  ],
);

/**
 * 'Tell me when size 42 is back' (issue 33, part 4): one row per product, size and e-mail. A row
 * waits while notified_at and unsubscribed_at are null; the trigger of migration 0021 claims the
 * waiting rows of a size in the very statement that brings it back (notified_at set, the messages
 * queued in mail_outbox), so each is told once however many instances see the change. Asking again
 * after the alert re-arms the same row; after its address stopped the mails, only once that address
 * confirms (confirmAskedAt, stockAlertStops).
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: smallint().notNull(),
    /** Lower case: the account's own for a signed-in customer, as typed for a visitor. */
    email: text().notNull(),
    /** The signed-in customer who asked (none for a visitor). */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Their mobile as WhatsApp writes it (923001234567), kept only when the shop had WhatsApp configured. */
    whatsapp: text(),
    createdAt: now(),
    /** The latest ask: a new ask re-arms a row that was told or unsubscribed. */
    askedAt: now(),
    notifiedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    /**
     * Asked for while its address had stopped the mails (stockAlertStops): the row stays stopped until
     * a press on the confirm mail sent to that address (migration 0026, docs/decisions/021).
     */
    confirmAskedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_alerts_subscriber_idx").on(t.productId, t.size, t.email),
    // What a restock claims and what the stock grid counts: the waiting rows of a size.
    index("stock_alerts_waiting_idx")
      .on(t.productId, t.size)
      .where(sql`${t.notifiedAt} is null and ${t.unsubscribedAt} is null`),
    index("stock_alerts_email_idx").on(t.email),
    check("stock_alerts_size_check", sql`${t.size} between 37 and 46`),
    check("stock_alerts_email_check", sql`${t.email} = lower(${t.email}) and length(${t.email}) between 3 and 254`),
    check("stock_alerts_whatsapp_check", sql`${t.whatsapp} is null or ${t.whatsapp} ~ '^92[0-9]{10}$'`),
    check("stock_alerts_confirm_check", sql`${t.confirmAskedAt} is null or ${t.unsubscribedAt} is not null`),
  ],
);

/**
 * Addresses that pressed 'stop' on a back-in-stock mail (issue 45): nothing waits for them again
 * until a press from that address (the confirm mail's button) or an ask by their own proven account.
 */
export const stockAlertStops = pgTable(
  "stock_alert_stops",
  {
    email: text().primaryKey(),
    stoppedAt: now(),
    /** The latest 'press to confirm' mail queued for it: at most one a day, however many ask. */
    confirmMailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      "stock_alert_stops_email_check",
      sql`${t.email} = lower(${t.email}) and length(${t.email}) between 3 and 254`,
    ),
  ],
);

/**
 * The owner's block list (issue 50, migration 0031): phone numbers and addresses the shop takes no
 * cash-on-delivery order for, each with why, who and when. `key` is how an order matches it, computed
 * by the database from what was typed: a phone's last ten digits, as orders.phone_key; an address's
 * address_key(line, area) (migration 0031), as the orders index above. The checkout's statement reads
 * it (server/orders/place-order.ts), and the risk view (server/admin/order-risk.ts).
 */
export const blockList = pgTable(
  "block_list",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** The phone as the owner typed it or the order had it (kind phone). */
    phoneNumber: text(),
    /** The address line and its area as the order had them or the owner typed them (kind address). */
    addressLine: text(),
    area: text(),
    key: text()
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN kind = 'phone' THEN right(regexp_replace(phone_number, '\\D', '', 'g'), 10) ELSE address_key(address_line, area) END`,
      ),
    reason: text().notNull(),
    /** The admin who blocked it; null when that account is gone. */
    blockedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: now(),
  },
  (t) => [
    check(
      "block_list_kind_check",
      sql`(${t.kind} = 'phone' and ${t.phoneNumber} is not null and ${t.addressLine} is null and ${t.area} is null) or (${t.kind} = 'address' and ${t.addressLine} is not null and ${t.phoneNumber} is null)`,
    ),
    check("block_list_reason_check", sql`length(${t.reason}) between 1 and 300`),
    uniqueIndex("block_list_key_idx").on(t.kind, t.key),
  ],
);

/**
 * The owner's rules for cash-on-delivery orders (issue 50, migration 0032,
 * docs/decisions/037-cod-risk-rules.md): a condition with its number (Rs. for first_order_above,
 * parcels for phone_refusals, pairs for pairs_above) or its areas (areas), and an action:
 * confirm_first (the owner's confirm waits for the customer's), cap (the checkout refuses a
 * matching order above action_amount), cod_fee (adds action_amount to the order) or advance (asks
 * action_amount before the order is prepared; migration 0033). Created off: the owner reads what it
 * would have caught first.
 */
export const riskRules = pgTable(
  "risk_rules",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    condition: text().notNull(),
    threshold: integer(),
    areas: text().array().notNull().default(sql`'{}'::text[]`),
    action: text().notNull(),
    /** The action's rupees: the cap (cap), the fee (cod_fee) or the advance (advance); null for confirm_first. */
    actionAmount: integer(),
    enabled: boolean().notNull().default(false),
    /** The admin who last saved it; null when that account is gone. */
    savedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check("risk_rules_name_check", sql`length(${t.name}) between 1 and 80`),
    check(
      "risk_rules_condition_check",
      sql`(${t.condition} in ('first_order_above', 'phone_refusals', 'pairs_above') and ${t.threshold} >= 0 and cardinality(${t.areas}) = 0) or (${t.condition} = 'areas' and ${t.threshold} is null and cardinality(${t.areas}) > 0)`,
    ),
    check(
      "risk_rules_action_check",
      sql`(${t.action} = 'confirm_first' and ${t.actionAmount} is null) or (${t.action} in ('cap', 'cod_fee', 'advance') and ${t.actionAmount} > 0)`,
    ),
    uniqueIndex("risk_rules_name_idx").on(sql`lower(${t.name})`),
  ],
);

/**
 * Where a customer can send an advance (issue 50, migration 0033): the shop's bank account (IBAN), its
 * Raast ID, its JazzCash or Easypaisa wallet. Shown on Track Your Order beside the amount due, in the
 * owner's order (position).
 */
export const paymentAccounts = pgTable(
  "payment_accounts",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** The bank's name for a bank account ("Meezan Bank"); the wallet's or Raast's own name otherwise. */
    provider: text().notNull(),
    /** The name the account is held in, which the customer's app shows before they send. */
    accountTitle: text().notNull(),
    /** The IBAN, the Raast ID or the wallet's mobile number, as the customer types it. */
    accountNumber: text().notNull(),
    position: integer().notNull().default(0),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check("payment_accounts_kind_check", sql`${t.kind} in ('bank', 'raast', 'jazzcash', 'easypaisa')`),
    check(
      "payment_accounts_text_check",
      sql`length(${t.provider}) between 1 and 60 and length(${t.accountTitle}) between 1 and 80 and length(${t.accountNumber}) between 4 and 40`,
    ),
    uniqueIndex("payment_accounts_number_idx").on(t.kind, t.accountNumber),
  ],
);

/**
 * A customer's proof of an advance sent by transfer (issue 50): the transaction ID their app showed,
 * a photo of the receipt, or both. The owner verifies it (the order goes on) or says it did not
 * arrive (the customer may send another). While one waits, the order does not lapse.
 */
export const advanceReceipts = pgTable(
  "advance_receipts",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    /** How it was sent: a payment_accounts kind. */
    method: text().notNull(),
    transactionId: text(),
    /** The photo's key in the image store (private; the owner's API serves it). */
    photoKey: text(),
    createdAt: now(),
    /** 'verified' or 'rejected', by the owner; null while it waits. */
    decision: text(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Why the owner said it did not arrive, in the customer's words: Track Your Order shows it. */
    rejectedReason: text(),
  },
  (t) => [
    check("advance_receipts_reason_check", sql`${t.rejectedReason} is null or ${t.decision} = 'rejected'`),
    check("advance_receipts_method_check", sql`${t.method} in ('bank', 'raast', 'jazzcash', 'easypaisa')`),
    check("advance_receipts_proof_check", sql`${t.transactionId} is not null or ${t.photoKey} is not null`),
    check(
      "advance_receipts_decision_check",
      sql`(${t.decision} is null and ${t.decidedAt} is null) or (${t.decision} in ('verified', 'rejected') and ${t.decidedAt} is not null)`,
    ),
    index("advance_receipts_order_idx").on(t.orderId, t.createdAt),
    // One receipt waits per order at a time: the owner decides it before another is sent.
    uniqueIndex("advance_receipts_waiting_idx").on(t.orderId).where(sql`${t.decision} is null`),
  ],
);

/**
 * An advance paid on a hosted checkout (issue 50; JazzCash's, server/payments/): one row per attempt,
 * written before the customer is sent there, its reference the one the provider answers with. The
 * signed answer is applied once: paid_at is set by the first and checked by every later one.
 */
export const hostedPayments = pgTable(
  "hosted_payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    provider: text().notNull(),
    /** Our reference for this attempt (JazzCash's pp_TxnRefNo): unique, so a replay finds this row. */
    reference: text().notNull(),
    amount: integer().notNull(),
    createdAt: now(),
    /** The provider's answer: its code and words, and when it said paid. */
    responseCode: text(),
    responseMessage: text(),
    answeredAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("hosted_payments_provider_check", sql`${t.provider} in ('jazzcash')`),
    check("hosted_payments_amount_check", sql`${t.amount} > 0`),
    uniqueIndex("hosted_payments_reference_idx").on(t.provider, t.reference),
    index("hosted_payments_order_idx").on(t.orderId),
  ],
);

/**
 * A scheduled sale (issue 51, docs/decisions/040-scheduled-sales.md): products, or a whole category,
 * at a percent off or a new price, from starts_at until ends_at (chosen in Karachi time, kept as
 * instants). The sale job applies it at its start (started_at) and restores the prices at its end
 * (ended_at), each claimed once across instances; price_now() (migration 0036) gives the checkout
 * the price of its moment even before the job has run.
 */
export const sales = pgTable(
  "sales",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** 'products' (product_ids), 'category' (category_slug) or 'tag' (every product with the tag). */
    scope: text().notNull(),
    productIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    categorySlug: text().references(() => categories.slug),
    tag: text(),
    /** 'percent' off the product's price of the day, or a new 'price' (never above it). */
    pricing: text().notNull(),
    percent: smallint(),
    price: integer(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** The product page says "Sale ends in 2 days" while it is on. */
    showEndsIn: boolean().notNull().default(false),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    savedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check("sales_name_check", sql`length(${t.name}) between 1 and 80`),
    check(
      "sales_scope_check",
      sql`(${t.scope} = 'products' and cardinality(${t.productIds}) between 1 and 500 and ${t.categorySlug} is null and ${t.tag} is null) or (${t.scope} = 'category' and ${t.categorySlug} is not null and cardinality(${t.productIds}) = 0 and ${t.tag} is null) or (${t.scope} = 'tag' and ${t.tag} is not null and cardinality(${t.productIds}) = 0 and ${t.categorySlug} is null)`,
    ),
    check(
      "sales_pricing_check",
      sql`(${t.pricing} = 'percent' and ${t.percent} between 1 and 90 and ${t.price} is null) or (${t.pricing} = 'price' and ${t.price} > 0 and ${t.percent} is null)`,
    ),
    check("sales_window_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("sales_progress_check", sql`${t.endedAt} is null or ${t.startedAt} is not null`),
    // The job's two questions each second: which sales are due to start, which to end.
    index("sales_due_start_idx").on(t.startsAt).where(sql`${t.startedAt} is null`),
    index("sales_due_end_idx").on(t.endsAt).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * The prices a sale wrote when it started (issue 51): each product's price of the day before it
 * (regular_price) and the sale's (sale_price), so its end restores what it changed, and only where
 * the owner has not set another price meanwhile.
 */
export const salePrices = pgTable(
  "sale_prices",
  {
    saleId: uuid()
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    regularPrice: integer().notNull(),
    salePrice: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.saleId, t.productId] }),
    check("sale_prices_check", sql`${t.salePrice} > 0 and ${t.salePrice} <= ${t.regularPrice}`),
    index("sale_prices_product_idx").on(t.productId),
  ],
);

/**
 * A discount code the customer types at checkout (issue 51, docs/decisions/041-offers-and-codes.md):
 * a percent or a fixed amount off the lines it is for (all, or some products and categories), from
 * an order of minimum_order, between starts_at and ends_at. `uses` counts the orders that took it,
 * never past max_uses (a check the database keeps, so the last use under a crowd is granted once);
 * per_customer limits one customer, an account and a phone number both (code_uses).
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Upper case, as the customer's typing is compared (A-Z, 0-9 and hyphens). */
    code: text().notNull(),
    /** 'percent' (percent) or 'fixed' (amount in rupees). */
    kind: text().notNull(),
    percent: smallint(),
    amount: integer(),
    minimumOrder: integer().notNull().default(0),
    productIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    categorySlugs: text().array().notNull().default(sql`'{}'::text[]`),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    /** Null: as many orders as take it. */
    maxUses: integer(),
    perCustomer: smallint().notNull().default(1),
    uses: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    savedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_idx").on(t.code),
    check("discount_codes_code_check", sql`${t.code} ~ '^[A-Z0-9-]{3,20}$'`),
    check(
      "discount_codes_value_check",
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 90 and ${t.amount} is null) or (${t.kind} = 'fixed' and ${t.amount} > 0 and ${t.percent} is null)`,
    ),
    check("discount_codes_minimum_check", sql`${t.minimumOrder} >= 0`),
    check("discount_codes_window_check", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check(
      "discount_codes_uses_check",
      sql`${t.uses} >= 0 and (${t.maxUses} is null or (${t.maxUses} > 0 and ${t.uses} <= ${t.maxUses}))`,
    ),
    check("discount_codes_per_customer_check", sql`${t.perCustomer} between 1 and 100`),
  ],
);

/**
 * Each order that took a code (issue 51): its account and phone (last ten digits), and which use
 * of that customer it was. Two orders of one customer can never both be its n-th use: the unique
 * indexes refuse the second, by account and by phone, however many accounts share the phone.
 */
export const codeUses = pgTable(
  "code_uses",
  {
    codeId: uuid()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    phoneKey: text().notNull(),
    useNo: smallint().notNull(),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId] }),
    uniqueIndex("code_uses_account_idx").on(t.codeId, t.userId, t.useNo),
    uniqueIndex("code_uses_phone_idx").on(t.codeId, t.phoneKey, t.useNo),
    check("code_uses_use_no_check", sql`${t.useNo} >= 1`),
  ],
);

/**
 * An automatic offer (issue 51): applied to a cart as soon as it qualifies, no code needed.
 * 'pairsPercent': min_pairs or more pairs of its products, percent off them all ("buy 2 pairs, get
 * 10% off"). 'secondPairPercent': of its pairs, dearest first, every second one at percent off
 * ("second pair half price" is 50).
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    kind: text().notNull(),
    minPairs: smallint().notNull().default(2),
    percent: smallint().notNull(),
    productIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    categorySlugs: text().array().notNull().default(sql`'{}'::text[]`),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    enabled: boolean().notNull().default(true),
    savedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check("offers_name_check", sql`length(${t.name}) between 1 and 80`),
    check("offers_kind_check", sql`${t.kind} in ('pairsPercent', 'secondPairPercent')`),
    check("offers_percent_check", sql`${t.percent} between 1 and 90`),
    check("offers_min_pairs_check", sql`${t.minPairs} between 2 and 10`),
    check("offers_window_check", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);
