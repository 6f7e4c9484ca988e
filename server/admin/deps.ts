// What the admin routes share: their dependencies and the admin each request was signed in as.
import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../accounts/sessions.ts";
import type { AreaService } from "../areas/service.ts";
import type { ImageStore } from "../catalog/images.ts";
import type { Db } from "../db/client.ts";
import type { MailWaker } from "../mail/queue.ts";
import type { ShopContact } from "../orders/mail.ts";
import type { Auth } from "../plugins/auth.ts";

export interface AdminDeps {
  db: Db;
  auth: Auth;
  /** Sends the mails a move queued in its transaction (order-announcer.ts). */
  outbox: MailWaker;
  images: ImageStore;
  shop: ShopContact;
  areas: AreaService;
  /** The shop's own address, for links in mails. */
  publicUrl: string;
}

const admins = new WeakMap<FastifyRequest, SessionUser>();

/** Runs `auth.admin` (401 without a session, 403 for a customer) and remembers the admin. */
export async function requireAdmin(auth: Auth, request: FastifyRequest): Promise<void> {
  admins.set(request, await auth.admin(request));
}

/** The admin the scope's hook signed in (every admin route has one). */
export function adminOf(request: FastifyRequest): SessionUser {
  const admin = admins.get(request);
  if (!admin) throw new Error("admin route reached without the admin check");
  return admin;
}
