// The WhatsApp tests' side of Meta: the shop's settings pointing at the Graph API stand-in
// (graph-stand-in.ts), events posted to the webhook the way Meta signs and shapes them
// (https://developers.facebook.com/docs/graph-api/webhooks/getting-started and
// .../whatsapp/cloud-api/webhooks/components), and reading back what the stand-in accepted.
import { createHmac, randomInt, randomUUID } from "node:crypto";
import { WHATSAPP_WEBHOOK_PATH } from "#server/confirmation/whatsapp-routes.ts";
import type { TestApp } from "./app.ts";
import type { AcceptedMessage, GraphStandIn } from "./graph-stand-in.ts";

export const ACCOUNT = { phoneNumberId: "106540352242922", accessToken: "EAAG-stand-in-access-token" };
export const APP_SECRET = "stand-in-app-secret-4f1c9a";
export const VERIFY_TOKEN = "karachi-shoes-verify-7d2e";

/** The shop's environment with WhatsApp set up against the stand-in; no sweep (tests queue what it would). */
export const whatsappEnv = (graph: GraphStandIn): Record<string, string> => ({
  WHATSAPP_ACCESS_TOKEN: ACCOUNT.accessToken,
  WHATSAPP_PHONE_NUMBER_ID: ACCOUNT.phoneNumberId,
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
  WHATSAPP_GRAPH_URL: graph.url,
  CONFIRMATION_SWEEP_SECONDS: "0",
});

/** A mobile number of its own, as typed at checkout (03xx…) and as WhatsApp writes it (923xx…). */
export function freshMobile(): { typed: string; wa: string } {
  const rest = String(randomInt(0, 1_000_000_000)).padStart(9, "0");
  return { typed: `03${rest}`, wa: `923${rest}` };
}

export const payloadsOf = (message: AcceptedMessage) =>
  message.template.components.flatMap((c) => (c.type === "button" ? c.parameters.map((p) => p.payload) : []));

/** The body's variables of a message, in order. */
export const variablesOf = (message: AcceptedMessage) =>
  message.template.components.flatMap((c) => (c.type === "body" ? c.parameters.map((p) => p.text) : []));

export const sign = (raw: string, secret = APP_SECRET) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

/** An event as Meta posts it: one change of the `messages` field. */
export function event(value: Record<string, unknown>): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: ACCOUNT.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

/** A press of a template's quick-reply button (Meta's "button" message) from `from` (923001234567). */
export function press(payload: string, from: string, id = `wamid.${randomUUID()}`): string {
  return event({
    contacts: [{ profile: { name: "Ayesha" }, wa_id: from }],
    messages: [
      {
        context: { from: "15550783881", id: "wamid.request" },
        from,
        id,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: "button",
        button: { payload, text: payload.startsWith("confirm") ? "Confirm" : "Cancel" },
      },
    ],
  });
}

/** Posts an event to the webhook, signed with the app secret unless told otherwise (null: unsigned). */
export function postEvent(t: TestApp, raw: string, signature: string | null = sign(raw)) {
  return t.app.inject({
    method: "POST",
    url: WHATSAPP_WEBHOOK_PATH,
    payload: raw,
    headers: {
      "content-type": "application/json",
      ...(signature === null ? {} : { "x-hub-signature-256": signature }),
    },
  });
}
