// /api/admin/blocked: the owner's block list of phone numbers and addresses (issue 50). Inside the
// admin scope, so only an admin reaches them; what a block stops is the checkout's (place-order.ts).
import type { FastifyInstance } from "fastify";
import { blockIdParamsSchema, newBlockSchema } from "#shared/block-list.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import { parseOr400 } from "../http/errors.ts";
import { addBlock, listBlocked, removeBlock } from "./block-list.ts";
import type { AdminDeps } from "./deps.ts";

export function registerBlockListRoutes(scope: FastifyInstance, deps: AdminDeps): void {
  scope.get("/api/admin/blocked", async () => listBlocked(deps.db));

  scope.post("/api/admin/blocked", async (request, reply) => {
    const admin = adminOf(request);
    const input = parseOr400(newBlockSchema, request.body);
    const entry = await addBlock(deps.db, input, admin.id);
    request.log.info({ blockId: entry._id, kind: entry.kind, adminId: admin.id }, "added to the block list");
    return reply.code(201).send(entry);
  });

  scope.delete("/api/admin/blocked/:id", async (request, reply) => {
    const admin = adminOf(request);
    const { id } = parseOr400(blockIdParamsSchema, request.params);
    await removeBlock(deps.db, id);
    request.log.info({ blockId: id, adminId: admin.id }, "removed from the block list");
    return reply.code(204).send();
  });
}
