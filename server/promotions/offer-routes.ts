// [Ours] The owner's automatic offers (issue 51): /api/admin/offers, registered inside the admin scope
// (server/admin/routes.ts), whose hook answers 401 or 403 first. Routes are thin: the rules are
// offers.ts's.
import type { FastifyInstance } from "fastify";
import { type Offer, offerIdParamsSchema, offerInputSchema } from "#shared/offers.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import { addOffer, listOffers, removeOffer, updateOffer } from "./offers.ts";

export function registerOfferRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  scope.get("/api/admin/offers", async (): Promise<{ offers: Offer[] }> => ({ offers: await listOffers(deps.db) }));

  scope.post("/api/admin/offers", async (request, reply) => {
    const admin = adminOf(request);
    const added = await addOffer(deps.db, parseOr400(offerInputSchema, request.body), admin.id);
    request.log.info({ offerId: added._id, adminId: admin.id }, "added an offer");
    return reply.code(201).send(added);
  });

  scope.put("/api/admin/offers/:id", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(offerIdParamsSchema, request.params);
    const saved = await updateOffer(deps.db, id, parseOr400(offerInputSchema, request.body), admin.id);
    request.log.info({ offerId: id, adminId: admin.id }, "saved an offer");
    return saved;
  });

  scope.delete("/api/admin/offers/:id", async (request, reply) => {
    const admin = adminOf(request);
    const { id } = parseOr400(offerIdParamsSchema, request.params);
    await removeOffer(deps.db, id);
    request.log.info({ offerId: id, adminId: admin.id }, "removed an offer");
    return reply.code(204).send();
  });
}
