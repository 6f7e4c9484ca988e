// What the admin routes share: their dependencies (the admin each request was signed in as is
// server/accounts/admin-guard.ts).
import type { Auth } from "../accounts/auth.ts";
import type { AreaService } from "../areas/service.ts";
import type { ImageStore } from "../catalog/images.ts";
import type { CourierApis } from "../couriers/deliveries.ts";
import type { Db } from "../db/client.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import type { MailWaker } from "../mail/queue.ts";

export interface AdminDeps {
  db: Db;
  auth: Auth;
  /** Sends the mails a move queued in its transaction (server/orders/life/after-commit.ts). */
  outbox: MailWaker;
  images: ImageStore;
  shop: ShopContact;
  areas: AreaService;
  /** The shop's own address, for links in mails. */
  publicUrl: string;
  /** Couriers by API: bookings, the sync, the failed attempts (server/couriers/deliveries.ts). */
  couriers: CourierApis;
}
