// A stand-in for Meta's Graph API on 127.0.0.1, for the WhatsApp tests: it answers the one call the
// shop makes, POST /v21.0/{PHONE_NUMBER_ID}/messages, the way Meta documents it, and keeps what it
// accepted. Shapes, from Meta's developer docs:
// - the message object and the success answer `{ messaging_product, contacts: [{ input, wa_id }],
//   messages: [{ id }] }`: https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages;
// - a template's components (body text parameters, quick_reply buttons with a payload):
//   https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates;
// - errors `{ error: { message, type, code, error_data: { messaging_product, details }, fbtrace_id } }`,
//   190 for a bad access token (401), 100 for an invalid parameter (400), 131000 "Something went
//   wrong" (500): https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

export const GRAPH_VERSION = "v21.0";

const textParameter = z.object({ type: z.literal("text"), text: z.string().min(1) }).strict();
const bodyComponent = z.object({ type: z.literal("body"), parameters: z.array(textParameter).min(1) }).strict();
const quickReply = z
  .object({
    type: z.literal("button"),
    sub_type: z.literal("quick_reply"),
    index: z.string().regex(/^\d$/),
    parameters: z
      .array(z.object({ type: z.literal("payload"), payload: z.string().min(1).max(1000) }).strict())
      .length(1),
  })
  .strict();

const templateMessage = z
  .object({
    messaging_product: z.literal("whatsapp"),
    recipient_type: z.literal("individual").optional(),
    to: z.string().regex(/^\d{8,15}$/, { error: "to must be the number's digits with the country code" }),
    type: z.literal("template"),
    template: z
      .object({
        name: z.string().min(1).max(512),
        language: z.object({ code: z.string().min(2) }).strict(),
        components: z.array(z.union([bodyComponent, quickReply])).min(1),
      })
      .strict(),
  })
  .strict();
export type AcceptedMessage = z.output<typeof templateMessage> & { id: string };

export interface GraphStandIn {
  /** What WHATSAPP_GRAPH_URL is set to: `http://127.0.0.1:<port>/v21.0`. */
  url: string;
  /** Every message accepted, in order. */
  accepted: AcceptedMessage[];
  /** Every refusal, with its status and Meta's error code. */
  refused: { status: number; code: number }[];
  /** The next `count` well-formed calls fail with a 500, as when Meta has a bad minute. */
  failNext(count: number): void;
  close(): Promise<void>;
}

const traceId = () => randomBytes(9).toString("base64url");

function metaError(response: ServerResponse, status: number, error: { message: string; type: string; code: number }) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(
    JSON.stringify({
      error: { ...error, error_data: { messaging_product: "whatsapp", details: error.message }, fbtrace_id: traceId() },
    }),
  );
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startGraphStandIn(account: {
  phoneNumberId: string;
  accessToken: string;
}): Promise<GraphStandIn> {
  const accepted: AcceptedMessage[] = [];
  const refused: { status: number; code: number }[] = [];
  let failures = 0;
  const refuse = (response: ServerResponse, status: number, error: { message: string; type: string; code: number }) => {
    refused.push({ status, code: error.code });
    metaError(response, status, error);
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== "POST" || request.url !== `/${GRAPH_VERSION}/${account.phoneNumberId}/messages`) {
      // What Graph says of an id it does not know (or a node that takes no POST).
      return refuse(response, 400, {
        message: `Unsupported post request. Object with ID '${request.url}' does not exist`,
        type: "GraphMethodException",
        code: 100,
      });
    }
    if (request.headers.authorization !== `Bearer ${account.accessToken}`) {
      return refuse(response, 401, {
        message: "Invalid OAuth access token - Cannot parse access token",
        type: "OAuthException",
        code: 190,
      });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return refuse(response, 400, { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 });
    }
    const message = templateMessage.safeParse(parsed);
    if (!message.success) {
      const where = message.error.issues[0]?.path.join(".") ?? "";
      return refuse(response, 400, {
        message: `(#100) Invalid parameter: ${where}`,
        type: "OAuthException",
        code: 100,
      });
    }
    if (failures > 0) {
      failures -= 1;
      return refuse(response, 500, { message: "(#131000) Something went wrong", type: "OAuthException", code: 131000 });
    }
    const id = `wamid.${randomBytes(24).toString("base64url")}`;
    accepted.push({ ...message.data, id });
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        messaging_product: "whatsapp",
        contacts: [{ input: message.data.to, wa_id: message.data.to }],
        messages: [{ id }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${GRAPH_VERSION}`,
    accepted,
    refused,
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
