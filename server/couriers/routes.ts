// /api/admin/couriers: the owner's couriers (list, add, change, their terms) and their files (import
// one, list the last ones), registered inside the admin scope (server/admin/routes.ts), whose hook answers
// 401 or 403 first.
import type { FastifyInstance } from "fastify";
import { courierImportInputSchema, IMPORT_MAX_BYTES } from "#shared/courier-imports.ts";
import { courierTermsInputSchema } from "#shared/courier-terms.ts";
import { courierIdParamsSchema, courierInputSchema } from "#shared/couriers.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import type { ShopContact } from "../mail/order-contact.ts";
import type { MailWaker } from "../mail/queue.ts";
import { createOrderAnnouncer } from "../orders/life/after-commit.ts";
import { addCourier, changeCourier, listCouriers, readCourier } from "./couriers.ts";
import type { CourierApis } from "./deliveries.ts";
import { listImports } from "./import-history.ts";
import { runCourierImport } from "./imports.ts";
import { saveTerms } from "./terms.ts";

// The file travels as a JSON string: quotes and line breaks escaped, Urdu three bytes a letter.
const IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES * 3 + 64 * 1024;

/** What the courier routes need of the admin scope (server/admin/routes.ts registers them). */
export interface CourierRouteDeps {
  db: Db;
  /** Wakes the sender of the mails a file's moves queued. */
  outbox: MailWaker;
  shop: ShopContact;
  publicUrl: string;
  /** The failed attempts a status file reports are asked through the same service as the API's. */
  couriers: Pick<CourierApis, "hooks">;
}

export function registerCourierRoutes(scope: FastifyInstance, deps: CourierRouteDeps): void {
  const announcer = createOrderAnnouncer(scope, deps);

  scope.get("/api/admin/couriers", async () => ({ couriers: await listCouriers(deps.db) }));

  scope.post("/api/admin/couriers", async (request, reply) => {
    const input = parseOr400(courierInputSchema, request.body);
    const courier = await addCourier(deps.db, input);
    request.log.info({ courier: courier.name }, "courier added");
    return reply.code(201).send(courier);
  });

  scope.put("/api/admin/couriers/:id", async (request) => {
    const { id } = parseOr400(courierIdParamsSchema, request.params);
    const input = parseOr400(courierInputSchema, request.body);
    return changeCourier(deps.db, id, input);
  });

  // The owner's own terms replace the seeded defaults; the answer is the courier with them.
  scope.put("/api/admin/couriers/:id/terms", async (request) => {
    const { id } = parseOr400(courierIdParamsSchema, request.params);
    const input = parseOr400(courierTermsInputSchema, request.body);
    await saveTerms(deps.db, id, input);
    request.log.info({ courierId: id }, "courier terms saved");
    return readCourier(deps.db, id);
  });

  scope.get("/api/admin/couriers/:id/imports", async (request) => {
    const { id } = parseOr400(courierIdParamsSchema, request.params);
    return listImports(deps.db, id);
  });

  // A preview (apply false) changes nothing; an applied file queues each moved order's customer's mail.
  scope.post("/api/admin/couriers/:id/imports", { bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(courierIdParamsSchema, request.params);
    const input = parseOr400(courierImportInputSchema, request.body);
    const { result, moved } = await runCourierImport(deps.db, id, input, admin.id, deps.couriers.hooks);
    if (moved.length > 0) announcer.moved(moved.flatMap((order) => order.restockedProductIds));
    if (result.applied) {
      request.log.info({ courierId: id, kind: input.kind, summary: result.summary }, "courier file imported");
    }
    return result;
  });
}
