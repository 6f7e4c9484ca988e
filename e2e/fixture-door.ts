// The browser tests' door to what no screen or call of the shop writes yet: a payment report's line
// as the payment import will apply it (issue 48; the import is being written beside this work), with
// the short payment it finds. Opened only by scripts/e2e-server.ts when E2E_FIXTURES_PORT is set
// (playwright.config.ts), on 127.0.0.1, in the shop's own process: PGlite allows one process per data
// folder, so a spec cannot write to the database itself. Never part of the shop that `npm start` runs.
import { createServer } from "node:http";
import type { Db } from "../server/db/client.ts";
import { type ReportLine, settleFromReport } from "../tests/support/payment-report.ts";

/** POST /payment-report { orderId, ...ReportLine }: answers the amounts expected and paid, and the short payment's id. */
export function openFixtureDoor(db: Db, port: number): void {
  const server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method !== "POST" || request.url !== "/payment-report") return reply(404, { message: "No such door." });
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => {
      const { orderId, ...line } = JSON.parse(text) as { orderId: string } & ReportLine;
      settleFromReport(db, orderId, line).then(
        (paid) => reply(200, paid),
        (error: unknown) => reply(500, { message: String(error) }),
      );
    });
  });
  server.listen(port, "127.0.0.1");
  // The shop's shutdown ends the process; the door must not keep it alive.
  server.unref();
}
