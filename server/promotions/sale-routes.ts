// [Ours] The owner's scheduled sales (issue 51): /api/admin/sales, registered inside the admin scope
// (server/admin/routes.ts), whose hook answers 401 or 403 first. Routes are thin: the rules are
// scheduled-sales.ts's. A save that makes a sale due now (or ends one) sweeps at once, so the prices
// change with the press, not at the job's next second, and the catalogue's caches are told.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type ScheduledSale, saleEndSchema, saleIdParamsSchema, saleInputSchema } from "#shared/scheduled-sales.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import { sweepAndTell } from "./sale-job.ts";
import { addSale, endSale, listSales, removeSale, saleById, updateSale } from "./scheduled-sales.ts";

export function registerSaleRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  const sweepNow = () => sweepAndTell(deps.db, scope.catalogChanges);
  /**
   * The sale as it stands once every sweep has let it go: the job's own sweep (each second, and at
   * the start's moment) may hold the sale's row, starting it, while this press's sweep skips it
   * (skip locked); the answer waits for that transaction rather than say "Scheduled" of a sale that
   * is on a moment later (seen on CI: the owner's 'Start now' answered "Scheduled").
   */
  const settled = async (id: string) => {
    await deps.db.execute(sql`select id from sales where id = ${id} for update`);
    return saleById(deps.db, id);
  };

  scope.get("/api/admin/sales", async (): Promise<{ sales: ScheduledSale[] }> => ({ sales: await listSales(deps.db) }));

  scope.post("/api/admin/sales", async (request, reply) => {
    const admin = adminOf(request);
    const added = await addSale(deps.db, parseOr400(saleInputSchema, request.body), admin.id);
    request.log.info({ saleId: added._id, adminId: admin.id }, "scheduled a sale");
    await sweepNow();
    // As it is after the sweep: a sale that starts now answers "on".
    return reply.code(201).send(await settled(added._id));
  });

  scope.put("/api/admin/sales/:id", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(saleIdParamsSchema, request.params);
    await updateSale(deps.db, id, parseOr400(saleInputSchema, request.body), admin.id);
    request.log.info({ saleId: id, adminId: admin.id }, "saved a sale");
    await sweepNow();
    return settled(id);
  });

  scope.post("/api/admin/sales/:id/end", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(saleIdParamsSchema, request.params);
    const { endsAt } = parseOr400(saleEndSchema, request.body);
    const repriced = await endSale(deps.db, id, endsAt);
    request.log.info({ saleId: id, adminId: admin.id, endsAt }, "moved a sale's end");
    // Its products' pages say when it ends ("Sale ends in 2 days"): they are told of the new end.
    if (repriced.length > 0) scope.catalogChanges.publish({ productIds: repriced });
    await sweepNow();
    return settled(id);
  });

  scope.delete("/api/admin/sales/:id", async (request, reply) => {
    const admin = adminOf(request);
    const { id } = parseOr400(saleIdParamsSchema, request.params);
    await removeSale(deps.db, id);
    request.log.info({ saleId: id, adminId: admin.id }, "removed a sale");
    return reply.code(204).send();
  });
}
