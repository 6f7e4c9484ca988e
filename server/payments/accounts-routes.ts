// [Ours] The shop's payment accounts (issue 50): the owner's /api/admin/payment-accounts, registered
// inside the admin scope (server/admin/routes.ts), whose hook answers 401 or 403 first; and
// GET /api/payment-accounts for everyone, what Track Your Order shows a customer asked for an advance.
import type { FastifyInstance } from "fastify";
import {
  type PaymentAccountList,
  type PublicPaymentAccountList,
  paymentAccountIdParamsSchema,
  paymentAccountInputSchema,
  paymentAccountOrderSchema,
} from "#shared/payment-accounts.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import {
  addPaymentAccount,
  listPaymentAccounts,
  orderPaymentAccounts,
  removePaymentAccount,
  updatePaymentAccount,
} from "./accounts.ts";

/**
 * Not `publicData`: it holds nothing personal, but an account the owner removed (a closed wallet)
 * must not be shown to a customer about to send money from a browser's or a proxy's copy, so the
 * answer keeps the /api default of `Cache-Control: no-store` (server/plugins/private-answers.ts).
 */
export function registerPaymentAccountRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get(
    "/api/payment-accounts",
    async (): Promise<PublicPaymentAccountList> => ({
      accounts: (await listPaymentAccounts(deps.db)).map(({ kind, provider, accountTitle, accountNumber }) => ({
        kind,
        provider,
        accountTitle,
        accountNumber,
      })),
    }),
  );
}

export function registerAdminPaymentAccountRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  scope.get(
    "/api/admin/payment-accounts",
    async (): Promise<PaymentAccountList> => ({ accounts: await listPaymentAccounts(deps.db) }),
  );

  scope.post("/api/admin/payment-accounts", async (request, reply) => {
    const admin = adminOf(request);
    const account = await addPaymentAccount(deps.db, parseOr400(paymentAccountInputSchema, request.body));
    request.log.info({ accountId: account._id, kind: account.kind, adminId: admin.id }, "added a payment account");
    return reply.code(201).send(account);
  });

  scope.put("/api/admin/payment-accounts/:id", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(paymentAccountIdParamsSchema, request.params);
    const account = await updatePaymentAccount(deps.db, id, parseOr400(paymentAccountInputSchema, request.body));
    request.log.info({ accountId: id, kind: account.kind, adminId: admin.id }, "saved a payment account");
    return account;
  });

  scope.delete("/api/admin/payment-accounts/:id", async (request, reply) => {
    const admin = adminOf(request);
    const { id } = parseOr400(paymentAccountIdParamsSchema, request.params);
    await removePaymentAccount(deps.db, id);
    request.log.info({ accountId: id, adminId: admin.id }, "removed a payment account");
    return reply.code(204).send();
  });

  scope.post("/api/admin/payment-accounts/order", async (request): Promise<PaymentAccountList> => {
    const admin = adminOf(request);
    const { ids } = parseOr400(paymentAccountOrderSchema, request.body);
    const accounts = await orderPaymentAccounts(deps.db, ids);
    request.log.info({ adminId: admin.id }, "ordered the payment accounts");
    return { accounts };
  });
}
