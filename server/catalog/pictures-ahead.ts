// Every picture variant rendered ahead of any shopper's request (docs/decisions/002-images.md). An
// upload renders its own before its answer (images.ts, saveUpload); this job makes the rest: the
// site images and the demo catalogue's drawings after a first start, or whatever a data folder from
// before lacks. It runs in the background once the shop is open, one render at a time (sharp uses
// one thread per render: the other core stays with the shoppers), and asks the store before each
// render, so a restart simply carries on with what is missing. Until it is done a missing variant
// is rendered on the request that asks for it, as it always was.
import pg from "pg";
import { IMAGE_FORMATS, IMAGE_WIDTHS, SITE_IMAGE_WIDTHS, SITE_IMAGES, type SiteImageName } from "#shared/catalog.ts";
import type { Db } from "../db/client.ts";
import { productImages } from "../db/schema.ts";
import type { ImageStore, Variant } from "./images.ts";

// Any constant works; it only has to be the same for every instance of the shop.
const RENDER_AHEAD_LOCK_ID = 727_002;

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Site images first, then every card picture (position 0), then the other pictures. */
export async function variantsToRender(db: Db): Promise<Variant[]> {
  const variants: Variant[] = [];
  for (const name of Object.keys(SITE_IMAGES) as SiteImageName[]) {
    for (const width of SITE_IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) variants.push({ kind: "site", name, width, format });
    }
  }
  const images = await db
    .select({ id: productImages.id })
    .from(productImages)
    .orderBy(productImages.position, productImages.createdAt, productImages.id);
  for (const { id } of images) {
    for (const width of IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) variants.push({ kind: "product", imageId: id, width, format });
    }
  }
  return variants;
}

export interface RenderAheadOptions {
  db: Db;
  images: ImageStore;
  /** On PostgreSQL, an advisory lock on a connection of its own lets one instance at a time do the work. */
  databaseUrl?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface RenderAheadResult {
  /** Variants this run drew (0 when the store already had them all). */
  rendered: number;
  /** Variants it looked for. */
  checked: number;
  /** Another instance holds the lock and is doing the work. */
  busyElsewhere: boolean;
}

/** Renders, one at a time, every variant the store lacks. */
export async function renderPicturesAhead(options: RenderAheadOptions): Promise<RenderAheadResult> {
  const work = async (): Promise<RenderAheadResult> => {
    let rendered = 0;
    let checked = 0;
    for (const variant of await variantsToRender(options.db)) {
      if (options.signal?.aborted) break;
      checked++;
      if (await options.images.renderIfMissing(variant)) rendered++;
    }
    return { rendered, checked, busyElsewhere: false };
  };
  if (!options.databaseUrl) return work();
  const lock = new pg.Client({ connectionString: options.databaseUrl });
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      RENDER_AHEAD_LOCK_ID,
    ]);
    if (!rows[0]?.locked) return { rendered: 0, checked: 0, busyElsewhere: true };
    // Ending the connection releases the lock, and so does an instance that dies holding it.
    return await work();
  } finally {
    await lock.end().catch(() => {});
  }
}

/** Starts the job in the background once the shop is open; `stop` ends it after the render under way. */
export function startRenderingAhead(options: Omit<RenderAheadOptions, "signal"> & { log: Log }): { stop(): void } {
  const controller = new AbortController();
  const started = performance.now();
  renderPicturesAhead({ ...options, signal: controller.signal }).then(
    (result) => {
      const ms = Math.round(performance.now() - started);
      if (result.busyElsewhere) options.log.info({}, "another instance is rendering the pictures ahead");
      else if (!controller.signal.aborted) options.log.info({ ...result, ms }, "every picture is rendered");
    },
    (error: unknown) => {
      // Not fatal: a variant still missing is rendered when asked for.
      if (!controller.signal.aborted) options.log.warn({ err: error }, "rendering pictures ahead stopped");
    },
  );
  return { stop: () => controller.abort() };
}

/**
 * What a shopper's request for a variant not rendered yet reports: counted every time, logged once
 * (a shop whose pictures are all rendered ahead never logs it; one that does is told how to fix it).
 */
export function reportServedUnrendered(log: Log, count: () => void): (key: string) => void {
  let logged = false;
  return (key) => {
    count();
    if (logged) return;
    logged = true;
    log.warn(
      { key },
      "a shopper asked for a picture before it was rendered, and was sent its source (an SVG drawing or the uploaded original); the background job (RENDER_PICTURES_AHEAD) or `npm run images` renders them ahead. Counted in shop_pictures_served_unrendered_total, not logged again",
    );
  };
}
