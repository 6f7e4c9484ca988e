// /api/admin/searches: the last 30 days' searches that found nothing or little, and
// /api/admin/not-sold: the words for what the shop does not sell (decision 025). Inside the admin
// scope, so only an admin reaches them.
import type { FastifyInstance } from "fastify";
import { notSoldBodySchema, notSoldParamsSchema } from "#shared/not-sold.ts";
import { deleteNotSold, listNotSold, setNotSold } from "../catalog/not-sold.ts";
import { listMisses } from "../catalog/search-misses.ts";
import { notFound, parseOr400 } from "../http/errors.ts";
import type { AdminDeps } from "./deps.ts";

export function registerAdminSearchesRoutes(scope: FastifyInstance, deps: AdminDeps): void {
  scope.get("/api/admin/searches", async () => listMisses(deps.db));

  scope.get("/api/admin/not-sold", async () => listNotSold(deps.db));

  scope.put("/api/admin/not-sold/:word", async (request, reply) => {
    const { word } = parseOr400(notSoldParamsSchema, request.params);
    const { kind } = parseOr400(notSoldBodySchema, request.body ?? {});
    const { word: saved, created } = await setNotSold(deps.db, word, kind);
    return reply.code(created ? 201 : 200).send(saved);
  });

  scope.delete("/api/admin/not-sold/:word", async (request, reply) => {
    const { word } = parseOr400(notSoldParamsSchema, request.params);
    if (!(await deleteNotSold(deps.db, word))) throw notFound(`“${word}” is not on the not-sold list.`);
    return reply.code(204).send();
  });
}
