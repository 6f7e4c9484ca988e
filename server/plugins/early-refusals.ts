// Refusals made before any Fastify hook runs carry the same security headers as every other
// answer (docs/security.md, "Headers on every answer"). Three places answer that early:
// - Node's HTTP parser (an unknown method, a URL or headers over 16 KB, a malformed request line or
//   header, a request too slow to arrive): Fastify's clientErrorHandler writes those on the socket.
// - Node itself, through a response object that never reaches Fastify (HTTP/1.1 without Host: 400;
//   an Expect header it cannot meet: 417): every response object starts with the headers below.
// - Fastify's router (a broken %-escape in the path, a parameter over its length limit):
//   frameworkErrors answers those before the hooks.
import { type IncomingMessage, type ServerOptions, ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ConnectionError, FastifyError, FastifyReply, FastifyServerOptions } from "fastify";
import { baselineSecurityHeaders, type SecurityOptions } from "./security-headers.ts";

export const EARLY_MESSAGES = {
  400: "The request is not valid HTTP.",
  408: "The request took too long to arrive. Please try again.",
  431: "The address or the request's headers are too long (the limit is 16 KB).",
  badUrl: "The address is not valid: it holds a broken %-escape.",
  longParameter: "A part of the address is too long.",
  method: "The shop does not answer this HTTP method.",
} as const;

interface EarlyOptions {
  http: ServerOptions;
  clientErrorHandler: (error: ConnectionError, socket: Socket) => void;
  frameworkErrors: NonNullable<FastifyServerOptions["frameworkErrors"]>;
}

export function earlyRefusalOptions(options: SecurityOptions): EarlyOptions {
  const headers = baselineSecurityHeaders(options);
  const headerLines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join("");

  // Every response Node creates starts with the headers; a routed answer's own (helmet's, with
  // this answer's nonce) replace them, so only answers made outside Fastify keep these.
  class SecuredResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
    constructor(request: Request) {
      super(request);
      for (const [name, value] of headers) this.setHeader(name, value);
    }
  }

  return {
    http: { ServerResponse: SecuredResponse },

    clientErrorHandler(error, socket) {
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      // An answer already under way on this connection cannot be followed by another.
      const current = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
      if (socket.writable && !current?.headersSent) {
        const [status, message] = parserRefusal(error.code);
        const body = JSON.stringify({ message });
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}` +
            "Cache-Control: no-store\r\nContent-Type: application/json; charset=utf-8\r\n" +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },

    frameworkErrors(error: FastifyError, _request, routerReply) {
      // The option is generic over route schemas; this reply belongs to no route.
      const reply = routerReply as unknown as FastifyReply;
      const long = error.code === "FST_ERR_MAX_PARAM_LENGTH";
      const bad = error.code === "FST_ERR_BAD_URL";
      const status = long ? 414 : bad ? 400 : 500;
      const message = long
        ? EARLY_MESSAGES.longParameter
        : bad
          ? EARLY_MESSAGES.badUrl
          : "Something went wrong on our side. Please try again.";
      // Set here too: an injected request (tests) has no SecuredResponse underneath.
      for (const [name, value] of headers) reply.header(name, value);
      reply.code(status).header("cache-control", "no-store").send({ message });
    },
  };
}

function parserRefusal(code: string | undefined): [number, string] {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return [408, EARLY_MESSAGES[408]];
  if (code === "HPE_HEADER_OVERFLOW") return [431, EARLY_MESSAGES[431]];
  if (code === "HPE_INVALID_METHOD") return [405, EARLY_MESSAGES.method];
  return [400, EARLY_MESSAGES[400]];
}
