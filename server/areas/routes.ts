// [Ours] The areas' calls: GET /api/areas for everyone (the checkout's list; the same for every
// visitor, so browsers and proxies may keep it five minutes), and the owner's /api/admin/areas,
// registered inside the admin scope (server/admin/routes.ts), whose hook answers 401 or 403 first.
import type { FastifyInstance } from "fastify";
import { type AdminAreaList, type AreaList, areaActiveSchema, areaParamsSchema, newAreaSchema } from "#shared/areas.ts";
import { parseOr400 } from "../http/errors.ts";
import type { AreaService } from "./service.ts";

/** An area the owner adds or hides reaches every checkout within this many seconds. */
const PUBLIC_MAX_AGE_SECONDS = 300;

export function registerAreaRoutes(app: FastifyInstance, areas: AreaService): void {
  app.get("/api/areas", { config: { publicData: true } }, async (_request, reply): Promise<AreaList> => {
    reply.header("cache-control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
    return { areas: await areas.active() };
  });
}

export function registerAdminAreaRoutes(scope: FastifyInstance, areas: AreaService): void {
  scope.get("/api/admin/areas", async (): Promise<AdminAreaList> => ({ areas: await areas.all() }));

  scope.post("/api/admin/areas", async (request, reply) => {
    const area = parseOr400(newAreaSchema, request.body);
    const added = await areas.add(area);
    request.log.info({ area: added.name }, "area added");
    return reply.code(201).send(added);
  });

  scope.put("/api/admin/areas/:name", async (request) => {
    const { name } = parseOr400(areaParamsSchema, request.params);
    const { active } = parseOr400(areaActiveSchema, request.body);
    const area = await areas.setActive(name, active);
    request.log.info({ area: area.name, active }, "area shown or hidden");
    return area;
  });
}
