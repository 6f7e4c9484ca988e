// The cart calls of docs/product.md section 7, under /api. Each answers the whole cart, so a client
// can replace its copy with the server's.
import type { FastifyInstance } from "fastify";
import { cartAddSchema, cartRemoveSchema, cartUpdateSchema } from "#shared/cart.ts";
import type { Auth } from "../accounts/auth.ts";
import type { Db } from "../db/client.ts";
import { parseOr400 } from "../http/errors.ts";
import { type CartService, createCartService } from "./service.ts";

export function registerCartRoutes(root: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  const cart = createCartService(deps.db);
  root.register(async (app) => cartRoutes(app, deps.auth, cart));
}

async function cartRoutes(app: FastifyInstance, auth: Auth, cart: CartService): Promise<void> {
  // Clients often send `Content-Type: application/json` on a DELETE without a body; inside the
  // cart routes an empty JSON body means "no body" instead of a 400.
  // Anything else goes to Fastify's own parser, which refuses __proto__ and constructor keys.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, done);
  });

  app.get("/api/user/cart", async (request) => {
    const user = await auth.user(request);
    return cart.get(user.id);
  });

  app.post("/api/user/cart/add", async (request) => {
    const user = await auth.user(request);
    const line = parseOr400(cartAddSchema, request.body);
    return cart.add(user.id, line);
  });

  // Without a size, every line of the product goes (the spec's client sends only productId).
  app.delete("/api/user/cart/remove", async (request) => {
    const user = await auth.user(request);
    const input = parseOr400(cartRemoveSchema, request.body);
    return cart.remove(user.id, input);
  });

  app.put("/api/user/cart/update", async (request) => {
    const user = await auth.user(request);
    const input = parseOr400(cartUpdateSchema, request.body);
    return cart.update(user.id, input);
  });

  app.delete("/api/user/cart/clear", async (request) => {
    const user = await auth.user(request);
    return cart.clear(user.id);
  });
}
