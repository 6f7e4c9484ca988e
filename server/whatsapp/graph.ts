// The one call the shop makes to Meta's WhatsApp Business Cloud API: send a template message.
// Shapes, from Meta's developer docs:
// - request: POST {graph}/{PHONE_NUMBER_ID}/messages, `Authorization: Bearer <token>`, a message
//   object of type "template" (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
//   and .../cloud-api/guides/send-message-templates);
// - success: `{ messaging_product: "whatsapp", contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] }`
//   (the same reference page's response);
// - failure: `{ error: { message, type, code, error_data?, error_subcode?, fbtrace_id } }`
//   (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes).
// No HTTP server here: a client of someone else's.
import { z } from "zod";
import type { WhatsAppConfig } from "../config.ts";

/** A body variable of a template: Meta allows no new line or tab in one (error 132018). */
export interface TextParameter {
  type: "text";
  text: string;
}

/** A quick-reply button's payload: what the webhook hands back when the customer presses it. */
export interface QuickReplyButton {
  type: "button";
  sub_type: "quick_reply";
  index: string;
  parameters: [{ type: "payload"; payload: string }];
}

export interface TemplateMessage {
  messaging_product: "whatsapp";
  recipient_type: "individual";
  /** The customer's number, digits only with the country code: 923001234567. */
  to: string;
  type: "template";
  template: {
    name: string;
    language: { code: string };
    components: [{ type: "body"; parameters: TextParameter[] }, ...QuickReplyButton[]];
  };
}

/** The longest a body variable is let run: long enough for a link with its signed token. */
const VARIABLE_MAX = 180;

/**
 * A body variable as Meta takes it: no new line, tab or more than four spaces in a row (error
 * 132018), never empty, cut with an ellipsis past `max` characters. Customers type such things into
 * addresses.
 */
export function textParameter(value: string, max = VARIABLE_MAX): TextParameter {
  const text = value.replace(/\s+/g, " ").trim();
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return { type: "text", text: short || "-" };
}

/** A template message whose only component is its body's variables (no buttons). */
export function bodyTemplate(
  to: string,
  template: { name: string; language: string },
  parameters: TextParameter[],
): TemplateMessage {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: {
      name: template.name,
      language: { code: template.language },
      components: [{ type: "body", parameters }],
    },
  };
}

const sentAnswer = z.object({
  messaging_product: z.literal("whatsapp"),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })).optional(),
  messages: z.array(z.object({ id: z.string() })).min(1),
});

const errorAnswer = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number(),
    error_subcode: z.number().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
    fbtrace_id: z.string().optional(),
  }),
});

/** Meta refused a message (or could not be reached); the outbox keeps it and tries again later. */
export class GraphApiError extends Error {
  /** Meta's error code (190: the access token; 131026: undeliverable; …), when Meta answered one. */
  readonly code: number | undefined;
  readonly status: number | undefined;
  constructor(message: string, options: { code?: number | undefined; status?: number | undefined; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "GraphApiError";
    this.code = options.code;
    this.status = options.status;
  }
}

export interface GraphClient {
  /** Sends one template message; answers Meta's message id (wamid). */
  send(message: TemplateMessage): Promise<string>;
}

/** Meta answers in well under a second; a hung connection must not hold the outbox's batch. */
const TIMEOUT_MS = 10_000;

export function createGraphClient(config: Pick<WhatsAppConfig, "graphUrl" | "phoneNumberId" | "accessToken">) {
  const url = `${config.graphUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  const client: GraphClient = {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${config.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new GraphApiError(`WhatsApp's API could not be reached: ${String(error)}`, { cause: error });
      }
      const text = await response.text();
      const body = parseJson(text);
      if (response.ok) {
        const sent = sentAnswer.safeParse(body);
        if (sent.success) return sent.data.messages[0]?.id ?? "";
      }
      const refused = errorAnswer.safeParse(body);
      if (refused.success) {
        const { message: said, code, error_data: data, fbtrace_id: trace } = refused.data.error;
        const details = data?.details ? ` (${data.details})` : "";
        throw new GraphApiError(
          `WhatsApp refused the message: code ${code}: ${said}${details}${trace ? ` [fbtrace_id ${trace}]` : ""}`,
          { code, status: response.status },
        );
      }
      throw new GraphApiError(`WhatsApp's API answered ${response.status} with ${text.slice(0, 200) || "nothing"}`, {
        status: response.status,
      });
    },
  };
  return client;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
