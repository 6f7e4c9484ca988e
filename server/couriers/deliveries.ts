// Couriers by API, put together (issue 49): the failed attempts' service and its WhatsApp sender, the
// sync job every instance runs (each courier claimed by one), and the public routes: the customer's
// choice on a failed delivery, and a courier's webhook. The admin routes get what this answers.
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { startIntervalJob } from "../jobs/interval.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import type { MailWaker } from "../mail/queue.ts";
import { createOrderAnnouncer } from "../orders/life/after-commit.ts";
import { statusMailTeller, type TellCustomer } from "../orders/life/status-mail.ts";
import { createUpdateLinks } from "../whatsapp/opt-outs.ts";
import { registerAttemptRoutes } from "./attempt-routes.ts";
import { type AttemptService, createAttemptService } from "./attempts/service.ts";
import { startAttemptWhatsApp } from "./attempts/whatsapp.ts";
import type { BookingDeps } from "./booking.ts";
import type { ImportHooks } from "./imports.ts";
import { outForDeliveryTeller } from "./out-for-delivery.ts";
import { startParcelWhatsApp } from "./parcel-whatsapp.ts";
import { type SyncOutcome, syncDueCouriers } from "./sync.ts";
import { registerCourierWebhook } from "./webhook-routes.ts";
import { createWhatsAppUpdates, type WhatsAppUpdates } from "./whatsapp-updates.ts";
import { registerWhatsAppUpdateRoutes } from "./whatsapp-updates-routes.ts";

export interface CourierApis {
  config: Config["couriers"];
  attempts: AttemptService;
  booking: BookingDeps;
  hooks: ImportHooks;
  /**
   * Queues a move's mail, and on a shop with WhatsApp a parcel step's message (issue 53): the
   * owner's hand moves and dispatches use it too, so every dispatch and delivery is told alike.
   */
  tellCustomer: TellCustomer;
  /** Syncs every courier due now (the owner's 'Sync now', a test). */
  syncNow(): Promise<SyncOutcome>;
  /** The 'stop WhatsApp updates' link's reading and press (its page's loader reads it too). */
  updates: WhatsAppUpdates;
}

export function startCourierApis(
  app: FastifyInstance,
  deps: { db: Db; config: Config; outbox: MailWaker; shop: ShopContact },
): CourierApis {
  const { db, config } = deps;
  const attempts = createAttemptService({
    db,
    config: config.couriers,
    shop: deps.shop,
    publicUrl: config.publicUrl,
    secret: config.confirmLinkSecret,
    whatsapp: config.whatsapp !== undefined,
  });
  const whatsapp = config.whatsapp
    ? startAttemptWhatsApp({
        db,
        whatsapp: config.whatsapp,
        attempts,
        logError: (error, message) => app.log.error({ err: error }, message),
      })
    : undefined;
  if (whatsapp) app.addHook("onClose", () => whatsapp.close());
  // The parcel's way told (issue 53): the mails always, WhatsApp when the shop has it.
  const updateLinks = createUpdateLinks(db, { publicUrl: config.publicUrl, secret: config.confirmLinkSecret });
  const parcelWhatsApp = config.whatsapp
    ? startParcelWhatsApp({
        db,
        whatsapp: config.whatsapp,
        links: updateLinks,
        publicUrl: config.publicUrl,
        logError: (error, message) => app.log.error({ err: error }, message),
      })
    : undefined;
  if (parcelWhatsApp) app.addHook("onClose", () => parcelWhatsApp.close());
  // With WhatsApp, the dispatched and delivered mails carry the stop link as the out-for-delivery one does.
  const tellCustomer = statusMailTeller({
    shop: deps.shop,
    publicUrl: config.publicUrl,
    updateLinks: config.whatsapp ? updateLinks : undefined,
  });
  const tellOutForDelivery = outForDeliveryTeller({
    shop: deps.shop,
    publicUrl: config.publicUrl,
    updateLinks: config.whatsapp ? updateLinks : undefined,
  });
  const hooks: ImportHooks = { tellCustomer, recordAttempt: attempts.record, tellOutForDelivery };
  const announcer = createOrderAnnouncer(app, deps);
  const afterSync = (outcome: SyncOutcome) => {
    if (outcome.moved.length > 0 || outcome.attempts.length > 0) {
      announcer.moved(outcome.moved.flatMap((m) => m.restockedProductIds));
      whatsapp?.wake();
    }
    if (outcome.moved.length > 0 || outcome.told.length > 0) {
      deps.outbox.wake();
      parcelWhatsApp?.wake();
    }
  };
  const syncNow = async () => {
    const outcome = await syncDueCouriers({ db, config: config.couriers, hooks });
    afterSync(outcome);
    return outcome;
  };
  const job = startIntervalJob({
    name: "courier sync",
    everyMs: config.couriers.syncSeconds * 1000,
    run: () => syncDueCouriers({ db, config: config.couriers, hooks }),
    after: afterSync,
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook("onClose", () => job.close());

  registerAttemptRoutes(app, attempts);
  const updates = createWhatsAppUpdates({ db, links: updateLinks });
  registerWhatsAppUpdateRoutes(app, updates);
  registerCourierWebhook(app, { db, config: config.couriers, hooks, afterSync });

  return {
    config: config.couriers,
    attempts,
    booking: { db, config: config.couriers, tellCustomer },
    hooks,
    tellCustomer,
    syncNow,
    updates,
  };
}
