// [Ours] The owner's scheduled sales (issue 51): /api/admin/sales, registered inside the admin scope
// (server/admin/routes.ts), whose hook answers 401 or 403 first. Routes are thin: the rules are
// scheduled-sales.ts's. A save that makes a sale due now (or ends one) sweeps at once, so the prices
// change with the press, not at the job's next second, and the catalogue's caches are told.
import type { FastifyInstance } from "fastify";
import { type ScheduledSale, saleEndSchema, saleIdParamsSchema, saleInputSchema } from "#shared/scheduled-sales.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import { sweepSales } from "./sale-job.ts";
import { addSale, endSale, listSales, removeSale, updateSale } from "./scheduled-sales.ts";

export function registerSaleRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  async function sweepNow() {
    const sweep = await sweepSales(deps.db);
    if (sweep.productIds.length > 0) scope.catalogChanges.publish({ productIds: sweep.productIds });
  }
  /** The sale as the sweep left it: one saved to start now answers "on", not "scheduled". */
  const afterSweep = async (sale: ScheduledSale) =>
    (await listSales(deps.db)).find((each) => each._id === sale._id) ?? sale;

  scope.get("/api/admin/sales", async (): Promise<{ sales: ScheduledSale[] }> => ({ sales: await listSales(deps.db) }));

  scope.post("/api/admin/sales", async (request, reply) => {
    const admin = adminOf(request);
    const sale = await addSale(deps.db, parseOr400(saleInputSchema, request.body), admin.id);
    request.log.info({ saleId: sale._id, adminId: admin.id }, "scheduled a sale");
    await sweepNow();
    return reply.code(201).send(await afterSweep(sale));
  });

  scope.put("/api/admin/sales/:id", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(saleIdParamsSchema, request.params);
    const sale = await updateSale(deps.db, id, parseOr400(saleInputSchema, request.body), admin.id);
    request.log.info({ saleId: id, adminId: admin.id }, "saved a sale");
    await sweepNow();
    return afterSweep(sale);
  });

  scope.patch("/api/admin/sales/:id/end", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(saleIdParamsSchema, request.params);
    const { endsAt } = parseOr400(saleEndSchema, request.body);
    await endSale(deps.db, id, endsAt);
    request.log.info({ saleId: id, adminId: admin.id, endsAt }, "moved a sale's end");
    await sweepNow();
    return (await listSales(deps.db)).find((sale) => sale._id === id);
  });

  scope.delete("/api/admin/sales/:id", async (request, reply) => {
    const admin = adminOf(request);
    const { id } = parseOr400(saleIdParamsSchema, request.params);
    await removeSale(deps.db, id);
    request.log.info({ saleId: id, adminId: admin.id }, "removed a sale");
    return reply.code(204).send();
  });
}
