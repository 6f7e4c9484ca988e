// WhatsApp parcel updates turned off (issue 53): a mobile that replied STOP to the shop's number, or
// whose order's signed link was pressed, gets no more WhatsApp parcel updates (dispatched, out for
// delivery, delivered); the mails still go (docs/product.md section 1: every mail is owed). Kept by the
// number in E.164, since the reply names only the number. The link's token names the order (its
// number is the order's), signed under a key of its own (server/signed-tokens.ts), and needs no table.
// The webhook (server/confirmation/) and the parcel messages (server/couriers/) both read this, so it
// lives with the WhatsApp client, below both. No HTTP here.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { mobileE164 } from "#shared/phone.ts";
import type { Db } from "../db/client.ts";
import { orders, whatsappOptOuts } from "../db/schema.ts";
import { tokenSigner } from "../signed-tokens.ts";

/** The page a parcel mail or message links to (app/routes/whatsapp-updates.tsx). */
export const WHATSAPP_UPDATES_PAGE = "/whatsapp-updates";

/** A reply that turns updates off, or on again (WhatsApp's own words for it, any case). */
const STOP_WORDS = new Set(["stop", "unsubscribe", "stop updates", "band karo", "band"]);
const START_WORDS = new Set(["start", "start updates"]);

/** What a text reply to the shop's number asks of the updates, if anything. */
export function replyAsks(text: string): "stop" | "start" | undefined {
  const words = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (STOP_WORDS.has(words)) return "stop";
  if (START_WORDS.has(words)) return "start";
  return undefined;
}

export async function stopUpdates(db: Db, phone: string, via: "reply" | "link"): Promise<void> {
  await db.insert(whatsappOptOuts).values({ phone, via }).onConflictDoNothing();
}

export async function startUpdates(db: Db, phone: string): Promise<void> {
  await db.delete(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone));
}

export async function updatesStopped(db: Db, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: whatsappOptOuts.phone })
    .from(whatsappOptOuts)
    .where(eq(whatsappOptOuts.phone, phone));
  return row !== undefined;
}

/** The order a link names, and its mobile (undefined: typed otherwise, never messaged). */
export interface LinkedOrder {
  orderId: string;
  phone: string | undefined;
}

export interface UpdateLinks {
  /** The link that turns off WhatsApp updates to this order's number; `via`: the caller's transaction. */
  urlFor(orderId: string, via?: Db): Promise<string>;
  /** The order of a genuine token; undefined for anything else. */
  orderOf(token: string): Promise<LinkedOrder | undefined>;
}

/**
 * The stop link a parcel mail carries (issue 53): only when the shop has WhatsApp (`links` given) and
 * the order's phone is a mobile, the only numbers its WhatsApp messages go to; null otherwise.
 */
export async function stopLinkFor(
  links: UpdateLinks | undefined,
  order: { orderId: string; phone: string },
  via?: Db,
): Promise<string | null> {
  if (!links || !mobileE164(order.phone)) return null;
  return links.urlFor(order.orderId, via);
}

const UUID = z.uuid();

export function createUpdateLinks(db: Db, options: { publicUrl: string; secret: string | undefined }): UpdateLinks {
  const signer = tokenSigner(db, "whatsapp_updates", options.secret);
  return {
    async urlFor(orderId, via) {
      return `${options.publicUrl}${WHATSAPP_UPDATES_PAGE}?token=${orderId}.${await signer.sign(orderId, via)}`;
    },
    async orderOf(token) {
      const [orderId, mac, ...rest] = token.split(".");
      if (!orderId || !mac || rest.length > 0 || !UUID.safeParse(orderId).success) return undefined;
      if (!(await signer.verify(orderId, mac))) return undefined;
      const [row] = await db.select({ phone: orders.phoneNumber }).from(orders).where(eq(orders.id, orderId));
      if (!row) return undefined;
      return { orderId, phone: mobileE164(row.phone) };
    },
  };
}
