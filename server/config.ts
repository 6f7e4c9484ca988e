// Configuration comes from the environment only (docs/architecture.md section 3). Parsed once, at start.
import path from "node:path";
import { z } from "zod";
import { ConfigurationError } from "./broken-promise.ts";
import { DEFAULT_PHOTO_UPLOAD_SECONDS } from "./upload-budget.ts";

/** JazzCash's sandbox page for the Page Redirection form (its Sandbox Documentation; decision 039). */
export const JAZZCASH_SANDBOX_URL =
  "https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  TRUST_PROXY: z.string().optional(),
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.string().min(16, { error: "METRICS_TOKEN must be at least 16 characters." }).optional())
    .optional(),
  CORS_ORIGINS: z.string().optional(),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  RENDER_PICTURES_AHEAD: z.enum(["true", "false"]).optional(),
  SHOP_PHONE: z.string().default("+92 300 1234567"),
  SHOP_EMAIL: z.string().default("support@shoeshop.pk"),
  SHOP_INSTAGRAM: z.string().default("shoeshop.pk"),
  ORDERS_EMAIL: optionalText,
  // The name every mail is sent under (the address is SHOP_EMAIL); empty: "Shoe Shop".
  MAIL_FROM_NAME: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .max(100, { error: "MAIL_FROM_NAME must be at most 100 characters." })
        .regex(/^[^\r\n<>]*$/, { error: "MAIL_FROM_NAME must be one line without < or >." })
        .optional(),
    )
    .optional(),
  // Cash on delivery invites fake orders: what one customer may hold open (pending or confirm) at once.
  MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(1000).default(3),
  MAX_OPEN_PAIRS: z.coerce.number().int().min(1).max(10_000).default(10),
  // How long a client may take to send a request's headers and its whole body (docs/scaling.md).
  CLIENT_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  // How long a customer's exchange photo may take to arrive: a photo the phone could not shrink, at
  // the route's size limit over Slow 4G (server/exchanges/upload-budget.ts; docs/scaling.md).
  PHOTO_UPLOAD_SECONDS: z.coerce.number().positive().max(1800).default(DEFAULT_PHOTO_UPLOAD_SECONDS),
  // Below this much free space on the data or pictures folder's disk, /readyz answers 503 (server/free-space.ts).
  MIN_FREE_DISK_MB: z.coerce.number().min(0).max(10_000_000).default(64),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  IMAGES_DIR: optionalText,
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PREFIX: optionalText,
  S3_PATH_STYLE: z.enum(["true", "false"]).optional(),
  // The customer's confirmation (docs/decisions/017-order-confirmation.md).
  CONFIRM_LINK_SECRET: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.string().min(32, { error: "CONFIRM_LINK_SECRET must be at least 32 characters." }).optional())
    .optional(),
  /** How often each instance looks for unconfirmed orders to remind or cancel; 0 turns it off. */
  CONFIRMATION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SALE_SWEEP_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // The WhatsApp Business Cloud API: all four of the first set, or none.
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_CONFIRM_TEMPLATE: z.string().trim().default("order_confirmation"),
  WHATSAPP_REMINDER_TEMPLATE: z.string().trim().default("order_confirmation_reminder"),
  WHATSAPP_BACK_IN_STOCK_TEMPLATE: z.string().trim().default("back_in_stock"),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().trim().default("en"),
  /** Meta's Graph API, versioned; a test points it at its stand-in. */
  WHATSAPP_GRAPH_URL: z.url().default("https://graph.facebook.com/v21.0"),
  WHATSAPP_DELIVERY_ATTEMPT_TEMPLATE: z.string().trim().default("delivery_attempt_failed"),
  // The parcel's way told (issue 53): dispatched, out for delivery, delivered.
  WHATSAPP_PARCEL_DISPATCHED_TEMPLATE: z.string().trim().default("parcel_dispatched"),
  WHATSAPP_OUT_FOR_DELIVERY_TEMPLATE: z.string().trim().default("parcel_out_for_delivery"),
  WHATSAPP_PARCEL_DELIVERED_TEMPLATE: z.string().trim().default("parcel_delivered"),
  // Reviews from buyers (issue 53): the ask after delivery.
  WHATSAPP_REVIEW_REQUEST_TEMPLATE: z.string().trim().default("review_request"),
  // Couriers by API (docs/decisions/035-couriers-by-api.md): the key that seals the owner's courier
  // credentials (32 bytes, base64 or hex: `openssl rand -base64 32`); without it no API is set up.
  COURIER_CREDENTIALS_KEY: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .refine((v) => courierKeyBytes(v) !== undefined, {
          error: "COURIER_CREDENTIALS_KEY must be 32 bytes written as base64 (44 characters) or hex (64 characters).",
        })
        .optional(),
    )
    .optional(),
  /** How often each instance looks for a courier due to be synced; 0 turns the sync off. */
  COURIER_SYNC_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Each courier is polled this often (more often only by its webhook). */
  COURIER_SYNC_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Bounds each call to a courier's API. */
  COURIER_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(15),
  // JazzCash's hosted checkout for advances (docs/decisions/039-jazzcash-hosted-checkout.md): all three
  // of the merchant's credentials, or none (then paying online is simply not offered).
  JAZZCASH_MERCHANT_ID: optionalText,
  JAZZCASH_PASSWORD: optionalText,
  JAZZCASH_INTEGRITY_SALT: optionalText,
  /** The page the customer's browser posts the signed form to; the sandbox's unless set. */
  JAZZCASH_URL: z.url().default(JAZZCASH_SANDBOX_URL),
});

/** The 32 bytes of COURIER_CREDENTIALS_KEY, from base64 or hex; undefined when it is neither. */
export function courierKeyBytes(text: string): Buffer | undefined {
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  return bytes.length === 32 ? bytes : undefined;
}

/** The WhatsApp Business Cloud API, when the owner configured it (server/confirmation/whatsapp.ts). */
export interface WhatsAppConfig {
  accessToken: string;
  phoneNumberId: string;
  /** Signs every webhook Meta posts (X-Hub-Signature-256). */
  appSecret: string;
  /** What Meta's subscription check (hub.verify_token) must carry. */
  verifyToken: string;
  confirmTemplate: string;
  reminderTemplate: string;
  /** Tells a customer that the size they waited for is back (server/stock-alerts/). */
  backInStockTemplate: string;
  /** Asks a customer whose delivery failed to choose: try again, correct the address, cancel (issue 49). */
  deliveryAttemptTemplate: string;
  /** The parcel's way (issue 53, server/couriers/parcel-whatsapp.ts): each step's utility template. */
  parcelTemplates: { dispatched: string; outForDelivery: string; delivered: string };
  /** Asks a delivered order's buyer for a review of its pairs (issue 53, server/reviews/request-whatsapp.ts). */
  reviewRequestTemplate: string;
  templateLanguage: string;
  graphUrl: string;
}

/** JazzCash's hosted checkout (server/payments/jazzcash/), when the owner configured it. */
export interface JazzCashConfig {
  merchantId: string;
  /** Sent inside the signed form, as JazzCash's document asks; never logged. */
  password: string;
  /** Keys the HMAC of every request and answer; never leaves the server. */
  integritySalt: string;
  /** Where the customer's browser posts the form. */
  url: string;
}

export interface S3StorageConfig {
  kind: "s3";
  bucket: string;
  /** The store's address; AWS's regional endpoint when not given. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key: "" or ending in "/". */
  prefix: string;
  /** `endpoint/bucket/key` (MinIO and most self-hosted stores) rather than `bucket.endpoint/key`. */
  pathStyle: boolean;
}

/** Where uploaded images and rendered variants live (server/catalog/blob-store.ts). */
export type ImageStorageConfig = { kind: "directory"; dir: string } | S3StorageConfig;

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  rateLimitScale: number;
  trustProxy: string | undefined;
  /** A client that has not sent its headers, or its whole body, in this time is cut off (slow senders). */
  clientTimeoutMs: number;
  /** The same for a customer's exchange photo: its own, longer budget (never shorter than clientTimeoutMs). */
  photoUploadMs: number;
  /** /readyz fails when the disk of DATA_DIR or IMAGES_DIR has less free than this; 0: never. */
  minFreeDiskBytes: number;
  /** Lets a scraper from another machine read /metrics (Authorization: Bearer …). */
  metricsToken: string | undefined;
  seedDemo: boolean;
  /** Render every picture variant the store lacks in the background after the start (server/catalog/pictures-ahead.ts). */
  renderPicturesAhead: boolean;
  /** Other origins (a separately hosted client) allowed to call the API and load pictures; none by default. */
  corsOrigins: string[];
  imageStorage: ImageStorageConfig;
  logLevel: string;
  shop: { phone: string; email: string; instagram: string };
  /** Where the alert of every new order goes (ORDERS_EMAIL, else SHOP_EMAIL). */
  ordersEmail: string;
  /** The name the shop's mails come from, with shop.email as the address. */
  mailFromName: string;
  /** The most one customer may hold on open (pending or confirm) orders; see server/orders/order-limits.ts. */
  orderLimits: { openOrders: number; openPairs: number };
  /** Signs confirmation links; when absent, a key kept in the database (server/confirmation/links.ts). */
  confirmLinkSecret: string | undefined;
  /** Seconds between the confirmation sweeps of each instance; 0: none. */
  confirmationSweepSeconds: number;
  /** Milliseconds between the sale sweeps of each instance (scheduled sales start and end); 0: none. */
  saleSweepMs: number;
  whatsapp: WhatsAppConfig | undefined;
  couriers: CourierApiConfig;
  /** Paying an advance on JazzCash's page; undefined: not offered (a transfer and a receipt only). */
  jazzcash: JazzCashConfig | undefined;
}

/** Couriers by API (server/couriers/api/). */
export interface CourierApiConfig {
  /** Seals the owner's courier credentials; undefined: no API can be set up (CSV files only). */
  credentialsKey: Buffer | undefined;
  /** Seconds between each instance's look for a courier due to be synced; 0: none. */
  syncSeconds: number;
  syncEveryMinutes: number;
  timeoutMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigurationError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    clientTimeoutMs: Math.round(e.CLIENT_TIMEOUT_SECONDS * 1000),
    photoUploadMs: Math.round(Math.max(e.PHOTO_UPLOAD_SECONDS, e.CLIENT_TIMEOUT_SECONDS) * 1000),
    minFreeDiskBytes: Math.round(e.MIN_FREE_DISK_MB * 1024 * 1024),
    metricsToken: e.METRICS_TOKEN,
    seedDemo: e.SEED_DEMO === "true",
    // Off by default in tests: a test shop would spend a core on pictures no test looks at.
    renderPicturesAhead: (e.RENDER_PICTURES_AHEAD ?? (e.NODE_ENV === "test" ? "false" : "true")) === "true",
    corsOrigins: corsOrigins(e.CORS_ORIGINS),
    imageStorage: imageStorage(e, dataDir),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    shop: { phone: e.SHOP_PHONE, email: e.SHOP_EMAIL, instagram: e.SHOP_INSTAGRAM },
    ordersEmail: e.ORDERS_EMAIL ?? e.SHOP_EMAIL,
    mailFromName: e.MAIL_FROM_NAME ?? "Shoe Shop",
    orderLimits: { openOrders: e.MAX_OPEN_ORDERS, openPairs: e.MAX_OPEN_PAIRS },
    confirmLinkSecret: e.CONFIRM_LINK_SECRET,
    confirmationSweepSeconds: e.CONFIRMATION_SWEEP_SECONDS,
    saleSweepMs: e.SALE_SWEEP_MS,
    whatsapp: whatsapp(e),
    couriers: {
      credentialsKey: e.COURIER_CREDENTIALS_KEY === undefined ? undefined : courierKeyBytes(e.COURIER_CREDENTIALS_KEY),
      syncSeconds: e.COURIER_SYNC_SECONDS,
      syncEveryMinutes: e.COURIER_SYNC_EVERY_MINUTES,
      timeoutMs: Math.round(e.COURIER_TIMEOUT_SECONDS * 1000),
    },
    jazzcash: jazzcash(e),
  };
}

function jazzcash(e: z.output<typeof envSchema>): JazzCashConfig | undefined {
  const { JAZZCASH_MERCHANT_ID: merchantId, JAZZCASH_PASSWORD: password, JAZZCASH_INTEGRITY_SALT: salt } = e;
  if (merchantId === undefined && password === undefined && salt === undefined) return undefined;
  if (!merchantId || !password || !salt) {
    // Names only: a value given is a secret, and this message reaches the log.
    throw new ConfigurationError(
      "Invalid configuration: JazzCash needs all of JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD and JAZZCASH_INTEGRITY_SALT.",
    );
  }
  return { merchantId, password, integritySalt: salt, url: e.JAZZCASH_URL };
}

function whatsapp(e: z.output<typeof envSchema>): WhatsAppConfig | undefined {
  const set = [e.WHATSAPP_ACCESS_TOKEN, e.WHATSAPP_PHONE_NUMBER_ID, e.WHATSAPP_APP_SECRET, e.WHATSAPP_VERIFY_TOKEN];
  if (set.every((value) => value === undefined)) return undefined;
  if (!e.WHATSAPP_ACCESS_TOKEN || !e.WHATSAPP_PHONE_NUMBER_ID || !e.WHATSAPP_APP_SECRET || !e.WHATSAPP_VERIFY_TOKEN) {
    throw new ConfigurationError(
      "Invalid configuration: WhatsApp needs all of WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN.",
    );
  }
  return {
    accessToken: e.WHATSAPP_ACCESS_TOKEN,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
    appSecret: e.WHATSAPP_APP_SECRET,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN,
    confirmTemplate: e.WHATSAPP_CONFIRM_TEMPLATE,
    reminderTemplate: e.WHATSAPP_REMINDER_TEMPLATE,
    backInStockTemplate: e.WHATSAPP_BACK_IN_STOCK_TEMPLATE,
    deliveryAttemptTemplate: e.WHATSAPP_DELIVERY_ATTEMPT_TEMPLATE,
    parcelTemplates: {
      dispatched: e.WHATSAPP_PARCEL_DISPATCHED_TEMPLATE,
      outForDelivery: e.WHATSAPP_OUT_FOR_DELIVERY_TEMPLATE,
      delivered: e.WHATSAPP_PARCEL_DELIVERED_TEMPLATE,
    },
    reviewRequestTemplate: e.WHATSAPP_REVIEW_REQUEST_TEMPLATE,
    templateLanguage: e.WHATSAPP_TEMPLATE_LANGUAGE,
    graphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/+$/, ""),
  };
}

/**
 * CORS_ORIGINS: comma-separated origins, each exactly as a browser sends it (scheme, host and
 * port, no path): `https://app.shoeshop.pk,http://localhost:5173`. No wildcard: a "*" would let
 * any site read the API with a visitor's token.
 */
function corsOrigins(value: string | undefined): string[] {
  const listed = (value ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter((origin) => origin !== "");
  for (const origin of listed) {
    if (origin.includes("*") || !URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new ConfigurationError(
        `Invalid configuration: CORS_ORIGINS "${origin}" is not an origin; write it as scheme://host[:port], with no path or trailing slash (e.g. https://app.shoeshop.pk).`,
      );
    }
  }
  return [...new Set(listed)];
}

const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** A directory unless S3 is configured; half an S3 configuration stops the start with what is missing. */
function imageStorage(e: z.output<typeof envSchema>, dataDir: string): ImageStorageConfig {
  const given = (Object.keys(e) as (keyof typeof e)[]).filter((k) => k.startsWith("S3_") && e[k] !== undefined);
  if (given.length === 0) return { kind: "directory", dir: path.resolve(e.IMAGES_DIR ?? path.join(dataDir, "images")) };
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    const missing = S3_REQUIRED.filter((k) => e[k] === undefined);
    throw new ConfigurationError(
      `Invalid configuration: images on S3 need ${S3_REQUIRED.join(", ")}; missing ${missing.join(", ")} (given ${given.join(", ")}).`,
    );
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigurationError(
      `Invalid configuration: S3_BUCKET "${bucket}" is not a bucket name (3 to 63 of a-z, 0-9, "." and "-").`,
    );
  }
  if (e.IMAGES_DIR) {
    throw new ConfigurationError("Invalid configuration: set IMAGES_DIR or S3_BUCKET for images, not both.");
  }
  const region = e.S3_REGION ?? "us-east-1";
  const prefix = (e.S3_PREFIX ?? "").replace(/^\/+|\/+$/g, "");
  return {
    kind: "s3",
    bucket,
    endpoint: e.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`,
    region,
    accessKeyId,
    secretAccessKey,
    prefix: prefix === "" ? "" : `${prefix}/`,
    pathStyle: e.S3_PATH_STYLE ? e.S3_PATH_STYLE === "true" : e.S3_ENDPOINT !== undefined,
  };
}
