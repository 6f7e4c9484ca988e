// Back in stock (issue 33, part 4): 'Tell me when size 42 is back' on a sold-out size. The contract
// of the subscribe call, the unsubscribe link and its page, and their messages (docs/product.md
// section 7, "Back in stock").
import { emailSchema } from "./accounts.ts";
import { productIdSchema } from "./catalog-schemas.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export * from "./stock-alert-path.ts";

/** Sizes one e-mail may wait for at once: enough for a family, too few to flood someone's inbox. */
export const MAX_WAITING_PER_EMAIL = 20;

export const STOCK_ALERT_MESSAGES = {
  productNotFound: "No product found.",
  notOffered: (size: number) => `This product does not come in size ${size}.`,
  inStock: (size: number) => `Size ${size} is in stock: add it to your cart.`,
  tooMany: `You are already waiting for ${MAX_WAITING_PER_EMAIL} sizes. We will tell you as they come back; you can ask for more then.`,
  /** The answer to a signed-in customer whose account's e-mail is proven: it waits at once. */
  told: (email: string, size: number) => `We will tell you at ${email} when size ${size} is back.`,
  /**
   * The answer to every other ask, whether the address is new, waits already or had stopped the
   * mails: the answer must not tell a stranger which (issue 45).
   */
  asked: (email: string, size: number) =>
    `We will tell you at ${email} when size ${size} is back. If you once stopped these mails, confirm with the button in the mail we send you first.`,
  alsoWhatsApp: "We will also send you a WhatsApp message.",
  tokenInvalid: "This link is missing or incomplete. Please open the whole link from your e-mail.",
  tokenGone: "This link no longer works: the product it was about is no longer in the shop. Nothing is waiting.",
  stopped: (email: string) =>
    `Done: we will not write to ${email} when sizes come back. To be told again, ask on the product's page.`,
  /** One size stopped from the stop link's page (issue 46); the others still watched wait on. */
  stoppedOne: (email: string, size: number, productName: string) =>
    `Done: we will not write to ${email} when size ${size} of ${productName} is back.`,
  notWatched: "We are not watching that size for you, so there is nothing to stop.",
  oneOrAll: "To stop one size, send both its productId and its size; to stop every size, send neither.",
  confirmed: (email: string, sizes: number) =>
    sizes === 0
      ? `Nothing was waiting for your confirmation. To be told at ${email} when a size is back, ask on the product's page.`
      : `Done: we will tell you at ${email} when ${sizes === 1 ? "that size is" : `those ${sizes} sizes are`} back.`,
} as const;

const sizeError = `Choose the size you want: a whole number from ${MIN_SIZE} to ${MAX_SIZE}.`;

/** POST /api/stock-alerts. Signed in: the account's e-mail (an `email` sent is ignored); a visitor sends one. */
export const stockAlertInputSchema = strictBody({
  productId: productIdSchema,
  size: z
    .number({ error: sizeError })
    .int({ error: sizeError })
    .min(MIN_SIZE, { error: sizeError })
    .max(MAX_SIZE, { error: sizeError }),
  email: emailSchema.optional(),
});

const tokenSchema = z
  .string({ error: STOCK_ALERT_MESSAGES.tokenInvalid })
  .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/, { error: STOCK_ALERT_MESSAGES.tokenInvalid });

/** The link's token: in the address (`?token=`, as the mail's List-Unsubscribe has it) or in a JSON body. */
export const stockAlertTokenSchema = z.object({ token: tokenSchema });

/**
 * The stop press: the token and, to stop one size of the token's e-mail, its product and size (the
 * page's buttons); neither stops every size (the page's 'Stop all', and a mail program's one-click).
 */
export const stockAlertStopSchema = z
  .object({
    token: tokenSchema,
    productId: productIdSchema.optional(),
    size: z.number({ error: sizeError }).int({ error: sizeError }).optional(),
  })
  .refine((body) => (body.productId === undefined) === (body.size === undefined), {
    error: STOCK_ALERT_MESSAGES.oneOrAll,
  })
  .transform(({ token, productId, size }) => ({
    token,
    only: productId !== undefined && size !== undefined ? { productId, size } : undefined,
  }));

/** The same for a new ask, a repeated one and one for an address that stopped the mails (202). */
export interface StockAlertAnswer {
  message: string;
  size: number;
  email: string;
  /** A WhatsApp message goes too (the shop has WhatsApp and the customer a mobile number on file). */
  whatsapp: boolean;
}

/** A size an e-mail still waits for. */
export interface WatchedSize {
  productId: string;
  productName: string;
  size: number;
}

/** What the stop link's page shows before the press. */
export interface StockAlertLinkView {
  email: string;
  /** The alert the mail was sent for. */
  productId: string;
  productName: string;
  size: number;
  /** That alert: still waiting, told already (the mail with the link was its message), or stopped. */
  state: "waiting" | "told" | "stopped";
  /** Every size this e-mail still waits for, the link's own among them while it waits. */
  watching: WatchedSize[];
}

export interface StopAlertsAnswer {
  message: string;
  /** Alerts that were waiting and now will not be sent. */
  stopped: number;
  /** The sizes still watched after the press. */
  watching: WatchedSize[];
}

/** What the confirm link's page shows before the press. */
export interface StockAlertConfirmView {
  email: string;
  productName: string;
  size: number;
  /** Sizes asked for this e-mail since it stopped the mails, all confirmed by the one press. */
  pending: number;
}

export interface ConfirmAlertsAnswer {
  message: string;
  /** Sizes that now wait (or, back in stock meanwhile, are told at once). */
  confirmed: number;
}
