// /api/admin/risk-rules: the owner's cash-on-delivery rules and what each would have caught (issue 50).
// Inside the admin scope, so only an admin reaches them.
import type { FastifyInstance } from "fastify";
import { ruleDraftSchema, ruleIdParamsSchema, ruleInputSchema } from "#shared/risk-rules.ts";
import { adminOf } from "../accounts/admin-guard.ts";
import { parseOr400 } from "../http/errors.ts";
import type { AdminDeps } from "./deps.ts";
import { addRule, listRules, previewDraft, removeRule, updateRule } from "./risk-rules.ts";

export function registerRiskRuleRoutes(scope: FastifyInstance, deps: AdminDeps): void {
  scope.get("/api/admin/risk-rules", async () => listRules(deps.db));

  // A draft's counts, before it is saved: a POST, as the draft is a body, but it writes nothing.
  scope.post("/api/admin/risk-rules/preview", async (request) =>
    previewDraft(deps.db, parseOr400(ruleDraftSchema, request.body)),
  );

  scope.post("/api/admin/risk-rules", async (request, reply) => {
    const admin = adminOf(request);
    const rule = await addRule(deps.db, parseOr400(ruleInputSchema, request.body), admin.id);
    request.log.info({ ruleId: rule._id, enabled: rule.enabled, adminId: admin.id }, "added a risk rule");
    return reply.code(201).send(rule);
  });

  scope.put("/api/admin/risk-rules/:id", async (request) => {
    const admin = adminOf(request);
    const { id } = parseOr400(ruleIdParamsSchema, request.params);
    const rule = await updateRule(deps.db, id, parseOr400(ruleInputSchema, request.body), admin.id);
    request.log.info({ ruleId: id, enabled: rule.enabled, adminId: admin.id }, "saved a risk rule");
    return rule;
  });

  scope.delete("/api/admin/risk-rules/:id", async (request, reply) => {
    const admin = adminOf(request);
    const { id } = parseOr400(ruleIdParamsSchema, request.params);
    await removeRule(deps.db, id);
    request.log.info({ ruleId: id, adminId: admin.id }, "removed a risk rule");
    return reply.code(204).send();
  });
}
