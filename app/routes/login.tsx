// /login of docs/product.md section 2: Email and Password, links to sign-up and reset-password. Failure says
// 'Invalid email or password' inline and as a toast (section 8); success saves user and token
// (section 4), says 'Login successful' and goes home, or back to the page that asked for the sign-in
// (`?redirectTo=`, lib/return-to.ts), completing the Add to Cart that sent the visitor here. A cart
// kept in this browser stays as it is. Above the form it says what that Add to Cart is, and after
// sign-up the e-mail and password arrive filled in (issue 46); the e-mail typed goes on to sign-up.
import { MailCheck, ShoppingBag, UserCheck } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { INVALID_LOGIN } from "#shared/account-words.ts";
import { AuthCard, cardLinkClass } from "../components/account/AuthCard.tsx";
import { AuthNotice } from "../components/account/AuthNotice.tsx";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { SubmitButton } from "../components/account/SubmitButton.tsx";
import { TextField } from "../components/account/TextField.tsx";
import { api, messageOf, OFFLINE_MESSAGE } from "../lib/api-client.ts";
import { type StoredUser, tokenStore, userStore } from "../lib/auth-store.ts";
import { addToLocalCart } from "../lib/cart-actions.ts";
import { cartStore } from "../lib/cart-store.ts";
import { mergeCartAfterSignIn } from "../lib/cart-sync.ts";
import { syncMySizeAfterSignIn } from "../lib/my-size.ts";
import { signInToAdd, takePendingAdd, usePendingAddWords } from "../lib/pending-add.ts";
import { returnToOf, withReturnTo } from "../lib/return-to.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { forgetSignUp, signedUpJustNow } from "../lib/sign-up-handoff.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/login.ts";

export const LOGIN_SUCCESS = "Login successful";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Login",
    description: "Sign in to your Shoe Shop account to shop, check out and track your orders.",
    publicUrl: publicUrlOf(matches),
    path: "/login",
  });
}

function sessionOf(body: unknown): { token: string; user: StoredUser } | undefined {
  const session = body as { token?: unknown; user?: Partial<StoredUser> } | undefined;
  if (typeof session?.token !== "string" || typeof session.user?._id !== "string") return undefined;
  return { token: session.token, user: session.user as StoredUser };
}

export default function Login() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const returnTo = returnToOf(search);
  // Sign-up and reset pass the e-mail on; reset also its message (the mail to look for).
  const state = location.state as { email?: unknown; notice?: unknown } | null;
  const notice = typeof state?.notice === "string" ? state.notice : undefined;
  // Straight from sign-up: what was just typed there (kept in memory only, lib/sign-up-handoff.ts).
  const [signedUp] = useState(signedUpJustNow);
  useEffect(forgetSignUp, []);
  const [email, setEmail] = useState(signedUp?.email ?? (typeof state?.email === "string" ? state.email : ""));
  const [password, setPassword] = useState(signedUp?.password ?? "");
  const adding = usePendingAddWords(returnTo);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const result = await api("/api/user/login", { method: "POST", json: { email, password } });
    const session = result.ok ? sessionOf(result.body) : undefined;
    if (!session) {
      // 429 says how long to wait; anything else is the one message of the spec, whatever the cause.
      const message =
        result.status === 429
          ? (messageOf(result.body) ?? INVALID_LOGIN)
          : result.status === 0
            ? OFFLINE_MESSAGE
            : INVALID_LOGIN;
      setError(message);
      toast.error(message);
      setBusy(false);
      return;
    }
    tokenStore.set(session.token);
    userStore.set(session.user);
    // The Add to Cart that sent the visitor here, when going back to its page: added to this
    // browser's cart, which the merge below sends up.
    const pending = takePendingAdd(returnTo);
    if (pending) addToLocalCart(pending);
    // Keeps what was added before signing in and brings in the cart from other devices.
    void mergeCartAfterSignIn(session.token).then(() => {
      const kept = cartStore.get().some((l) => l.productId === pending?.productId && l.size === pending.size);
      if (pending && !kept) toast.error("This size is out of stock.");
    });
    void syncMySizeAfterSignIn(session.token);
    toast.success(LOGIN_SUCCESS);
    if (pending) toast.success("Added to cart");
    navigate(returnTo ?? "/");
  }

  return (
    <AuthCard
      title="Login"
      intro="Welcome back! Sign in with your email and password."
      footer={
        <>
          <p>
            New here?{" "}
            <Link to={withReturnTo("/sign-up", returnTo)} state={{ email }} className={cardLinkClass}>
              Create an account
            </Link>
          </p>
          <p>
            <Link to="/reset-password" className={cardLinkClass}>
              Forgot your password?
            </Link>
          </p>
        </>
      }
    >
      {adding && <AuthNotice icon={ShoppingBag}>{signInToAdd(adding)}</AuthNotice>}
      {signedUp && (
        <AuthNotice icon={UserCheck}>
          Your account is ready, and your e-mail and password are filled in: press Login.
        </AuthNotice>
      )}
      {notice && <AuthNotice icon={MailCheck}>{notice}</AuthNotice>}
      <form method="post" onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          id="login-email"
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={Boolean(error)}
          errorId="login-error"
        />
        <TextField
          id="login-password"
          name="password"
          label="Password"
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={Boolean(error)}
          errorId="login-error"
        />
        <FormAlert id="login-error" message={error} />
        <SubmitButton busy={busy} label="Login" busyLabel="Signing in…" />
      </form>
    </AuthCard>
  );
}
