// The account half of docs/product.md section 7, under /api. Each route: rate limit, authenticate,
// parse with the shared schema, call the service, reply.
import type { FastifyInstance } from "fastify";
import {
  INVALID_LOGIN,
  loginSchema,
  mySizeSchema,
  PASSWORD_CHANGED,
  RESET_REQUESTED,
  resetConfirmSchema,
  resetSchema,
  SIGN_UP_SUCCESS,
  SIGNED_OUT,
  signupSchema,
  verifyEmailSchema,
} from "#shared/accounts.ts";
import type { FieldMessages } from "#shared/validation.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { badRequest, parseOr400, unauthorized, ValidationError } from "../http/errors.ts";
import type { MailWaker } from "../mail/queue.ts";
import { registerRateLimits, tooManyAttempts } from "../plugins/rate-limit.ts";
import type { Auth } from "./auth.ts";
import { createKnownDevices } from "./known-devices.ts";
import { createLockout } from "./lockout.ts";
import { createResetService } from "./reset.ts";
import { createAccountService, toAccountUser } from "./service.ts";
import { createEmailVerification } from "./verification.ts";

export interface AccountDeps {
  db: Db;
  config: Config;
  auth: Auth;
  /** Sends the mails sign-up and reset queued in their transactions (server/mail/queue.ts). */
  outbox: MailWaker;
}

export async function registerAccountRoutes(app: FastifyInstance, deps: AccountDeps): Promise<void> {
  // An encapsulated scope: the rate-limit plugin and its hooks apply to these routes only.
  await app.register(async (scope) => {
    const { db, config, auth, outbox } = deps;
    const limits = await registerRateLimits(scope, config);
    const verification = createEmailVerification({
      db,
      publicUrl: config.publicUrl,
      secret: config.confirmLinkSecret,
    });
    const accounts = createAccountService(db, { welcomeMail: (user) => verification.linkMail(user) });
    const devices = createKnownDevices(db, {
      secret: config.confirmLinkSecret,
      secure: config.publicUrl.startsWith("https://"),
    });
    const lockout = createLockout({ ...limits, devices });
    const resets = createResetService({ db, publicUrl: config.publicUrl });

    scope.post("/api/user/signup", { config: { rateLimit: limits.signup } }, async (request, reply) => {
      const input = parseOr400(signupSchema, request.body);
      const result = await accounts.signup(input);
      if (!result.ok) throw refusal(result);
      // The answer stays SPEC's; the 'confirm your e-mail' mail, queued with the account, leaves now.
      outbox.wake();
      return reply.code(201).send({ message: SIGN_UP_SUCCESS, user: result.user });
    });

    // The press on the sign-up mail's link page (a POST: mail scanners open links, they do not press).
    scope.post("/api/user/verify-email", { config: { rateLimit: limits.resetConfirm } }, async (request) => {
      const { token } = parseOr400(verifyEmailSchema, request.body);
      const result = await verification.verify(token);
      if (!result.ok) throw badRequest(result.message);
      return { message: result.message };
    });

    scope.post("/api/user/login", { config: { rateLimit: limits.login } }, async (request, reply) => {
      const input = parseOr400(loginSchema, request.body);
      const attempt = { email: input.email, address: request.ip, cookies: request.headers.cookie };
      const { wait, deviceId } = await lockout.check(attempt);
      if (wait > 0) throw tooManyAttempts(wait);
      const session = await accounts.login(input);
      if (!session) {
        await lockout.failed(attempt, deviceId);
        throw unauthorized(INVALID_LOGIN);
      }
      reply.header("set-cookie", await lockout.succeeded(attempt, deviceId));
      return session;
    });

    scope.get("/api/user/my-details", async (request) => {
      const user = await auth.user(request);
      return { user: { ...toAccountUser(user), shoeSize: await accounts.shoeSize(user.id) } };
    });

    // The shopper's own size, so every list can offer it on any device they sign in on.
    scope.put("/api/user/my-size", async (request) => {
      const user = await auth.user(request);
      const { size } = parseOr400(mySizeSchema, request.body);
      await accounts.setShoeSize(user.id, size);
      return { shoeSize: size };
    });

    scope.post("/api/user/logout", async (request) => {
      const user = await auth.user(request);
      await accounts.logout(user.token);
      return { message: SIGNED_OUT };
    });

    scope.post("/api/user/reset-password", { config: { rateLimit: limits.reset } }, async (request) => {
      const input = parseOr400(resetSchema, request.body);
      const result = await resets.request(input);
      if (!result.ok) throw refusal(result);
      outbox.wake();
      return { message: RESET_REQUESTED };
    });

    scope.post(
      "/api/user/reset-password/confirm",
      { config: { rateLimit: limits.resetConfirm } },
      async (request, reply) => {
        const input = parseOr400(resetConfirmSchema, request.body);
        const result = await resets.confirm(input);
        if (!result.ok) {
          throw result.field
            ? new ValidationError(result.message, { [result.field]: result.message })
            : badRequest(result.message);
        }
        // Whoever holds the mailbox and chose the password is the owner: this browser may sign in
        // even while unknown browsers wait (server/accounts/lockout.ts).
        if (result.email) reply.header("set-cookie", await devices.cookieFor(result.email));
        return { message: PASSWORD_CHANGED };
      },
    );
  });
}

/** A 400 with the fields the refusal is about, or a plain one when it names none. */
const refusal = (result: { message: string; fields?: FieldMessages }) =>
  result.fields ? new ValidationError(result.message, result.fields) : badRequest(result.message);
