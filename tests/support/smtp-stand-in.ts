// A mail server on 127.0.0.1 for the tests that need a real SMTP conversation (SMTP_URL): it speaks
// the part of RFC 5321 the shop's mailer uses (EHLO/HELO, MAIL, RCPT, DATA with dot-stuffing, RSET,
// NOOP, QUIT) and keeps every message it accepted. While `refusing`, it greets each connection with
// 421 and closes it, as a mail server that is down for maintenance does (RFC 5321 section 3.8).

import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";

export interface AcceptedMail {
  /** The envelope's sender and recipients (MAIL FROM, RCPT TO). */
  from: string;
  to: string[];
  /** The message as it came, headers and body, dot-stuffing undone, quoted-printable decoded. */
  data: string;
  /** Its headers, unfolded, by lower-case name (the first of each). */
  headers: Map<string, string>;
}

export interface SmtpStandIn {
  /** What SMTP_URL is set to: `smtp://127.0.0.1:<port>`. */
  url: string;
  accepted: AcceptedMail[];
  /** Connections turned away with 421 so far. */
  refusedConnections: number;
  /** While true, every new connection is refused with 421. */
  refusing: boolean;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function headersOf(data: string): Map<string, string> {
  const head = data.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

const address = (argument: string) => /<([^>]*)>/.exec(argument)?.[1] ?? argument.trim();

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const sockets = new Set<Socket>();
  const stand: SmtpStandIn = {
    url: "",
    accepted: [],
    refusedConnections: 0,
    refusing: false,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  function converse(socket: Socket) {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    if (stand.refusing) {
      stand.refusedConnections += 1;
      socket.end("421 127.0.0.1 Service not available, closing transmission channel\r\n");
      return;
    }
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffered = "";
    let envelope: { from: string; to: string[] } | undefined;
    let data: string[] | undefined;
    reply("220 127.0.0.1 ESMTP stand-in");

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      const argument = line.slice(line.indexOf(":") + 1);
      if (verb === "EHLO" || verb === "HELO") reply("250 127.0.0.1");
      else if (verb === "MAIL") {
        envelope = { from: address(argument), to: [] };
        reply("250 OK");
      } else if (verb === "RCPT") {
        if (!envelope) return reply("503 MAIL first");
        envelope.to.push(address(argument));
        reply("250 OK");
      } else if (verb === "DATA") {
        if (!envelope || envelope.to.length === 0) return reply("503 RCPT first");
        data = [];
        reply("354 End data with <CR><LF>.<CR><LF>");
      } else if (verb === "RSET") {
        envelope = undefined;
        reply("250 OK");
      } else if (verb === "NOOP") reply("250 OK");
      else if (verb === "QUIT") {
        reply("221 Bye");
        socket.end();
      } else reply("502 Command not implemented");
    };

    socket.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      for (let end = buffered.indexOf("\r\n"); end >= 0; end = buffered.indexOf("\r\n")) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (!data) {
          command(line);
          continue;
        }
        if (line !== ".") {
          data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const text = decodeQuotedPrintable(data.join("\r\n"));
        if (envelope) stand.accepted.push({ ...envelope, data: text, headers: headersOf(text) });
        data = undefined;
        envelope = undefined;
        reply("250 OK: queued");
      }
    });
  }

  const server = createServer(converse);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stand.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}
