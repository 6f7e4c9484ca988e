// The three choices of a failed delivery (issue 49), big enough for a thumb: try again tomorrow
// (sent at once), correct the address or phone (opens the form), cancel the order (asks "Are you
// sure?" first). They are submit buttons of a real POST form: before hydration the press is held
// and replayed (app/lib/early-taps.ts), and without JavaScript the server answers the post itself
// (server/web/no-script/forms.ts): it sends the choice, or, for the two that need a second step,
// answers this page with the form opened or the question asked in place (the posted choice says which).
import { LoaderCircle, MapPinPen, PackageX, RotateCcw } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { KarachiArea } from "#shared/areas.ts";
import {
  ATTEMPT_CHOICE_LABELS,
  ATTEMPT_PAGE_TEXTS,
  type AttemptChoice,
  type AttemptPage,
  attemptAnswerSchema,
} from "#shared/delivery-attempts.ts";
import { orderNumber } from "#shared/order-words.ts";
import { type FieldMessages, summariseIssues } from "#shared/validation.ts";
import { api } from "../../lib/api-client.ts";
import { FormAlert } from "../account/FormAlert.tsx";
import { usePostedForm } from "../account/posted-form.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { AttemptCorrection, CORRECTION_FIELDS, type Correction } from "./AttemptCorrection.tsx";

export interface AttemptChoicesProps {
  token: string;
  page: AttemptPage;
  areas: readonly KarachiArea[];
  onAnswered: (page: AttemptPage) => void;
  /** The press was refused as too late (answered meanwhile, closed) or the link is gone: read the page again. */
  onRefused: () => void;
}

const CHOICE =
  "flex min-h-14 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left text-lg font-semibold disabled:cursor-not-allowed disabled:opacity-60";
const STYLE: Record<AttemptChoice, string> = {
  reattempt: `${CHOICE} border-brand-700 bg-brand-700 text-white hover:bg-brand-600`,
  correct: `${CHOICE} border-stone-400 bg-white text-stone-900 hover:border-brand-700 hover:text-brand-700 aria-expanded:border-brand-700`,
  cancel: `${CHOICE} border-stone-400 bg-white text-red-800 hover:border-red-700`,
};
const ICON: Record<AttemptChoice, ReactNode> = {
  reattempt: <RotateCcw aria-hidden="true" className="size-6 shrink-0" />,
  correct: <MapPinPen aria-hidden="true" className="size-6 shrink-0" />,
  cancel: <PackageX aria-hidden="true" className="size-6 shrink-0" />,
};

export function AttemptChoices({ token, page, areas, onAnswered, onRefused }: AttemptChoicesProps) {
  const id = useId();
  const posted = usePostedForm();
  const postedChoice = posted?.fields.choice;
  // The server's line after a plain post: a question it asks in place is not a refusal.
  const asked =
    posted?.notice === ATTEMPT_PAGE_TEXTS.cancelAskAgain || posted?.notice === ATTEMPT_PAGE_TEXTS.correctionAsk;
  const [busy, setBusy] = useState<AttemptChoice | null>(null);
  const [correcting, setCorrecting] = useState<"pressed" | "posted" | null>(
    postedChoice === "correct" ? "posted" : null,
  );
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(asked ? undefined : posted?.notice);
  const [errors, setErrors] = useState<FieldMessages>({});
  const cancelButton = useRef<HTMLButtonElement>(null);
  const formId = `${id}-correction`;
  // Without JavaScript, "Cancel my order" came back with the question: the page asks it in place.
  const confirmingCancel = postedChoice === "cancel" && posted?.notice === ATTEMPT_PAGE_TEXTS.cancelAskAgain;

  /** Marks the refused fields; a refusal no field of the form explains (the link, the choice) is said over it. */
  function refuse(fields: FieldMessages, message: string) {
    setErrors(fields);
    setProblem(CORRECTION_FIELDS.some((name) => fields[name]) ? undefined : message);
  }

  async function send(choice: AttemptChoice, correction?: Correction) {
    const body = { token, choice, ...correction };
    const checked = attemptAnswerSchema.safeParse(body);
    if (!checked.success) {
      const summary = summariseIssues(checked.error);
      return refuse(summary.fields, summary.message);
    }
    setBusy(choice);
    setProblem(undefined);
    setErrors({});
    const result = await api<AttemptPage>("/api/delivery-attempts/answer", { method: "POST", json: body });
    setBusy(null);
    if (result.ok) return onAnswered(result.body);
    refuse(result.error.fields, result.error.message);
    // 409: answered meanwhile (another tab, the owner by phone) or no longer open; 404: the link is dead.
    if (result.status === 409 || result.status === 404) onRefused();
  }

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const pressed = (event.nativeEvent as SubmitEvent).submitter;
    const choice = pressed instanceof HTMLButtonElement ? pressed.value : "";
    if (choice === "reattempt") void send("reattempt");
    else if (choice === "correct") setCorrecting(correcting ? null : "pressed");
    else if (choice === "cancel") setAsking(true);
  }

  const choiceButton = (choice: AttemptChoice, extra: { ref?: typeof cancelButton; expanded?: boolean } = {}) => (
    <button
      ref={extra.ref}
      type="submit"
      name="choice"
      value={choice}
      className={STYLE[choice]}
      disabled={busy !== null}
      aria-busy={busy === choice || undefined}
      aria-expanded={extra.expanded}
      aria-controls={extra.expanded ? formId : undefined}
      aria-haspopup={choice === "cancel" ? "dialog" : undefined}
    >
      {busy === choice ? (
        <LoaderCircle aria-hidden="true" className="size-6 shrink-0 animate-spin motion-reduce:animate-none" />
      ) : (
        ICON[choice]
      )}
      {ATTEMPT_CHOICE_LABELS[choice]}
    </button>
  );

  return (
    <section aria-labelledby={`${id}-question`} className="space-y-4">
      <div>
        <h2 id={`${id}-question`} className="text-xl font-bold">
          {ATTEMPT_PAGE_TEXTS.question}
        </h2>
        {/* The live region stays in the page; only a message takes room. */}
        <div className="has-[p]:mt-3">
          <FormAlert id={`${id}-alert`} message={correcting ? undefined : problem} />
        </div>
      </div>
      {confirmingCancel ? (
        <CancelInPlace token={token} busy={busy === "cancel"} onSure={() => void send("cancel")} />
      ) : null}
      <form method="post" onSubmit={choose} className="flex flex-col gap-3">
        {choiceButton("reattempt")}
        {choiceButton("correct", { expanded: correcting !== null })}
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          title={ATTEMPT_PAGE_TEXTS.cancelQuestion}
          description={`Order ${orderNumber(page.order)}. ${ATTEMPT_PAGE_TEXTS.cancelWarning}`}
          keepLabel={ATTEMPT_PAGE_TEXTS.keepOrder}
          actLabel={ATTEMPT_PAGE_TEXTS.cancelYes}
          onAct={() => {
            setAsking(false);
            void send("cancel");
          }}
          returnFocus={cancelButton}
        >
          {choiceButton("cancel", { ref: cancelButton })}
        </ConfirmDialog>
      </form>
      {correcting ? (
        <AttemptCorrection
          id={formId}
          areas={areas}
          busy={busy === "correct"}
          problem={problem}
          errors={errors}
          focusOnOpen={correcting === "pressed"}
          onSend={(correction) => void send("correct", correction)}
        />
      ) : null}
    </section>
  );
}

/**
 * "Are you sure?" asked by the page itself, after "Cancel my order" was posted without JavaScript: a
 * form of its own that says so (sure=yes), and the way back to the page as it was.
 */
function CancelInPlace({ token, busy, onSure }: { token: string; busy: boolean; onSure: () => void }) {
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSure();
      }}
      aria-labelledby="cancel-sure"
      className="space-y-3 rounded-2xl border-2 border-red-700 bg-red-50 p-4"
    >
      <p id="cancel-sure" className="text-lg font-bold text-red-900">
        {ATTEMPT_PAGE_TEXTS.cancelQuestion}
      </p>
      <p className="text-stone-800">{ATTEMPT_PAGE_TEXTS.cancelWarning}</p>
      <input type="hidden" name="choice" value="cancel" />
      <input type="hidden" name="sure" value="yes" />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className="button-primary" disabled={busy} aria-busy={busy || undefined}>
          {ATTEMPT_PAGE_TEXTS.cancelYes}
        </button>
        <Link to={`/delivery-attempt?token=${encodeURIComponent(token)}`} className="button-secondary">
          {ATTEMPT_PAGE_TEXTS.keepOrder}
        </Link>
      </div>
    </form>
  );
}
