// /verify-email?token=… : the page the sign-up's 'confirm your e-mail' mail links to (docs/decisions/024).
// Opening it changes nothing (mail scanners open links); one press proves the address, after which
// the shop's mails about the account's orders greet its owner by name and repeat the address typed.
// Someone who did not sign up can close it: the mails to their address keep to the shop's own words.
// An address already proven (an order confirmed from its mail proves it too) is said so, with no
// button: the page does not ask again (issue 46); a link that cannot be used says why before a press.
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { EMAIL_ALREADY_VERIFIED } from "#shared/account-words.ts";
import { AuthCard, cardLinkClass } from "../components/account/AuthCard.tsx";
import { FormAlert } from "../components/account/FormAlert.tsx";
import { SubmitButton } from "../components/account/SubmitButton.tsx";
import { api, messageOf } from "../lib/api-client.ts";
import { services } from "../lib/context.server.ts";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { loadVerifyEmail } from "../lib/verify-email.server.ts";
import type { Route } from "./+types/verify-email.ts";

const VERIFY_FAILED = "We could not confirm your e-mail address. Please open the link from the e-mail again.";
const NO_TOKEN = "This link is incomplete. Please open the link from the e-mail again, exactly as it was sent.";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Confirm your e-mail address",
    description: "Confirm the e-mail address of your Shoe Shop account.",
    publicUrl: publicUrlOf(matches),
    path: "/verify-email",
    noindex: true,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadVerifyEmail(services(context), request);
}

type Outcome = { ok: boolean; message: string };

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { token, proven, problem } = loaderData;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || token === null) return;
    setBusy(true);
    setOutcome(undefined);
    const result = await api("/api/user/verify-email", { method: "POST", json: { token } });
    setBusy(false);
    if (result.ok) {
      setOutcome({ ok: true, message: messageOf(result.body) ?? "Your e-mail address is confirmed." });
      return;
    }
    setOutcome({
      ok: false,
      message: result.status === 0 || messageOf(result.body) ? result.error.message : VERIFY_FAILED,
    });
  }

  if (outcome?.ok || proven) {
    return (
      <AuthCard title="E-mail address confirmed">
        <FormAlert id="verify-result" tone="success" message={outcome?.message ?? EMAIL_ALREADY_VERIFIED} />
        <p className="mt-4 text-stone-700">
          From now on our e-mails about your orders greet you by name and repeat the delivery address you gave.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/" className="button-primary w-full">
            Continue shopping
          </Link>
          <Link to="/TrackOrder" className="button-secondary w-full">
            Track Your Order
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Confirm your e-mail address"
      intro={
        <p>
          One press confirms that this e-mail address is yours. Until then, our e-mails about the account's orders carry
          only our own words: no name and no delivery address.
        </p>
      }
      footer={
        <>
          <p>Did not sign up with us? It is safe to close this page: nothing happens unless you press the button.</p>
          <p>
            Questions?{" "}
            <Link to="/contact" className={cardLinkClass}>
              Contact us
            </Link>
          </p>
        </>
      }
    >
      {!token ? (
        <FormAlert id="verify-result" message={problem ?? NO_TOKEN} />
      ) : (
        <form method="post" onSubmit={confirm} className="flex flex-col gap-4">
          <FormAlert id="verify-result" message={outcome?.message} />
          <SubmitButton busy={busy} label="Confirm my e-mail address" busyLabel="Confirming…" />
        </form>
      )}
    </AuthCard>
  );
}
