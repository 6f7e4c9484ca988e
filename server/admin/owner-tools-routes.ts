// The owner's paperwork and stock work (issue 18): packing slips, CSV exports and the stock grid.
// Registered inside the admin scope, so every route here is admin-only like the rest.
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  exportFileName,
  ordersExportQuerySchema,
  payoutsExportQuerySchema,
  payoutsFileName,
  productsExportQuerySchema,
} from "#shared/exports.ts";
import { slipsQuerySchema } from "#shared/slips.ts";
import { stockGridInputSchema, stockGridQuerySchema } from "#shared/stock-grid.ts";
import { parseOr400 } from "../http/errors.ts";
import type { AdminDeps } from "./deps.ts";
import { ordersCsv, productsCsv } from "./exports.ts";
import { payoutsCsv } from "./payouts-export.ts";
import { loadPackingSlips } from "./slips.ts";
import { loadStockGrid, saveStockGrid } from "./stock-grid.ts";

function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(csv);
}

export function registerOwnerToolRoutes(scope: FastifyInstance, deps: AdminDeps): void {
  scope.get("/api/admin/slips", async (request, reply) => {
    const { ids } = parseOr400(slipsQuerySchema, request.query);
    reply.header("cache-control", "no-store");
    return loadPackingSlips(deps.db, ids, deps.shop);
  });

  scope.get("/api/admin/exports/orders.csv", async (request, reply) =>
    sendCsv(
      reply,
      exportFileName("orders"),
      await ordersCsv(deps.db, parseOr400(ordersExportQuerySchema, request.query)),
    ),
  );

  scope.get("/api/admin/exports/products.csv", async (request, reply) =>
    sendCsv(
      reply,
      exportFileName("products"),
      await productsCsv(deps.db, parseOr400(productsExportQuerySchema, request.query)),
    ),
  );

  // The accountant's: every parcel settled in the period, its expectation and what was paid.
  scope.get("/api/admin/exports/payouts.csv", async (request, reply) => {
    const period = parseOr400(payoutsExportQuerySchema, request.query);
    return sendCsv(reply, payoutsFileName(period), await payoutsCsv(deps.db, period));
  });

  scope.get("/api/admin/stock", async (request) =>
    loadStockGrid(deps.db, parseOr400(stockGridQuerySchema, request.query).category),
  );

  scope.put("/api/admin/stock", async (request) => {
    const { changes } = parseOr400(stockGridInputSchema, request.body);
    const saved = await saveStockGrid(deps.db, changes);
    scope.catalogChanges.publish({ productIds: saved.productIds });
    return { changed: changes.length, products: saved.products };
  });
}
