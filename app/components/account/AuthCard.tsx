// The centred card the account pages share: a heading, a short intro, the form and links below.
import type { ReactNode } from "react";
import { NEEDS_SCRIPTS_NOTICE, NOT_LOADED_NOTICE } from "#shared/posted-form.ts";
import { WhatsAppWayOn } from "../no-script/NoScriptNote.tsx";
import { FormAlert } from "./FormAlert.tsx";
import { usePostedForm } from "./posted-form.ts";

export function AuthCard(props: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  // The form was posted as a plain form before the page could send it itself: nothing was done.
  const posted = usePostedForm();
  return (
    <div className="page flex justify-center">
      <section
        aria-labelledby="auth-card-title"
        className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h1 id="auth-card-title" className="page-title">
          {props.title}
        </h1>
        {props.intro && <div className="mt-2 text-stone-700">{props.intro}</div>}
        {posted && (
          <div className="mt-4">
            <FormAlert id="auth-card-posted" message={posted.notice ?? NOT_LOADED_NOTICE} />
            {posted.notice === NEEDS_SCRIPTS_NOTICE && <WhatsAppWayOn>Or order with us directly:</WhatsAppWayOn>}
          </div>
        )}
        <div className="mt-6">{props.children}</div>
        {props.footer && (
          <div className="mt-6 space-y-2 border-t border-stone-200 pt-5 text-sm text-stone-700">{props.footer}</div>
        )}
      </section>
    </div>
  );
}

/** A link in the card's footer or text, underlined so it is not told apart by colour alone. */
export const cardLinkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600";
