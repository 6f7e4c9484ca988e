// A courier's webhook (issue 49): POST /api/couriers/:id/webhook, where the owner points Trax's status
// and payment webhooks. Public, so nothing is believed unsigned: the raw body's HMAC under the owner's
// webhook secret (server/couriers/api/trax-webhook.ts) is checked before it is read. The statuses go
// through the same once-only path as the sync's (imports.ts); a payment's news makes the courier due
// for a sync at once, which reads its amounts.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { COURIER_API_MESSAGES } from "#shared/courier-api.ts";
import { courierIdParamsSchema } from "#shared/couriers.ts";
import type { CourierApiConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { HttpError, parseOr400 } from "../http/errors.ts";
import type { TrackingLine } from "./adapter.ts";
import { accountRow } from "./api/accounts.ts";
import { CourierApiError } from "./api/courier-api.ts";
import { openCredentials } from "./api/sealed-credentials.ts";
import { parseTraxWebhook } from "./api/trax-webhook.ts";
import { applyCourierLines, type ImportHooks } from "./imports.ts";
import type { SyncOutcome } from "./sync.ts";

/** Trax posts one change at a time; a batch of a few hundred is far more than any courier sends. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function registerCourierWebhook(
  app: FastifyInstance,
  deps: { db: Db; config: CourierApiConfig; hooks: ImportHooks; afterSync(outcome: SyncOutcome): void },
): void {
  app.register(async (scope) => {
    // The signature is over the bytes as sent: the body is kept as text, whatever its type says.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });

    scope.post("/api/couriers/:id/webhook", async (request) => {
      const { id } = parseOr400(courierIdParamsSchema, request.params);
      const account = await accountRow(deps.db, id);
      const key = deps.config.credentialsKey;
      if (account?.api !== "trax" || !account.enabled || !key) {
        throw new HttpError(404, COURIER_API_MESSAGES.noWebhook);
      }
      const secret = openCredentials(key, account.keyId, account.sealedCredentials).webhookSecret ?? "";
      const raw = typeof request.body === "string" ? request.body : "";
      let statuses: ReturnType<typeof parseTraxWebhook>;
      try {
        statuses = parseTraxWebhook(raw, request.headers, secret);
      } catch (error) {
        if (error instanceof CourierApiError) {
          request.log.warn({ courierId: id, failure: error.failure }, "courier webhook refused");
          throw new HttpError(error.failure === "credentials" ? 401 : 400, error.message);
        }
        throw error;
      }
      const lines: TrackingLine[] = statuses.map((s, i) => ({ line: i + 1, ...s }));
      const applied = await applyCourierLines(deps.db, id, { kind: "status", lines }, "Trax webhook", deps.hooks);
      // A payment's news: its amounts come with the next sync, made due now.
      if (statuses.some((s) => /payment/i.test(s.status))) {
        await deps.db.execute(sql`update courier_accounts set next_sync_at = now() where courier_id = ${id}`);
      }
      deps.afterSync({ synced: [], moved: applied.moved, attempts: applied.attempts, told: applied.told });
      return { received: statuses.length };
    });
  });
}
