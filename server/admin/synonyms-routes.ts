// /api/admin/synonyms: the words the search reads as others ('joota' means shoe). Inside the admin
// scope, so only an admin reaches them.
import type { FastifyInstance } from "fastify";
import { synonymBodySchema, synonymParamsSchema } from "#shared/synonyms.ts";
import { deleteSynonym, listSynonyms, setSynonym } from "../catalog/synonyms.ts";
import { notFound, parseOr400 } from "../http/errors.ts";
import type { AdminDeps } from "./deps.ts";

export function registerAdminSynonymRoutes(scope: FastifyInstance, deps: AdminDeps): void {
  scope.get("/api/admin/synonyms", async () => listSynonyms(deps.db));

  scope.put("/api/admin/synonyms/:word", async (request, reply) => {
    const { word } = parseOr400(synonymParamsSchema, request.params);
    const { means } = parseOr400(synonymBodySchema, request.body ?? {});
    const { synonym, created } = await setSynonym(deps.db, word, means);
    return reply.code(created ? 201 : 200).send(synonym);
  });

  scope.delete("/api/admin/synonyms/:word", async (request, reply) => {
    const { word } = parseOr400(synonymParamsSchema, request.params);
    if (!(await deleteSynonym(deps.db, word))) throw notFound(`There is no synonym for “${word}”.`);
    return reply.code(204).send();
  });
}
