// Configuration comes from the environment only (GUIDE.md section 3). Parsed once, at start.
import path from "node:path";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
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
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  SHOP_PHONE: z.string().default("+92 300 1234567"),
  SHOP_EMAIL: z.string().default("support@shoeshop.pk"),
  SHOP_INSTAGRAM: z.string().default("shoeshop.pk"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
});

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
  /** Lets a scraper from another machine read /metrics (Authorization: Bearer …). */
  metricsToken: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  shop: { phone: string; email: string; instagram: string };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    seedDemo: e.SEED_DEMO === "true",
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    shop: { phone: e.SHOP_PHONE, email: e.SHOP_EMAIL, instagram: e.SHOP_INSTAGRAM },
  };
}
