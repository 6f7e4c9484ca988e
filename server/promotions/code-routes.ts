// [Ours] The owner's discount codes (issue 51): /api/admin/discount-codes, registered inside the admin
// scope (server/admin/routes.ts), whose hook answers 401 or 403 first. Routes are thin: the rules
// are discount-codes.ts's.
import type { FastifyInstance } from "fastify";
import { type DiscountCode, discountCodeIdParamsSchema, discountCodeInputSchema } from "#shared/discount-codes.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import { addCode, listCodes, removeCode, updateCode } from "./discount-codes.ts";

export function registerCodeRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  scope.get(
    "/api/admin/discount-codes",
    async (): Promise<{ codes: DiscountCode[] }> => ({ codes: await listCodes(deps.db) }),
  );

  scope.post("/api/admin/discount-codes", async (request, reply) => {
    const admin = adminOf(request);
    const added = await addCode(deps.db, parseOr400(discountCodeInputSchema, request.body), admin.id);
    request.log.info({ codeId: added._id, adminId: admin.id }, "added a discount code");
    return reply.code(201).send(added);
  });

  scope.put("/api/admin/discount-codes/:id", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(discountCodeIdParamsSchema, request.params);
    const saved = await updateCode(deps.db, id, parseOr400(discountCodeInputSchema, request.body), admin.id);
    request.log.info({ codeId: id, adminId: admin.id }, "saved a discount code");
    return saved;
  });

  scope.delete("/api/admin/discount-codes/:id", async (request, reply) => {
    const admin = adminOf(request);
    const { id } = parseOr400(discountCodeIdParamsSchema, request.params);
    await removeCode(deps.db, id);
    request.log.info({ codeId: id, adminId: admin.id }, "removed a discount code");
    return reply.code(204).send();
  });
}
