// The address book calls (issue 29), under /api/user like the other calls of the signed-in
// customer. Each: authenticate, parse with the shared schema, call the service, reply. Every answer
// is personal data: `Cache-Control: no-store` comes with every /api answer (plugins/private-answers.ts).
import type { FastifyInstance } from "fastify";
import { ADDRESS_MESSAGES, addressIdParamsSchema, addressInputSchema } from "#shared/addresses.ts";
import type { Auth } from "../accounts/auth.ts";
import { conflict, notFound, parseOr400 } from "../http/errors.ts";
import type { AddressService } from "./service.ts";

export function registerAddressRoutes(app: FastifyInstance, deps: { auth: Auth; addresses: AddressService }): void {
  const { auth, addresses } = deps;

  app.get("/api/user/addresses", async (request) => {
    const user = await auth.user(request);
    return addresses.list(user.id);
  });

  app.put("/api/user/addresses/:id", async (request) => {
    const user = await auth.user(request);
    const { id } = parseOr400(addressIdParamsSchema, request.params);
    const input = parseOr400(addressInputSchema, request.body);
    const edited = await addresses.edit(user.id, id, input);
    if (edited.ok) return edited.address;
    // Another customer's address answers as one that does not exist: its id tells nothing.
    throw edited.reason === "duplicate" ? conflict(ADDRESS_MESSAGES.duplicate) : notFound(ADDRESS_MESSAGES.notFound);
  });

  app.delete("/api/user/addresses/:id", async (request) => {
    const user = await auth.user(request);
    const { id } = parseOr400(addressIdParamsSchema, request.params);
    if (!(await addresses.remove(user.id, id))) throw notFound(ADDRESS_MESSAGES.notFound);
    return addresses.list(user.id);
  });
}
