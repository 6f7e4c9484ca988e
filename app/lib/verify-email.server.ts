// The loader half of /verify-email?token=… : before any press, whether the link's address is proven
// already (an order confirmed from its mail proves it too, docs/decisions/024-proven-addresses.md),
// so the page does not ask again; and a link that cannot be used says why at once (the page itself
// answers 200, as the password reset's link page does). Reading proves nothing (mail scanners open
// links): only the page's button, a POST, does.
import { verifyEmailSchema } from "#shared/accounts.ts";
import type { AppContext } from "./context.server.ts";

export type VerifyEmailPage =
  | { token: string; proven: boolean; problem: null }
  | { token: null; proven: false; problem: string | null };

export async function loadVerifyEmail(context: AppContext, request: Request): Promise<VerifyEmailPage> {
  const given = new URL(request.url).searchParams.get("token");
  // No token at all: the page says how to open the link again (its own words).
  if (!given) return { token: null, proven: false, problem: null };
  const parsed = verifyEmailSchema.safeParse({ token: given });
  if (!parsed.success) return { token: null, proven: false, problem: parsed.error.issues[0]?.message ?? null };
  const state = await context.verification.read(parsed.data.token);
  if (!state.ok) return { token: null, proven: false, problem: state.message };
  return { token: parsed.data.token, proven: state.proven, problem: null };
}
