// The back-in-stock messages: the e-mail (with the List-Unsubscribe headers of RFC 2369 and the
// one-click POST of RFC 8058, so a mail program's own 'Unsubscribe' works without opening a page),
// and the owner's WhatsApp template. The WhatsApp body's three variables, in order: {{1}} the
// product, {{2}} the size, {{3}} the product's page with the size chosen (README, "WhatsApp").
import { formatRs } from "#shared/money.ts";
import { SHOP_NAME } from "#shared/shop.ts";
import { escapeHtml } from "../mail/html.ts";
import type { Mail } from "../mail/mailer.ts";
import { bodyTemplate, type TemplateMessage } from "../whatsapp/graph.ts";

/** One alert as its message needs it. */
export interface BackInStock {
  email: string;
  whatsapp: string | null;
  productName: string;
  size: number;
  price: number;
  discountPrice: number;
  /** The product's page with the size chosen. */
  productUrl: string;
}

/** Where the customer stops the mails: the page with the button, and the one-click address. */
export interface StopLinks {
  page: string;
  oneClick: string;
}

export function backInStockMail(alert: BackInStock, stop: StopLinks): Mail {
  const { productName: name, size } = alert;
  const price =
    alert.discountPrice < alert.price
      ? `${formatRs(alert.discountPrice)} (was ${formatRs(alert.price)})`
      : formatRs(alert.discountPrice);
  const once =
    "We tell you once, as you asked: pairs go quickly, and if this size sells out again we will not write unless you ask again on its page.";
  const text = [
    `Good news: ${name} is back in stock in size ${size}.`,
    `Price: ${price}, cash on delivery anywhere in Karachi.`,
    "",
    `Buy size ${size} here: ${alert.productUrl}`,
    "",
    once,
    "",
    `You are getting this because you asked ${SHOP_NAME} to tell you when size ${size} was back.`,
    `Stop back-in-stock mails: ${stop.page}`,
  ].join("\n");
  const html = `<p>Good news: <strong>${escapeHtml(name)}</strong> is back in stock in <strong>size ${size}</strong>.</p>
<p>Price: <strong>${escapeHtml(price)}</strong>, cash on delivery anywhere in Karachi.</p>
<p><a href="${escapeHtml(alert.productUrl)}"><strong>Buy size ${size}</strong></a></p>
<p>${escapeHtml(once)}</p>
<p style="color:#57534e;font-size:13px">You are getting this because you asked ${escapeHtml(SHOP_NAME)} to tell you when size ${size} was back. <a href="${escapeHtml(stop.page)}">Stop back-in-stock mails</a>.</p>`;
  return {
    to: alert.email,
    subject: `Size ${size} is back: ${name}`,
    text,
    html,
    headers: { "List-Unsubscribe": `<${stop.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export function backInStockTemplate(
  alert: BackInStock & { whatsapp: string },
  template: { name: string; language: string },
): TemplateMessage {
  const variables = [alert.productName, String(alert.size), alert.productUrl];
  return bodyTemplate(
    alert.whatsapp,
    template,
    variables.map((text) => ({ type: "text", text })),
  );
}

/** An ask for an address that had stopped the mails: what was asked, and where to press to confirm. */
export interface ConfirmAsk {
  email: string;
  productName: string;
  size: number;
  /** The confirm link's page (its button confirms; opening it does nothing). */
  confirmUrl: string;
}

/**
 * The 'press to confirm' mail. Anyone can type an address into the ask, so it carries only the
 * shop's words and product, says plainly that ignoring it sends nothing, and asks for a press.
 */
export function confirmAskMail(ask: ConfirmAsk): Mail {
  const { productName: name, size } = ask;
  const asked = `Someone, perhaps you, asked ${SHOP_NAME} to e-mail this address when size ${size} of ${name} is back in stock.`;
  const why = "You had stopped our back-in-stock mails, so we send none until you confirm.";
  const ignore = "If it was not you, ignore this mail: nothing will be sent.";
  const text = [asked, why, "", `Confirm here: ${ask.confirmUrl}`, "", ignore].join("\n");
  const html = `<p>${escapeHtml(asked)}</p>
<p>${escapeHtml(why)}</p>
<p><a href="${escapeHtml(ask.confirmUrl)}"><strong>Confirm</strong></a></p>
<p style="color:#57534e;font-size:13px">${escapeHtml(ignore)}</p>`;
  return { to: ask.email, subject: `Confirm: tell you when size ${size} is back?`, text, html };
}
