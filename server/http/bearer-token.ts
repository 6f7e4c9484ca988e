// The session token an API request carries: `Authorization: Bearer <token>`.
import type { FastifyRequest } from "fastify";

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}
