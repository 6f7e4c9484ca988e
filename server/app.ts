// Builds the one Fastify process: API under /api, images, built assets, and the pages.
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { createAuth } from "./accounts/auth.ts";
import { registerAccountRoutes } from "./accounts/routes.ts";
import { createEmailVerification } from "./accounts/verification.ts";
import { registerAddressRoutes } from "./addresses/routes.ts";
import { createAddressService } from "./addresses/service.ts";
import { registerAdminRoutes } from "./admin/routes.ts";
import { registerAreaRoutes } from "./areas/routes.ts";
import { createAreaService } from "./areas/service.ts";
import { registerCartRoutes } from "./cart/routes.ts";
import { openBlobStore } from "./catalog/blob-open.ts";
import { type CatalogChanges, createLocalCatalogChanges } from "./catalog/changes.ts";
import { createRedisCatalogChanges } from "./catalog/changes-redis.ts";
import { createImageStore, type ImageStore } from "./catalog/images.ts";
import { reportServedUnrendered } from "./catalog/pictures-ahead.ts";
import { rememberCatalogReads } from "./catalog/remembered-reads.ts";
import { registerCatalogRoutes } from "./catalog/routes.ts";
import { createCatalogService } from "./catalog/service.ts";
import { watchStorePeers } from "./catalog/store-peers.ts";
import type { Config } from "./config.ts";
import { startConfirmationJob } from "./confirmation/job.ts";
import { createConfirmationLinks } from "./confirmation/links.ts";
import { registerConfirmationRoutes } from "./confirmation/routes.ts";
import { createConfirmationService } from "./confirmation/service.ts";
import { registerWhatsApp } from "./confirmation/whatsapp-routes.ts";
import { startCourierApis } from "./couriers/deliveries.ts";
import type { Database } from "./db/client.ts";
import { CHECKOUT_SLOT_WAIT_MS } from "./db/timeouts.ts";
import { startPhotoWorker } from "./exchanges/photo-worker.ts";
import { createExchangePhotoService } from "./exchanges/photos.ts";
import { exchangeExpiryAnnouncer, registerExchangeRoutes } from "./exchanges/routes.ts";
import { createExchangeService } from "./exchanges/service.ts";
import { createFreeSpaceCheck, DISK_FULL_MESSAGE } from "./free-space.ts";
import { registerBodyBudgets } from "./http/body-budget.ts";
import { BROTLI_QUALITY, COMPRESS_MIN_BYTES } from "./http/compression.ts";
import { LOG_REDACT_PATHS, serializeRequest } from "./http/log-redaction.ts";
import { endStalledReaders } from "./http/stalled-readers.ts";
import { startIntervalJob } from "./jobs/interval.ts";
import { createMailer } from "./mail/mailer.ts";
import { startQueuedMailOutbox } from "./mail/queue.ts";
import { checkoutSlotsFor } from "./orders/checkout-slots.ts";
import { statusMailTeller } from "./orders/life/status-mail.ts";
import { createLocalOrderSignals, createRedisOrderSignals, type OrderSignals } from "./orders/order-signals.ts";
import { registerOrderRoutes } from "./orders/routes.ts";
import { registerPaymentAccountRoutes } from "./payments/accounts-routes.ts";
import { registerHostedPaymentRoutes } from "./payments/hosted-routes.ts";
import { createJazzCashPayments } from "./payments/jazzcash/service.ts";
import { registerReceiptRoutes } from "./payments/receipt-routes.ts";
import { createReceiptService } from "./payments/receipts.ts";
import { registerCors } from "./plugins/cors.ts";
import { earlyRefusalOptions } from "./plugins/early-refusals.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { registerMetrics } from "./plugins/metrics.ts";
import { registerPrivateAnswers } from "./plugins/private-answers.ts";
import { registerRequestGuards } from "./plugins/request-guards.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerStaticFiles } from "./plugins/static-files.ts";
import { registerCartOfferRoutes } from "./promotions/cart-offer-routes.ts";
import { sweepAndTell } from "./promotions/sale-job.ts";
import { createReviewLinks } from "./reviews/links.ts";
import { createReviewModeration } from "./reviews/moderation.ts";
import { createReviewPhotoService } from "./reviews/photos.ts";
import { publishedReviews } from "./reviews/read.ts";
import { startReviewRequestWhatsApp } from "./reviews/request-whatsapp.ts";
import { sweepReviewRequests } from "./reviews/requests.ts";
import { registerReviewRoutes } from "./reviews/routes.ts";
import { createReviewService } from "./reviews/service.ts";
import { registerReviewSettingsRoutes } from "./reviews/settings-routes.ts";
import { registerStockAlerts } from "./stock-alerts/routes.ts";
import { createLoadContext } from "./web/context.ts";
import { noScriptForms } from "./web/no-script/forms.ts";
import { noScriptPages } from "./web/no-script/pages.ts";
import { createPageCache, type PageCache } from "./web/page-cache.ts";
import type { PageSource } from "./web/page-handlers.ts";
import { registerPages } from "./web/react-router.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Catalogue writes publish here; caches subscribe (server/catalog/changes.ts). */
    catalogChanges: CatalogChanges;
    /** The pictures (server/catalog/images.ts); start-up renders them ahead through the same store as requests. */
    images: ImageStore;
    /** Anonymous pages kept rendered until the catalogue changes (server/web/page-cache.ts). */
    pageCache: PageCache;
    /** Order writes publish here; the admin's live count of new orders listens (server/orders/order-signals.ts). */
    orderSignals: OrderSignals;
  }
}

export const ROOT_DIR = fileURLToPath(new URL("..", import.meta.url));

export interface AppOptions {
  config: Config;
  database: Database;
  /** How pages are rendered: the production build, Vite in development, or not at all (API tests). */
  pages?: ((app: FastifyInstance) => Promise<PageSource | undefined>) | undefined;
  /** Where log lines go instead of stdout (tests read what would be logged). */
  logStream?: { write(line: string): void } | undefined;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const https = config.publicUrl.startsWith("https://");
  // JazzCash's page takes the customer's signed form (issue 50): the one origin a form may post to besides ours.
  const security = { https, formTargets: config.jazzcash ? [new URL(config.jazzcash.url).origin] : [] };
  const early = earlyRefusalOptions(security);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Every request is logged through serializeRequest: no query secret, no header.
      serializers: { req: serializeRequest },
      redact: LOG_REDACT_PATHS,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1_048_576,
    // A slow sender (headers or a body trickled in, then silence) would otherwise hold its socket
    // and buffers for ever: Node ends headers not received in clientTimeoutMs, and a request not
    // fully received by the headers' bound plus the longest body budget (a customer's photo over a
    // slow link, config.photoUploadMs), checking every second so the bound holds for a short timeout
    // too; each body's own budget (the ordinary one, or its route's) is kept by server/http/body-budget.ts.
    // The answer's own time is not limited here (the new-orders stream stays open). nginx in front
    // buffers bodies anyway.
    requestTimeout: config.clientTimeoutMs + config.photoUploadMs,
    http: {
      ...early.http,
      headersTimeout: config.clientTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.clientTimeoutMs),
    },
    routerOptions: { ignoreTrailingSlash: true },
    // During a graceful stop, a request that arrives on a connection kept open by a load balancer
    // is served (its answer carries "Connection: close", so the balancer goes elsewhere next)
    // instead of a bare 503 that nginx may not retry for a POST: the database is still open until
    // app.close() has finished (server/start.ts), and close waits for these answers.
    return503OnClosing: false,
    // What Node and the router refuse before any hook runs still carries the security headers.
    clientErrorHandler: early.clientErrorHandler,
    frameworkErrors: early.frameworkErrors,
  });

  // A client that never reads its answers is ended after the same bound as a slow sender.
  endStalledReaders(app.server, config.clientTimeoutMs);
  registerBodyBudgets(app, { ordinaryMs: config.clientTimeoutMs });
  registerErrorHandling(app);
  await registerSecurityHeaders(app, security);
  // After the headers, so a refused request still carries them.
  registerRequestGuards(app);
  registerPrivateAnswers(app);
  await registerCors(app, config.corsOrigins);
  const metrics = registerMetrics(app, { token: config.metricsToken });
  // The settings are in server/http/compression.ts, shared with the answers kept compressed.
  await app.register(compress, {
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    // Up to 128 KB (a page of search results is about 72 KB) in one call on the event loop: 0.5 ms at
    // quality 4, where a compression stream through libuv's threadpool (the plugin's choice above
    // 8 KB on two cores) added 1.3 ms to a search's answer at 100,000 products.
    syncThreshold: 128 * 1024,
  });

  // Every write to products or stock publishes here; caches of the catalogue listen.
  let catalogChanges: CatalogChanges = createLocalCatalogChanges();
  if (config.redisUrl) {
    // Several instances: a change made on one must reach the caches of all.
    const shared = await createRedisCatalogChanges(config.redisUrl, app.log);
    app.addHook("onClose", () => shared.close());
    catalogChanges = shared;
  }
  // The same for orders: an order placed through one instance updates the admins watching any.
  const orderSignals = config.redisUrl
    ? await createRedisOrderSignals(config.redisUrl, app.log)
    : createLocalOrderSignals();
  app.addHook("onClose", () => orderSignals.close());
  const catalog = createCatalogService(database.db, { changes: catalogChanges, searchDb: database.searchDb });
  // Shared by every instance: a picture uploaded through one is served by all.
  const images = createImageStore({
    dataDir: config.dataDir,
    db: database.db,
    blobs: openBlobStore(config.imageStorage),
    onServedUnrendered: reportServedUnrendered(app.log, metrics.pictureServedUnrendered),
  });
  if (config.redisUrl) {
    // Several instances: each warns in its log when another keeps pictures elsewhere (issue 45).
    const peers = watchStorePeers({
      redisUrl: config.redisUrl,
      db: database.db,
      storage: config.imageStorage,
      log: app.log,
    });
    app.addHook("onClose", () => peers.close());
  }
  // The folders this instance writes to: the data folder, and the pictures' when they are on a disk.
  const freeSpace = createFreeSpaceCheck({
    folders: [config.dataDir, ...(config.imageStorage.kind === "directory" ? [config.imageStorage.dir] : [])],
    minFreeBytes: config.minFreeDiskBytes,
    log: app.log,
  });

  app.decorate("catalogChanges", catalogChanges);
  app.decorate("images", images);
  app.decorate("orderSignals", orderSignals);
  app.decorate("pageCache", createPageCache(catalogChanges));

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    try {
      await database.ping();
    } catch {
      return reply.code(503).send({ status: "unavailable", message: "The database is not reachable." });
    }
    // Which folder and how full is logged (server/free-space.ts), not told to whoever asks.
    if (!(await freeSpace()).ok) return reply.code(503).send({ status: "unavailable", message: DISK_FULL_MESSAGE });
    return { status: "ok", database: database.kind };
  });

  registerCatalogRoutes(app, { catalog, images, changes: catalogChanges });
  // Shared by every domain that needs a signed-in user or sends mail (accounts, cart, orders).
  const auth = createAuth(database.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: { name: config.mailFromName, address: config.shop.email },
  });
  // Every mail that is not an order's or a stock alert's own kind: queued whole by the change that
  // owes it, in its transaction, and sent from here (docs/decisions/007-mail-outbox.md).
  const queuedMail = startQueuedMailOutbox({
    db: database.db,
    mailer,
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook("onClose", () => queuedMail.close());
  await registerAccountRoutes(app, { db: database.db, config, auth, outbox: queuedMail });
  registerCartRoutes(app, { db: database.db, auth });
  registerCartOfferRoutes(app, { db: database.db });
  const addresses = createAddressService(database.db);
  registerAddressRoutes(app, { auth, addresses });
  // [Ours] The Karachi areas the checkout offers and the owner edits.
  const areas = createAreaService(database.db);
  registerAreaRoutes(app, areas);
  // [Ours] The shop's accounts an advance is sent to (issue 50): read by Track Your Order.
  registerPaymentAccountRoutes(app, { db: database.db });
  const links = createConfirmationLinks(database.db, { publicUrl: config.publicUrl, secret: config.confirmLinkSecret });
  const confirmation = createConfirmationService(database.db, {
    links,
    shop: config.shop,
    whatsapp: config.whatsapp !== undefined,
  });
  registerConfirmationRoutes(app, { auth, confirmation });
  // Meta's webhook; and, when the owner configured WhatsApp, the drainer of its requests.
  const whatsappOutbox = registerWhatsApp(app, { db: database.db, whatsapp: config.whatsapp, links, confirmation });
  const confirmationJob = startConfirmationJob({
    service: confirmation,
    everyMs: config.confirmationSweepSeconds * 1000,
    afterSweep: (outcome) => {
      if (outcome.restockedProductIds.length > 0)
        app.catalogChanges.publish({ productIds: outcome.restockedProductIds });
      app.orderSignals.publish();
      whatsappOutbox?.wake();
    },
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook("onClose", () => confirmationJob.close());
  registerOrderRoutes(app, {
    db: database.db,
    auth,
    mailer,
    confirmation,
    links,
    whatsapp: config.whatsapp !== undefined,
    wakeOtherChannels: () => whatsappOutbox?.wake(),
    shop: config.shop,
    alert: { to: config.ordersEmail, publicUrl: config.publicUrl },
    limits: config.orderLimits,
    afterOrder: (userId, address) => addresses.remember(userId, address),
    checkoutSlots: checkoutSlotsFor(database.kind, database.poolSize, CHECKOUT_SLOT_WAIT_MS),
  });
  // [Ours] Couriers by API (issue 49): bookings, the status and payment sync, failed deliveries rescued.
  const couriers = startCourierApis(app, { db: database.db, config, outbox: queuedMail, shop: config.shop });
  registerAdminRoutes(app, {
    db: database.db,
    auth,
    outbox: queuedMail,
    images,
    shop: config.shop,
    areas,
    publicUrl: config.publicUrl,
    couriers,
  });
  // [Ours] Advances (issue 50): the customer's receipt from Track Your Order, the owner's one-press verify.
  registerReceiptRoutes(app, {
    auth,
    outbox: queuedMail,
    photoUploadMs: config.photoUploadMs,
    receipts: createReceiptService(database.db, {
      images,
      tellCustomer: statusMailTeller({ shop: config.shop, publicUrl: config.publicUrl }),
      shop: config.shop,
      publicUrl: config.publicUrl,
      payOnline: config.jazzcash ? "jazzcash" : null,
    }),
  });
  // [Ours] Exchanges after delivery (issue 33), and the sweep that lapses requests nobody answered.
  const exchanges = createExchangeService(database.db, {
    shop: config.shop,
    alert: { to: config.ordersEmail, publicUrl: config.publicUrl },
  });
  // Their photos, decoded one at a time outside the requests, and deleted when unused (issue 45).
  const exchangePhotos = createExchangePhotoService(database.db, { images });
  // [Ours] Reviews' photos (issue 53) wait in the same worker: one decode at a time per instance.
  const reviewPhotos = createReviewPhotoService(database.db, { images });
  const photoWorker = startPhotoWorker({
    photos: {
      processNext: async () => (await exchangePhotos.processNext()) || reviewPhotos.processNext(),
      expire: () => exchangePhotos.expire(),
    },
    everyMs: config.confirmationSweepSeconds * 1000,
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook("onClose", () => photoWorker.close());
  const exchangeDeps = {
    db: database.db,
    auth,
    outbox: queuedMail,
    exchanges,
    photos: exchangePhotos,
    photoWorker,
    photoUploadMs: config.photoUploadMs,
  };
  registerExchangeRoutes(app, exchangeDeps);
  // [Ours] Reviews from buyers (issue 53): the form from the signed link, the owner's moderation.
  const reviewLinks = createReviewLinks(database.db, { publicUrl: config.publicUrl, secret: config.confirmLinkSecret });
  const reviews = createReviewService(database.db, { links: reviewLinks });
  registerReviewRoutes(app, {
    auth,
    reviews,
    photos: reviewPhotos,
    moderation: createReviewModeration(database.db),
    photoWorker,
    photoUploadMs: config.photoUploadMs,
  });
  const announceExpired = exchangeExpiryAnnouncer(app, exchangeDeps);
  const exchangeJob = startIntervalJob({
    name: "exchange expiry sweep",
    everyMs: config.confirmationSweepSeconds * 1000,
    run: () => exchanges.sweep(),
    after: (changes) => {
      if (changes.length > 0) announceExpired(changes);
    },
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook("onClose", () => exchangeJob.close());
  // [Ours] Reviews (issue 53): the owner's rules, and each delivered pair's buyer asked once, by mail and WhatsApp.
  registerReviewSettingsRoutes(app, { db: database.db, auth });
  const reviewWhatsApp = config.whatsapp
    ? startReviewRequestWhatsApp({
        db: database.db,
        whatsapp: config.whatsapp,
        links: reviewLinks,
        logError: (error, message) => app.log.error({ err: error }, message),
      })
    : undefined;
  if (reviewWhatsApp) app.addHook("onClose", () => reviewWhatsApp.close());
  const reviewAsks = { links: reviewLinks, shop: config.shop, whatsapp: config.whatsapp !== undefined };
  const reviewJob = startIntervalJob({
    name: "review request sweep",
    everyMs: config.confirmationSweepSeconds * 1000,
    run: () => sweepReviewRequests(database.db, reviewAsks),
    after: ({ asked }) => {
      if (asked.length === 0) return;
      queuedMail.wake();
      reviewWhatsApp?.wake();
    },
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook("onClose", () => reviewJob.close());
  // [Ours] An advance paid on JazzCash's page (issue 50), offered only when the owner configured it.
  const jazzcash = createJazzCashPayments(database.db, {
    config: config.jazzcash,
    publicUrl: config.publicUrl,
    tellCustomer: statusMailTeller({ shop: config.shop, publicUrl: config.publicUrl }),
  });
  registerHostedPaymentRoutes(app, { auth, outbox: queuedMail, jazzcash });
  // [Ours] Scheduled sales (issue 51): each second, and at the moment of the next start or end, every
  // instance starts and ends what is due (each claimed once), and the products whose prices changed
  // leave every cache and kept page at once.
  const saleJob = startIntervalJob({
    name: "sale sweep",
    everyMs: config.saleSweepMs,
    run: () => sweepAndTell(database.db, catalogChanges),
    // sweepAndTell has published the products it changed.
    after: () => undefined,
    // The next start or end: swept at that moment (a few ms after, so the edge has passed).
    dueInMs: (sweep) => (sweep.nextEdgeInMs === null ? null : sweep.nextEdgeInMs + 5),
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook("onClose", () => saleJob.close());
  // [Ours] 'Tell me when size 42 is back', and the senders of what a restock queued.
  const stockAlerts = await registerStockAlerts(app, { db: database.db, auth, config, mailer });

  const pages = await options.pages?.(app);
  if (pages) {
    await registerStaticFiles(app, path.join(ROOT_DIR, "build", "client"));
    // Pages read the catalogue through a second's memory, so a page not in the page cache costs its render.
    const pageCatalog = rememberCatalogReads(catalog, catalogChanges);
    // Reads only (the press is POST /api/user/verify-email): the same signed links, keyed alike.
    const emailVerification = createEmailVerification({
      db: database.db,
      publicUrl: config.publicUrl,
      secret: config.confirmLinkSecret,
    });
    await registerPages(app, {
      origin: config.publicUrl,
      handler: pages.handler,
      pageCache: app.pageCache,
      // Ordering without JavaScript: sign-in, Add to Cart, checkout as plain forms (issue 46).
      noScript: {
        forms: noScriptForms(app, { db: database.db, publicUrl: config.publicUrl }),
        pages: (request) => noScriptPages(app, database.db, request),
      },
      loadContext: (nonce) =>
        createLoadContext({
          catalog: pageCatalog,
          areas,
          confirmation,
          attempts: couriers.attempts,
          reviews: { published: (productId, filter) => publishedReviews(database.db, productId, filter) },
          whatsappUpdates: couriers.updates,
          exchanges,
          reviewForm: reviews,
          stockAlerts,
          verification: emailVerification,
          shop: config.shop,
          publicUrl: config.publicUrl,
          nonce,
        }),
    });
  }
  return app;
}
