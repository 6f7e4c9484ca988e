// /reset-password of docs/product.md section 2: Email, New Password, Confirm Password, all required. When the
// two passwords differ, 'Passwords do not match!' shows and nothing is sent (section 5). The server
// mails a link that confirms the change (docs/architecture.md section 3); its message shows as a toast and on /login.
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PASSWORD_MIN, PASSWORDS_DO_NOT_MATCH } from "#shared/account-words.ts";
import { AuthCard, cardLinkClass } from "../components/account/AuthCard.tsx";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { SubmitButton } from "../components/account/SubmitButton.tsx";
import { TextField } from "../components/account/TextField.tsx";
import { api, messageOf } from "../lib/api-client.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/reset-password.ts";

export const RESET_FAILED = "Failed to reset password";

type Field = "email" | "newPassword" | "confirmPassword";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Reset Password",
    description: "Choose a new password for your Shoe Shop account; we e-mail you a link to confirm it.",
    publicUrl: publicUrlOf(matches),
    path: "/reset-password",
  });
}

const FIELDS: readonly Field[] = ["email", "newPassword", "confirmPassword"];

export default function ResetPassword() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: "", newPassword: "", confirmPassword: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Field[] }>();
  const invalid = (field: Field) => error?.fields.includes(field) ?? false;
  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (form.newPassword !== form.confirmPassword) {
      setError({ message: PASSWORDS_DO_NOT_MATCH, fields: ["confirmPassword"] });
      toast.error(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setBusy(true);
    setError(undefined);
    const result = await api("/api/user/reset-password", { method: "POST", json: form });
    if (result.ok) {
      const message = messageOf(result.body) ?? "Check your e-mail for a link to confirm your new password.";
      toast.success(message);
      navigate("/login", { state: { email: form.email.trim(), notice: message } });
      return;
    }
    // The toast is the spec's; the server's reason (a weak password, too many attempts) shows inline.
    const { message, fields } = result.error;
    const reason = result.status === 0 || messageOf(result.body) ? message : RESET_FAILED;
    // The server names the fields it refused (`{ message, fields }`): those are marked invalid.
    setError({ message: reason, fields: FIELDS.filter((field) => field in fields) });
    toast.error(RESET_FAILED);
    setBusy(false);
  }

  return (
    <AuthCard
      title="Reset Password"
      intro="Enter your email and a new password. We will e-mail you a link: your password changes only when you open it."
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/login" className={cardLinkClass}>
            Back to Login
          </Link>
        </p>
      }
    >
      <form method="post" onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          id="reset-email"
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={form.email}
          onChange={change("email")}
          invalid={invalid("email")}
          errorId="reset-error"
        />
        <TextField
          id="reset-new-password"
          name="newPassword"
          label="New Password"
          type="password"
          required
          autoComplete="new-password"
          hint={`Use at least ${PASSWORD_MIN} characters.`}
          value={form.newPassword}
          onChange={change("newPassword")}
          invalid={invalid("newPassword")}
          errorId="reset-error"
        />
        <TextField
          id="reset-confirm-password"
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          required
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={change("confirmPassword")}
          invalid={invalid("confirmPassword")}
          errorId="reset-error"
        />
        <FormAlert id="reset-error" message={error?.message} />
        <SubmitButton busy={busy} label="Reset Password" busyLabel="Sending…" />
      </form>
    </AuthCard>
  );
}
