// Every instance of one shop must keep pictures in one store (docs/scaling.md): instances started
// with their own DATA_DIR and no IMAGES_DIR or S3 bucket each keep uploads to themselves, and a
// product picture or exchange photo uploaded through one is a 404 on the others. With REDIS_URL
// each instance says in Redis, every half minute, which store it uses, and warns in its log when
// another instance of the same shop uses another one. "The same shop" is the same database: the
// Redis key is named after a value the first instance keeps there, so test shops or a second shop
// on one Redis never meet.
import { createHash, randomUUID } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { BrokenPromise } from "../broken-promise.ts";
import type { ImageStorageConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { logRedisOutages, type OutageLog, reasonOf } from "../redis-outage.ts";
import { sharedKey } from "../signed-tokens.ts";

const ANNOUNCE_EVERY_MS = 30_000;
/** An instance not heard of for this long has stopped (or was killed) and is forgotten. */
const FORGET_AFTER_MS = 3 * ANNOUNCE_EVERY_MS;
/** The file naming a directory store: every instance mounting that directory reads the same name. */
export const STORE_MARKER = ".store-id";

interface Announcement {
  /** Equal for instances sharing the store: the directory's marker, or the bucket's address. */
  store: string;
  /** Where the pictures are, for the person reading the warning. */
  label: string;
  /** Which instance: its machine and process. */
  where: string;
  seen: number;
}

export interface StorePeersOptions {
  redisUrl: string;
  db: Db;
  storage: ImageStorageConfig;
  log: OutageLog;
}

export interface StorePeers {
  close(): Promise<void>;
}

export function watchStorePeers(options: StorePeersOptions): StorePeers {
  const { storage, log } = options;
  const me = randomUUID();
  const where = `${hostname()} (pid ${process.pid})`;
  const label = storeLabel(storage);
  const redis = new Redis(options.redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A Redis that accepts and never answers must not hold up a round, nor the shutdown that waits for it.
    commandTimeout: 2_000,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  const failed = logRedisOutages(redis, log, "image store check");
  const warned = new Set<string>();
  let store: string | undefined;
  let key: string | undefined;
  let compared = false;

  async function round(): Promise<void> {
    store ??= await storeIdentity(storage);
    key ??= `shop:instances:${await shopNamespace(options.db)}`;
    // Redis away: its outage is logged once (redis-outage.ts); the next round tries again.
    if (redis.status !== "ready") return;
    const now = Date.now();
    const mine: Announcement = { store, label, where, seen: now };
    // One transaction: of two instances announcing at once, the second always sees the first.
    const replies = await redis
      .multi()
      .hset(key, me, JSON.stringify(mine))
      .pexpire(key, FORGET_AFTER_MS)
      .hgetall(key)
      .exec();
    const all = (replies?.[2]?.[1] ?? {}) as Record<string, string>;
    const gone: string[] = [];
    let sharing = 0;
    let others = 0;
    for (const [id, text] of Object.entries(all)) {
      if (id === me) continue;
      const peer = parse(text);
      if (!peer || peer.seen < now - FORGET_AFTER_MS) {
        gone.push(id);
        continue;
      }
      others++;
      if (peer.store === store) {
        sharing++;
      } else if (!warned.has(id)) {
        warned.add(id);
        log.warn(
          { thisInstance: { where, pictures: label }, otherInstance: { where: peer.where, pictures: peer.label } },
          `pictures are not shared with another instance of this shop: this one keeps them in ${label}, ${peer.where} in ${peer.label}. ` +
            "A product picture or exchange photo uploaded through one is missing (404) on the other. Give every instance " +
            "the same IMAGES_DIR (one folder they all mount) or the same S3_BUCKET (docs/scaling.md).",
        );
      }
    }
    if (gone.length > 0) await redis.hdel(key, ...gone);
    if (!compared) {
      compared = true;
      log.info(
        { pictures: label, otherInstances: others, sharingPictures: sharing },
        "image store compared with other instances",
      );
    }
  }

  let running: Promise<void> = Promise.resolve();
  const next = () => {
    running = running
      .then(round)
      .catch((err: unknown) =>
        log.warn({ reason: reasonOf(err) }, "could not compare the image store with other instances"),
      );
  };
  running = redis.connect().catch(failed);
  next();
  const timer = setInterval(next, ANNOUNCE_EVERY_MS);
  timer.unref();

  return {
    async close() {
      clearInterval(timer);
      await running;
      if (key) await redis.hdel(key, me).catch(() => {});
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Equal for two instances exactly when they keep pictures in the same place. */
export async function storeIdentity(storage: ImageStorageConfig): Promise<string> {
  if (storage.kind === "s3") return `s3:${storage.endpoint}/${storage.bucket}/${storage.prefix}`;
  return `directory:${await directoryMarker(storage.dir)}`;
}

/**
 * The random name kept in the directory, made by the first instance to look: a folder on each
 * machine's own disk gets a name of its own, a folder they all mount has one. Made with link(), which
 * never replaces a file, so two instances starting together on one folder agree.
 */
async function directoryMarker(dir: string): Promise<string> {
  const marker = path.join(dir, STORE_MARKER);
  const read = async () => (await readFile(marker, "utf8").catch(() => "")).trim();
  const found = await read();
  if (found) return found;
  await mkdir(dir, { recursive: true });
  const temp = `${marker}.${randomUUID()}.tmp`;
  await writeFile(temp, `${randomUUID()}\n`);
  try {
    await link(temp, marker).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  } finally {
    await rm(temp, { force: true });
  }
  const made = await read();
  if (!made) throw new BrokenPromise(`${marker} could not be read after it was made`);
  return made;
}

function storeLabel(storage: ImageStorageConfig): string {
  if (storage.kind === "s3")
    return `the bucket ${storage.bucket}${storage.prefix ? ` (${storage.prefix})` : ""} at ${storage.endpoint}`;
  return `the folder ${storage.dir} on ${hostname()}`;
}

/** Names this shop's instances in Redis without telling anything of the value kept in its database. */
async function shopNamespace(db: Db): Promise<string> {
  const value = await sharedKey(db, "instances");
  return createHash("sha256").update(value).digest("base64url").slice(0, 16);
}

function parse(text: string): Announcement | undefined {
  try {
    const value = JSON.parse(text) as Partial<Announcement>;
    if (typeof value.store !== "string" || typeof value.seen !== "number") return undefined;
    return { store: value.store, label: String(value.label), where: String(value.where), seen: value.seen };
  } catch {
    return undefined;
  }
}
