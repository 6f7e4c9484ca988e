// Back in stock (issue 33, part 4): 'Tell me when size 42 is back' on a sold-out size. The contract
// of the subscribe call, the unsubscribe link and its page, and their messages (docs/product.md
// section 7, "Back in stock").
import { emailSchema } from "./accounts.ts";
import { productIdSchema } from "./catalog-schemas.ts";
import { MAX_SIZE, MIN_SIZE } from "./sizes.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const STOCK_ALERTS_PATH = "/api/stock-alerts";
/** The one-click unsubscribe (RFC 8058: List-Unsubscribe-Post) and the page's button post here. */
export const STOCK_ALERTS_UNSUBSCRIBE_PATH = "/api/stock-alerts/unsubscribe";
/** The page the mail's 'stop' link opens: reading it changes nothing, its button does. */
export const STOP_ALERTS_PAGE = "/stop-alerts";

/** Sizes one e-mail may wait for at once: enough for a family, too few to flood someone's inbox. */
export const MAX_WAITING_PER_EMAIL = 20;

export const STOCK_ALERT_MESSAGES = {
  productNotFound: "No product found.",
  notOffered: (size: number) => `This product does not come in size ${size}.`,
  inStock: (size: number) => `Size ${size} is in stock: add it to your cart.`,
  tooMany: `You are already waiting for ${MAX_WAITING_PER_EMAIL} sizes. We will tell you as they come back; you can ask for more then.`,
  told: (email: string, size: number) => `We will tell you at ${email} when size ${size} is back.`,
  toldAlready: (email: string, size: number) =>
    `You asked already: we will tell you at ${email} when size ${size} is back.`,
  alsoWhatsApp: "We will also send you a WhatsApp message.",
  tokenInvalid: "This link is missing or incomplete. Please open the whole link from your e-mail.",
  tokenGone: "This link no longer works: the product it was about is no longer in the shop. Nothing is waiting.",
  stopped: (email: string) =>
    `Done: we will not write to ${email} when sizes come back. To be told again, ask on the product's page.`,
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

export interface StockAlertAnswer {
  message: string;
  size: number;
  email: string;
  /** A WhatsApp message goes too (the shop has WhatsApp and the customer a mobile number on file). */
  whatsapp: boolean;
  /** The same product, size and e-mail was waiting already: nothing new was written. */
  already: boolean;
}

/** What the stop link's page shows before the press. */
export interface StockAlertLinkView {
  email: string;
  productName: string;
  size: number;
  /** Sizes this e-mail still waits for (all of them stop with one press). */
  waiting: number;
}

export interface StopAlertsAnswer {
  message: string;
  /** Alerts that were waiting and now will not be sent. */
  stopped: number;
}
