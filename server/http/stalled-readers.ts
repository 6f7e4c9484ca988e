// A client that sends requests and never reads the answers (issue 45, low): once the kernel's
// buffers are full, Node keeps the rest of the answers in memory and the socket open for ever. nginx
// in front ends such a client after its send_timeout (deploy/nginx/shop.conf); an instance reached
// directly had no such bound. Node's own timeouts do not fit: the socket timeout also ends idle
// keep-alive connections (which must outlive nginx's keepalive_timeout) and quiet long answers such
// as the admin's new-orders stream, and requestTimeout covers only the request's arrival.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

interface Watched {
  /** Answers begun on this connection and not yet closed (pipelined ones wait behind the first). */
  answers: Set<ServerResponse>;
  written: number;
  since: number;
}

/**
 * Ends every connection that has had answer bytes waiting to leave, in the socket or in an answer
 * queued behind it, without a byte leaving for `timeoutMs`. A connection with nothing waiting (idle
 * between requests, or a stream between its messages) is never ended here, however long it lasts.
 */
export function endStalledReaders(server: Server, timeoutMs: number): void {
  const watched = new Map<Socket, Watched>();
  server.on("request", (_request: IncomingMessage, answer: ServerResponse) => {
    const socket = answer.socket;
    if (!socket) return;
    let entry = watched.get(socket);
    if (!entry) {
      const created: Watched = { answers: new Set(), written: socket.bytesWritten, since: Date.now() };
      watched.set(socket, created);
      socket.once("close", () => watched.delete(socket));
      entry = created;
    }
    const answers = entry.answers;
    answers.add(answer);
    answer.once("close", () => answers.delete(answer));
  });
  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const [socket, entry] of watched) {
        const waiting = [...entry.answers].some((answer) => answer.writableLength > 0) || socket.writableLength > 0;
        if (!waiting || socket.bytesWritten !== entry.written) {
          entry.written = socket.bytesWritten;
          entry.since = now;
        } else if (now - entry.since >= timeoutMs) {
          socket.destroy();
        }
      }
    },
    Math.min(1_000, timeoutMs),
  );
  timer.unref();
  server.once("close", () => clearInterval(timer));
}
