// What page loaders get from the server: the same services the API uses, so a loader never
// makes an HTTP hop. The key lives on globalThis because in development Vite evaluates route
// modules in its own module graph, and both graphs must share one key.
import { createContext, type RouterContext, RouterContextProvider } from "react-router";
import type { PostedForm } from "#shared/posted-form.ts";
import type { EmailVerification } from "../accounts/verification.ts";
import type { AreaService } from "../areas/service.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { ConfirmationService } from "../confirmation/service.ts";
import type { AttemptService } from "../couriers/attempts/service.ts";
import type { WhatsAppUpdates } from "../couriers/whatsapp-updates.ts";
import type { ExchangeService } from "../exchanges/service.ts";
import type { ReviewReader } from "../reviews/read.ts";
import type { ReviewService } from "../reviews/service.ts";
import type { StockAlertService } from "../stock-alerts/service.ts";

export interface ShopInfo {
  phone: string;
  email: string;
  instagram: string;
}

export interface AppContext {
  catalog: CatalogService;
  /** The Karachi areas (the checkout's Area field lists them before any script runs). */
  areas: AreaService;
  /** The mailed confirmation link's page reads the order it names (/confirm-order). */
  confirmation: Pick<ConfirmationService, "view">;
  /** The failed delivery's link page reads the attempt it names (/delivery-attempt, issue 49). */
  attempts: Pick<AttemptService, "page">;
  /** The product page's published reviews, read only for a product whose sums say it has some (issue 53). */
  reviews: ReviewReader;
  /** The 'stop WhatsApp updates' link's page reads what it names (/whatsapp-updates, issue 53). */
  whatsappUpdates: Pick<WhatsAppUpdates, "view">;
  /** The exchange policy page states the owner's window (issue 33). */
  exchanges: Pick<ExchangeService, "settings">;
  /** The back-in-stock mails' stop and confirm links' pages read what they name (/stop-alerts, /confirm-alerts). */
  stockAlerts: Pick<StockAlertService, "view" | "confirmView">;
  /** The review request's link page reads the order's pairs it names (/review, issue 53). */
  reviewForm: Pick<ReviewService, "form">;
  /** The sign-up mail's link page says when the address is proven already (/verify-email, issue 46). */
  verification: Pick<EmailVerification, "read">;
  shop: ShopInfo;
  publicUrl: string;
  /** CSP nonce of this response, for the inline scripts React Router writes. */
  nonce: string;
}

const KEY = Symbol.for("shoe-shop.app-context");
type WithKey = typeof globalThis & { [KEY]?: RouterContext<AppContext> };

const registry = globalThis as WithKey;
registry[KEY] ??= createContext<AppContext>();
export const appContext: RouterContext<AppContext> = registry[KEY];

export function createLoadContext(value: AppContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(appContext, value);
  return provider;
}

const POSTED_KEY = Symbol.for("shoe-shop.posted-form");
type WithPostedKey = typeof globalThis & { [POSTED_KEY]?: RouterContext<PostedForm | null> };
const postedRegistry = globalThis as WithPostedKey;
postedRegistry[POSTED_KEY] ??= createContext<PostedForm | null>(null);
/** A form posted to a page (server/web/react-router.ts), for the root loader to show again. */
export const postedFormContext: RouterContext<PostedForm | null> = postedRegistry[POSTED_KEY];
