// /sign-up of docs/product.md section 2: Username, Email, Password and a link to login. No client checks
// beyond the input types (section 5); the server's message shows inline and as a toast (section 8).
// The page that asked for a sign-in (`?redirectTo=`) is kept on the way to /login, and so is the
// e-mail typed, both ways; the Add to Cart waiting for the sign-in is named above the form, and the
// password just chosen is filled in on /login (issue 46, lib/sign-up-handoff.ts).
import { ShoppingBag } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { PASSWORD_MIN, SIGN_UP_SUCCESS, USER_EXISTS } from "#shared/account-words.ts";
import { AuthCard, cardLinkClass } from "../components/account/AuthCard.tsx";
import { AuthNotice } from "../components/account/AuthNotice.tsx";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { SubmitButton } from "../components/account/SubmitButton.tsx";
import { TextField } from "../components/account/TextField.tsx";
import { api, messageOf } from "../lib/api-client.ts";
import { signUpToAdd, usePendingAddWords } from "../lib/pending-add.ts";
import { returnToOf, withReturnTo } from "../lib/return-to.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { handOverSignUp } from "../lib/sign-up-handoff.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/sign-up.ts";

export const ALREADY_IN_USE = "Username or email already in use!";
const SIGN_UP_FAILED = "Sign up failed";

type Field = "username" | "email" | "password";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Sign Up",
    description: "Create a Shoe Shop account to add shoes to your cart, order with cash on delivery and track orders.",
    publicUrl: publicUrlOf(matches),
    path: "/sign-up",
  });
}

const FIELDS: readonly Field[] = ["username", "email", "password"];

export default function SignUp() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = returnToOf(search);
  const loginHref = withReturnTo("/login", returnTo);
  const adding = usePendingAddWords(returnTo);
  // The e-mail typed on /login before "Create an account".
  const state = useLocation().state as { email?: unknown } | null;
  const [form, setForm] = useState({
    username: "",
    email: typeof state?.email === "string" ? state.email : "",
    password: "",
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Field[] }>();
  const invalid = (field: Field) => error?.fields.includes(field) ?? false;
  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const result = await api("/api/user/signup", { method: "POST", json: form });
    if (result.ok) {
      toast.success(SIGN_UP_SUCCESS);
      handOverSignUp({ email: form.email.trim(), password: form.password });
      navigate(loginHref, { state: { email: form.email.trim() } });
      return;
    }
    const { message: reason, fields } = result.error;
    // docs/product.md section 8 answers a taken account with a bare `{ message }`: both fields are the
    // taken ones. Any other refusal names its fields (`{ message, fields }`): those are marked.
    const taken = result.status === 400 && reason === USER_EXISTS;
    const message = taken ? ALREADY_IN_USE : result.status === 0 || messageOf(result.body) ? reason : SIGN_UP_FAILED;
    setError({ message, fields: taken ? ["username", "email"] : FIELDS.filter((field) => field in fields) });
    toast.error(message);
    setBusy(false);
  }

  return (
    <AuthCard
      title="Sign Up"
      intro="Create an account to shop, check out with cash on delivery and track your orders."
      footer={
        <p>
          Already have an account?{" "}
          <Link to={loginHref} state={{ email: form.email.trim() }} className={cardLinkClass}>
            Login
          </Link>
        </p>
      }
    >
      {adding && <AuthNotice icon={ShoppingBag}>{signUpToAdd(adding)}</AuthNotice>}
      <form method="post" onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          id="sign-up-username"
          name="username"
          label="Username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={form.username}
          onChange={change("username")}
          invalid={invalid("username")}
          errorId="sign-up-error"
        />
        <TextField
          id="sign-up-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={form.email}
          onChange={change("email")}
          invalid={invalid("email")}
          errorId="sign-up-error"
        />
        <TextField
          id="sign-up-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`Use at least ${PASSWORD_MIN} characters; a passphrase of a few words is easy to remember.`}
          value={form.password}
          onChange={change("password")}
          invalid={invalid("password")}
          errorId="sign-up-error"
        />
        <FormAlert id="sign-up-error" message={error?.message} />
        <SubmitButton busy={busy} label="Sign Up" busyLabel="Creating your account…" />
      </form>
    </AuthCard>
  );
}
