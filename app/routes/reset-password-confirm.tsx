// /reset-password/confirm?token=... : the page the reset mail links to (GUIDE.md section 3). The new
// password is set only when the person presses the button, never on page load, because mail
// scanners open links. Confirming ends every session of the user, this browser's included.
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { RESET_LINK_MINUTES } from "#shared/accounts.ts";
import { AuthCard, cardLinkClass } from "../components/account/AuthCard.tsx";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { SubmitButton } from "../components/account/SubmitButton.tsx";
import { NETWORK_ERROR, postJson } from "../lib/account-api.ts";
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

type Outcome = { ok: true; message: string } | { ok: false; message: string };

export default function ConfirmResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(undefined);
    const result = await postJson("/api/user/reset-password/confirm", { token });
    if (result.ok) {
      // Every session ended on the server, so the token kept here no longer works.
      signOutLocally();
      setOutcome({ ok: true, message: result.message ?? "Your password has been changed." });
    } else {
      setOutcome({ ok: false, message: result.message ?? (result.status === 0 ? NETWORK_ERROR : CONFIRM_FAILED) });
    }
    setBusy(false);
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
          Press the button to set the new password you chose. For your safety this{" "}
          <strong>signs you out on every device</strong>; then sign in again with the new password. The link works once
          and expires {RESET_LINK_MINUTES} minutes after you asked for it.
        </p>
      }
      footer={
        <>
          <p>Did not ask for this? Just close this page: your password stays as it is.</p>
          <p>
            Link expired or used?{" "}
            <Link to="/reset-password" className={cardLinkClass}>
              Ask for a new link
            </Link>
          </p>
        </>
      }
    >
      {token ? (
        <form method="post" onSubmit={confirm} className="flex flex-col gap-4">
          <FormAlert id="confirm-result" message={outcome?.message} />
          <SubmitButton busy={busy} label="Confirm new password" busyLabel="Confirming…" />
        </form>
      ) : (
        <FormAlert id="confirm-result" message={NO_TOKEN} />
      )}
    </AuthCard>
  );
}
