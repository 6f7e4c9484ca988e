// /reset-password/confirm?token=... : the page the reset mail links to (docs/architecture.md section 3). It asks
// for the new password once more and the server compares it with the one chosen when asking, so
// neither a customer who did not ask (nor a mail scanner opening links) nor an asker without the
// mailbox can complete it. Wrong tries are limited; a dead link says to ask again. Confirming ends
// every session of the user, this browser's included.
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { RESET_CONFIRM_TRIES, RESET_LINK_MINUTES } from "#shared/account-words.ts";
import { AuthCard, cardLinkClass } from "../components/account/AuthCard.tsx";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { SubmitButton } from "../components/account/SubmitButton.tsx";
import { TextField } from "../components/account/TextField.tsx";
import { api, messageOf } from "../lib/api-client.ts";
import { signOutLocally } from "../lib/auth-actions.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import type { Route } from "./+types/reset-password-confirm.ts";

const CONFIRM_FAILED = "We could not confirm your new password. Please ask for a new link.";
const NO_TOKEN = "This link is incomplete. Please open the link from the e-mail again or ask for a new one.";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Confirm your new password",
    description: "Confirm the new password of your Shoe Shop account.",
    publicUrl: publicUrlOf(matches),
    path: "/reset-password/confirm",
    noindex: true,
  });
}

/** `field`: the password was wrong (try again); `dead`: the link can no longer be used. */
type Outcome = { ok: true; message: string } | { ok: false; message: string; field?: boolean; dead?: boolean };

export default function ConfirmResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [newPassword, setNewPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(undefined);
    const result = await api("/api/user/reset-password/confirm", { method: "POST", json: { token, newPassword } });
    setBusy(false);
    if (result.ok) {
      // Every session ended on the server, so the token kept here no longer works.
      signOutLocally();
      setOutcome({ ok: true, message: messageOf(result.body) ?? "Your password has been changed." });
      return;
    }
    const message = result.status === 0 || messageOf(result.body) ? result.error.message : CONFIRM_FAILED;
    // A 400 naming the password field: wrong password, try again. Any other 400: the link is dead.
    const field = result.status === 400 && "newPassword" in result.error.fields;
    setOutcome({ ok: false, message, field, dead: result.status === 400 && !field });
    if (field) {
      setNewPassword("");
      document.getElementById("confirm-new-password")?.focus();
    }
  }

  if (outcome?.ok) {
    return (
      <AuthCard title="Password changed">
        <FormAlert id="confirm-result" tone="success" message={outcome.message} />
        <Link to="/login" className="button-primary mt-6 w-full">
          Go to Login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Confirm your new password"
      intro={
        <p>
          Type the new password you chose when you asked for this link, to prove it was you. For your safety this{" "}
          <strong>signs you out on every device</strong>; then sign in again with the new password. The link works once,
          allows {RESET_CONFIRM_TRIES} tries and expires {RESET_LINK_MINUTES} minutes after you asked for it.
        </p>
      }
      footer={
        <>
          <p>Did not ask for this? It is safe to close this page: your password stays as it is.</p>
          <p>
            Link expired or used?{" "}
            <Link to="/reset-password" className={cardLinkClass}>
              Ask for a new link
            </Link>
          </p>
        </>
      }
    >
      {!token ? (
        <FormAlert id="confirm-result" message={NO_TOKEN} />
      ) : outcome?.ok === false && outcome.dead ? (
        <div className="flex flex-col gap-4">
          <FormAlert id="confirm-result" message={outcome.message} />
          <Link to="/reset-password" className="button-primary w-full">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <form method="post" onSubmit={confirm} className="flex flex-col gap-4">
          <TextField
            id="confirm-new-password"
            name="newPassword"
            label="New Password"
            type="password"
            required
            autoComplete="new-password"
            hint="The new password you typed on the reset password page."
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            invalid={outcome?.ok === false && outcome.field === true}
            errorId="confirm-result"
          />
          <FormAlert id="confirm-result" message={outcome?.message} />
          <SubmitButton busy={busy} label="Confirm new password" busyLabel="Confirming…" />
        </form>
      )}
    </AuthCard>
  );
}
