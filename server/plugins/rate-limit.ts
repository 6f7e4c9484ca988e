// Rate limits (docs/architecture.md section 3): per client address on the account routes through
// @fastify/rate-limit, and on failed sign-ins two counters of our own (server/accounts/lockout.ts
// says how they combine): a window per account, and progressive delays per account and address.
// Counters live in Redis when REDIS_URL is set (shared by every instance), else in memory.
// The client address is the socket's; Fastify's trustProxy (set in buildApp) decides otherwise.
import { createHash } from "node:crypto";
import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.ts";
import { HttpError } from "../http/errors.ts";
import { logRedisOutages, reasonOf } from "../redis-outage.ts";

const MINUTE = 60_000;
/** Never scaled by RATE_LIMIT_SCALE: a load test must not weaken the guard on one account. */
export const FAILED_LOGINS_PER_ACCOUNT = { max: 10, windowMs: 15 * MINUTE };
/**
 * Per account and address (or known device): `free` failures, then a wait that doubles with each
 * further failure (1, 2, 4, 8 minutes, then 15 each time), forgotten after a quiet day or a success.
 */
export const LOGIN_DELAYS = { free: 5, firstMs: MINUTE, capMs: 15 * MINUTE, forgetMs: 24 * 60 * MINUTE };

/** How long the failure number `failures` makes its key wait (0 while still free). */
function delayAfter(failures: number): number {
  const { free, firstMs, capMs } = LOGIN_DELAYS;
  if (failures < free) return 0;
  return Math.min(capMs, firstMs * 2 ** Math.min(failures - free, 20));
}

export interface FailureCounter {
  /** Seconds until this key may try again, or 0 when it may try now. */
  blockedFor(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
}

export interface DelayCounter extends FailureCounter {
  /** Forgets the key's failures (a success). */
  clear(key: string): Promise<void>;
}

export interface RateLimits {
  login: RateLimitOptions;
  signup: RateLimitOptions;
  reset: RateLimitOptions;
  resetConfirm: RateLimitOptions;
  /** 'Tell me when my size is back' (server/stock-alerts/routes.ts), for all but a live session. */
  stockAlerts: RateLimitOptions;
  failedLogins: FailureCounter;
  loginDelays: DelayCounter;
}

export function tooManyAttempts(seconds: number): HttpError {
  const wait = Math.max(1, Math.ceil(seconds));
  const minutes = Math.max(1, Math.ceil(wait / 60));
  return new HttpError(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
    "retry-after": String(wait),
  });
}

/**
 * A limit that spares a signed-in customer (bounded per account instead): only a live session, read
 * as the route would read it. A header's mere presence proves nothing (issue 45: `Authorization: x`
 * skipped the limit), so any other request, whatever it sends, counts like a visitor's.
 */
/** Whether a request comes from a live session (server/accounts/auth.ts answers it). */
interface SessionCheck {
  signedIn(request: FastifyRequest): Promise<unknown>;
}

export function exceptLiveSessions(limit: RateLimitOptions, auth: SessionCheck): RateLimitOptions {
  return { ...limit, allowList: async (request: FastifyRequest) => (await auth.signedIn(request)) !== undefined };
}

/** Registers the plugin in `scope` (routes opt in with `config.rateLimit`) and answers the limits. */
export async function registerRateLimits(scope: FastifyInstance, config: Config): Promise<RateLimits> {
  const redis = config.redisUrl ? await connectRedis(scope, config.redisUrl) : undefined;
  await scope.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: "shop:rate:" } : {}),
    // A Redis outage must not lock every customer out; the per-account counter still applies.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl / 1000),
  });
  const perAddress = (max: number, minutes: number): RateLimitOptions => ({
    max: Math.max(1, Math.round(max * config.rateLimitScale)),
    timeWindow: minutes * MINUTE,
  });
  return {
    // Generous enough for a family or an office behind one mobile-network address.
    login: perAddress(30, 15),
    signup: perAddress(10, 60),
    reset: perAddress(5, 15),
    resetConfirm: perAddress(20, 15),
    // A shopper asks for a few sizes; a script typing other people's e-mails asks for hundreds.
    stockAlerts: perAddress(20, 60),
    failedLogins: redis ? redisCounter(redis, "shop:failed-login:", scope.log) : memoryCounter(),
    loginDelays: redis ? redisDelays(redis, "shop:login-delay:", scope.log) : memoryDelays(),
  };
}

async function connectRedis(scope: FastifyInstance, url: string): Promise<Redis> {
  // Without an offline queue a command fails at once while Redis is away, instead of stalling
  // sign-ins; so wait for the first connection here (ioredis keeps retrying if it fails).
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  const failed = logRedisOutages(redis, scope.log, "rate limits");
  await redis.connect().catch(failed);
  scope.addHook("onClose", async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

// E-mail addresses are personal data: Redis and memory only ever see their hash.
const keyOf = (key: string) => createHash("sha256").update(key).digest("base64url");

function memoryCounter(): FailureCounter {
  const { max, windowMs } = FAILED_LOGINS_PER_ACCOUNT;
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(keyOf(key));
    return entry && entry.resetAt > Date.now() ? entry : undefined;
  };
  return {
    async blockedFor(key) {
      const entry = live(key);
      return entry && entry.count >= max ? (entry.resetAt - Date.now()) / 1000 : 0;
    },
    async recordFailure(key) {
      const now = Date.now();
      if (entries.size > 50_000) for (const [k, e] of entries) if (e.resetAt <= now) entries.delete(k);
      const entry = live(key);
      if (entry) entry.count += 1;
      else entries.set(keyOf(key), { count: 1, resetAt: now + windowMs });
    },
  };
}

const INCREMENT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;
const READ = "return {tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1])}";

function redisCounter(redis: Redis, prefix: string, log: FastifyBaseLogger): FailureCounter {
  const { max, windowMs } = FAILED_LOGINS_PER_ACCOUNT;
  // Like the per-address limits, a Redis outage lets sign-ins through rather than failing them all.
  return {
    async blockedFor(key) {
      try {
        const [count, ttl] = (await redis.eval(READ, 1, prefix + keyOf(key))) as [number, number];
        return count >= max && ttl > 0 ? ttl / 1000 : 0;
      } catch (err) {
        log.warn({ reason: reasonOf(err) }, "failed-login counter unavailable");
        return 0;
      }
    },
    async recordFailure(key) {
      try {
        await redis.eval(INCREMENT, 1, prefix + keyOf(key), String(windowMs));
      } catch (err) {
        log.warn({ reason: reasonOf(err) }, "failed-login counter unavailable");
      }
    },
  };
}

function memoryDelays(): DelayCounter {
  const entries = new Map<string, { count: number; blockedUntil: number; forgetAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(keyOf(key));
    return entry && entry.forgetAt > Date.now() ? entry : undefined;
  };
  return {
    async blockedFor(key) {
      const entry = live(key);
      return entry ? Math.max(0, entry.blockedUntil - Date.now()) / 1000 : 0;
    },
    async recordFailure(key) {
      const now = Date.now();
      if (entries.size > 50_000) for (const [k, e] of entries) if (e.forgetAt <= now) entries.delete(k);
      const count = (live(key)?.count ?? 0) + 1;
      entries.set(keyOf(key), { count, blockedUntil: now + delayAfter(count), forgetAt: now + LOGIN_DELAYS.forgetMs });
    },
    async clear(key) {
      entries.delete(keyOf(key));
    },
  };
}

/**
 * The two keys of one delay counter: its failures, and the wait (a key that expires when it ends, so
 * Redis's clock decides, not each instance's). The hash tag keeps both in one Redis Cluster slot.
 */
export const delayKeys = (prefix: string, key: string) => {
  const tag = `${prefix}{${keyOf(key)}}`;
  return { count: `${tag}:n`, wait: `${tag}:wait` };
};

// The delay in Lua mirrors delayAfter().
const FAIL = `local c = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local free, first, cap = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if c >= free then
  local wait = math.min(cap, first * 2 ^ math.min(c - free, 20))
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(wait))
end
return c`;

function redisDelays(redis: Redis, prefix: string, log: FastifyBaseLogger): DelayCounter {
  const { free, firstMs, capMs, forgetMs } = LOGIN_DELAYS;
  const unavailable = (err: unknown) => log.warn({ reason: reasonOf(err) }, "sign-in delay counter unavailable");
  // A Redis outage lets sign-ins through rather than failing them all, as the other counters do.
  return {
    async blockedFor(key) {
      try {
        const ttl = await redis.pttl(delayKeys(prefix, key).wait);
        return ttl > 0 ? ttl / 1000 : 0;
      } catch (err) {
        unavailable(err);
        return 0;
      }
    },
    async recordFailure(key) {
      const keys = delayKeys(prefix, key);
      try {
        await redis.eval(FAIL, 2, keys.count, keys.wait, forgetMs, free, firstMs, capMs);
      } catch (err) {
        unavailable(err);
      }
    },
    async clear(key) {
      const keys = delayKeys(prefix, key);
      try {
        await redis.del(keys.count, keys.wait);
      } catch (err) {
        unavailable(err);
      }
    },
  };
}
