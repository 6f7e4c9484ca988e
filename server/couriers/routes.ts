// /api/admin/couriers: the owner's couriers (list, add, change), registered inside the admin scope
// (server/admin/routes.ts), whose hook answers 401 or 403 first.
import type { FastifyInstance } from "fastify";
import { courierIdParamsSchema, courierInputSchema } from "#shared/couriers.ts";
import type { AdminDeps } from "../admin/deps.ts";
import { parseOr400 } from "../http/errors.ts";
import { addCourier, changeCourier, listCouriers } from "./couriers.ts";

export function registerCourierRoutes(scope: FastifyInstance, deps: AdminDeps): void {
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
}
