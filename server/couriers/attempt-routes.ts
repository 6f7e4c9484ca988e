// The customer's choice on a failed delivery (issue 49): no session, the signed token in the link is
// the permission. Reading the page changes nothing (mail scanners open links); only a press answers.
import type { FastifyInstance } from "fastify";
import { attemptAnswerSchema, attemptTokenQuerySchema } from "#shared/delivery-attempts.ts";
import { parseOr400 } from "../http/errors.ts";
import type { AttemptService } from "./attempts/service.ts";

export function registerAttemptRoutes(app: FastifyInstance, attempts: AttemptService): void {
  app.get("/api/delivery-attempts", async (request) => {
    const { token } = parseOr400(attemptTokenQuerySchema, request.query);
    return attempts.page(token);
  });

  app.post("/api/delivery-attempts/answer", async (request) => {
    const input = parseOr400(attemptAnswerSchema, request.body);
    const page = await attempts.answerByLink(input);
    request.log.info({ choice: input.choice }, "delivery attempt answered");
    return page;
  });
}
